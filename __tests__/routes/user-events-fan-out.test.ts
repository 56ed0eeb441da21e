import http from 'node:http';
import { createApp } from '../../routes/app';
import { createMemoryStore } from '../../routes/store/memory-store';
import { close, listen, rawGet, waitFor } from '../setup/stream-fixture';

/**
 * GET /users/events with many subscribers (issue 33: a write with 999 of them cost 12 times one
 * with none, a reconnect replaying the kept changes 8 times a GET): each change is serialized
 * once, for every stream that sends it, live or replayed.
 */
describe('GET /users/events, one change to many streams', () => {
  let server: http.Server;
  const service = createApp({ cache: false, store: createMemoryStore(), eventKeepAlive: 0 });
  const streams: http.IncomingMessage[] = [];

  beforeAll(async () => {
    server = await listen(http.createServer(service.app));
  });
  afterAll(async () => {
    for (const res of streams) res.destroy();
    await close(server);
  });

  /** A stream of the changes, its body as it comes. */
  async function subscribe(headers: http.OutgoingHttpHeaders = {}): Promise<() => string> {
    const res = await rawGet(server, '/users/events', { Accept: 'text/event-stream', ...headers });
    expect(res.statusCode).toBe(200);
    streams.push(res);
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    return () => text;
  }

  it('serializes a change once for every subscriber, and for a client replaying it after Last-Event-ID', async () => {
    const subscribers = await Promise.all(Array.from({ length: 5 }, () => subscribe()));
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      const created = await service.store.users.create({ name: 'Ada Lovelace', email: 'ada@example.com', role: 'editor' });
      const id = created.value.id;
      const sent = `"id":${JSON.stringify(id)}`;
      await waitFor(() => subscribers.every((body) => body().includes(sent)), () => subscribers.map((body) => body()).join(' | '));
      const replaying = await subscribe({ 'Last-Event-ID': '0' });
      await waitFor(() => replaying().includes(sent), () => replaying());
      const ofTheChange = stringify.mock.calls.filter(([value]) => (value as { user?: { id?: unknown } } | undefined)?.user?.id === id);
      expect(ofTheChange).toHaveLength(1);
      expect(new Set([...subscribers, replaying].map((body) => body().slice(body().indexOf('event: created'))))).toHaveProperty('size', 1);
    } finally {
      stringify.mockRestore();
    }
  });
});
