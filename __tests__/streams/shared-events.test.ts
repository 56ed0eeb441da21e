import http from 'node:http';
import { type ServerSentEvent, createRouter, eventStream, sharedEvent } from '../../src';
import { type Mount, serverFor, underBothMounts } from '../setup/both-mounts';
import { close, listen, rawGet } from '../setup/stream-fixture';

/** Data that counts how often it is serialized: JSON.stringify calls toJSON once per serialization. */
function countedData(): { readonly data: { toJSON(): unknown }; readonly count: () => number } {
  let count = 0;
  return {
    data: {
      toJSON: () => {
        count++;
        return { user: 7 };
      },
    },
    count: () => count,
  };
}

/** The whole body of a finite event stream. */
async function bodyOf(res: http.IncomingMessage): Promise<string> {
  let text = '';
  res.setEncoding('utf8');
  for await (const chunk of res) text += chunk as string;
  return text;
}

underBothMounts('sharedEvent(event)', (mount: Mount) => {
  let server: http.Server | undefined;
  afterEach(async () => {
    if (server !== undefined) await close(server);
    server = undefined;
  });

  /** A router whose GET /events sends `event` and ends, on a free port. */
  async function serveOnce(event: ServerSentEvent): Promise<http.Server> {
    const api = createRouter();
    api.get('/events').handle(() =>
      eventStream(
        (async function* () {
          yield event;
        })(),
        { keepAlive: 0 },
      ),
    );
    return listen(serverFor(mount, api));
  }

  it('serializes an event once however many streams send it, each sending the same bytes', async () => {
    const counted = countedData();
    const change = sharedEvent({ id: 1, event: 'updated', data: counted.data });
    server = await serveOnce(change);
    const subscribers = 5;
    const bodies = await Promise.all(Array.from({ length: subscribers }, async () => bodyOf(await rawGet(server!, '/events', { Accept: 'text/event-stream' }))));
    expect(bodies).toEqual(Array(subscribers).fill('event: updated\nid: 1\ndata: {"user":7}\n\n'));
    expect(counted.count()).toBe(1);
  });

  it('serializes a plain event object for each stream that sends it', async () => {
    const counted = countedData();
    const change = { id: 1, data: counted.data };
    server = await serveOnce(change);
    await Promise.all([1, 2, 3].map(async () => bodyOf(await rawGet(server!, '/events', { Accept: 'text/event-stream' }))));
    expect(counted.count()).toBe(3);
  });
});

describe('sharedEvent(event)', () => {
  it('keeps the fields it was given, and throws what the format cannot carry', () => {
    expect(sharedEvent({ id: 3, event: 'created', data: 'x', retry: 10 })).toMatchObject({ id: 3, event: 'created', data: 'x', retry: 10, text: 'event: created\nid: 3\nretry: 10\ndata: x\n\n' });
    expect(() => sharedEvent({ id: 'a\nb' })).toThrow(TypeError);
  });
});
