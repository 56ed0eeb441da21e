import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventSource } from 'eventsource';
import request from 'supertest';
import { createApp } from '../../routes/app';
import { createMemoryStore } from '../../routes/store/memory-store';
import { close, listen, rawGet, waitFor } from '../setup/stream-fixture';

/** What an EventSource received: each event's type, id and data. */
interface Received {
  readonly type: string;
  readonly id: string;
  readonly data: { user: { id: string; name?: string }; version?: number };
}

/**
 * GET /users/events read by a real EventSource client (the `eventsource` package, the WHATWG
 * algorithm in node) from the service on a free port: the users' changes as they are written,
 * and resumption with Last-Event-ID after the connection is lost.
 */
describe('GET /users/events', () => {
  let server: http.Server;
  let source: EventSource | undefined;
  const service = createApp({ cache: true, store: createMemoryStore(), eventKeepAlive: 50 });
  /** The Last-Event-ID of every request the client made, in order (undefined: none). */
  const sentIds: (string | undefined)[] = [];
  const received: Received[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    server = await listen(http.createServer(service.app));
  });
  afterAll(async () => {
    source?.close();
    await close(server);
  });

  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/users/events`;
  const seen = () => JSON.stringify({ received, sentIds, errors });

  function connect(): EventSource {
    const events = new EventSource(url(), {
      fetch: (input, init) => {
        sentIds.push(new Headers(init?.headers).get('Last-Event-ID') ?? undefined);
        return fetch(input, init);
      },
    });
    for (const type of ['created', 'updated', 'deleted']) {
      events.addEventListener(type, (event) => received.push({ type, id: event.lastEventId, data: JSON.parse(event.data) as Received['data'] }));
    }
    events.addEventListener('error', (event) => errors.push(String(event.message ?? 'error')));
    return events;
  }

  it('answers text/event-stream, no-store, never stored by the shared cache', async () => {
    const res = await request(server)
      .get('/users/events')
      .set('Accept', 'text/event-stream')
      .buffer(false)
      .parse((response, callback) => {
        // The head is all this test reads: the stream would go on.
        (response as unknown as http.IncomingMessage).destroy();
        callback(null, '');
      })
      .catch((error: { response?: request.Response }) => error.response);
    expect(res?.status).toBe(200);
    expect(res?.headers['content-type']).toBe('text/event-stream');
    expect(res?.headers['cache-control']).toBe('no-store');
    expect(res?.headers['x-cache']).toBe('MISS');
  });

  it('sends each user created, updated and deleted, in order, with increasing ids', async () => {
    source = connect();
    await waitFor(() => source!.readyState === EventSource.OPEN, () => `never opened: ${seen()}`);
    const created = await service.store.users.create({ name: 'Grace Hopper', email: 'grace@example.com', role: 'editor' });
    const id = created.value.id;
    await service.store.users.put({ ...created.value, name: 'Grace B. Hopper' });
    await service.store.users.delete(id);
    await waitFor(() => received.length >= 3, () => `expected 3 events: ${seen()}`);
    expect(received.map((event) => [event.type, event.data.user.id])).toEqual([
      ['created', id],
      ['updated', id],
      ['deleted', id],
    ]);
    expect(received[1]!.data.user.name).toBe('Grace B. Hopper');
    const ids = received.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(3);
    expect(sentIds).toEqual([undefined]);
  });

  it('resumes after the last event id when the connection is lost: a change made meanwhile arrives once', async () => {
    const before = received.length;
    const lastId = received.at(-1)!.id;
    // The connection is cut under the client; it reconnects on its own (its retry, 3 s).
    server.closeAllConnections();
    await waitFor(() => source!.readyState === EventSource.CONNECTING || sentIds.length > 1, () => `never noticed the cut: ${seen()}`);
    const missed = await service.store.users.create({ name: 'Missed While Away', email: 'away@example.com', role: 'viewer' });
    await waitFor(() => received.length > before, () => `the change made while away never arrived: ${seen()}`, 30_000);
    expect(sentIds.at(-1)).toBe(lastId);
    expect(received.slice(before).map((event) => [event.type, event.data.user.id])).toEqual([['created', missed.value.id]]);
    // And the stream goes on after resuming.
    await service.store.users.delete(missed.value.id);
    await waitFor(() => received.length > before + 1, () => `no event after resuming: ${seen()}`);
    expect(received.at(-1)!.type).toBe('deleted');
  }, 60_000);
});

describe('GET /users/events with a Last-Event-ID older than the changes kept, or never given', () => {
  let server: http.Server;
  const service = createApp({ cache: false, store: createMemoryStore({ keptChanges: 2 }), eventKeepAlive: 0 });
  const streams: http.IncomingMessage[] = [];

  beforeAll(async () => {
    server = await listen(http.createServer(service.app));
    for (const name of ['One', 'Two', 'Three']) await service.store.users.create({ name, email: 'x@example.com', role: 'viewer' });
  });
  afterAll(async () => {
    for (const res of streams) res.destroy();
    await close(server);
  });

  it.each([0, 42])('answers Last-Event-ID: %d with a reset event carrying the latest id, then the changes from then on', async (lastEventId) => {
    const res = await rawGet(server, '/users/events', { Accept: 'text/event-stream', 'Last-Event-ID': String(lastEventId) });
    streams.push(res);
    let text = '';
    res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    await waitFor(() => text.includes('reset'), () => text);
    expect(text).toBe('event: reset\nid: 3\ndata: {"reload":true,"latest":3}\n\n');
  });
});
