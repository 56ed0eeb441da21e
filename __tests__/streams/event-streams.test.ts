import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { type ServerSentEvent, createRouter, eventStream } from '../../src';
import { cache } from '../../middleware/cache';
import { type Mount, underBothMounts } from '../setup/both-mounts';
import { TrackedSource, close, listen, rawGet, serving, waitFor } from '../setup/stream-fixture';

/** Collects what arrives of a body, as text. */
function received(res: http.IncomingMessage): { text: string } {
  const seen = { text: '' };
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (seen.text += chunk));
  return seen;
}

/** Events 1..count, each with its id; after `from` when resuming. */
async function* changes(count: number, from = 0): AsyncGenerator<ServerSentEvent> {
  for (let id = from + 1; id <= count; id++) yield { id, event: 'change', data: { id } };
}

underBothMounts('server-sent events', (mount: Mount) => {
  let server: http.Server;
  const serve = serving(mount);

  it('answers text/event-stream, no-store whatever the route policy, one event per value', async () => {
    server = await serve((api) => api.get('/events').cache({ maxAge: 60, public: true }).handle(() => eventStream(changes(2))));
    const res = await request(server).get('/events').set('Accept', 'text/event-stream').buffer(true).parse((response, cb) => {
      const seen = received(response as unknown as http.IncomingMessage);
      response.on('end', () => cb(null, seen.text));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.expires).toBeUndefined();
    expect(res.body).toBe('event: change\nid: 1\ndata: {"id":1}\n\nevent: change\nid: 2\ndata: {"id":2}\n\n');
  });

  it('sends the head at once, before the first event, so the client opens', async () => {
    const source = new TrackedSource((i): ServerSentEvent => ({ data: `e${i}` }), 2, { holdAfter: 0 });
    server = await serve((api) => api.get('/events').handle(() => eventStream(source.values())));
    const res = await rawGet(server, '/events', { Accept: 'text/event-stream' });
    expect([res.statusCode, source.pulls]).toEqual([200, 0]);
    const seen = received(res);
    source.release();
    await new Promise((resolve) => res.on('end', resolve));
    expect(seen.text).toBe('data: e0\n\ndata: e1\n\n');
  });

  it('sends a keep-alive comment while the source is idle', async () => {
    const source = new TrackedSource((i): ServerSentEvent => ({ data: `e${i}` }), 1, { holdAfter: 0 });
    server = await serve((api) => api.get('/events').handle(() => eventStream(source.values(), { keepAlive: 20 })));
    const res = await rawGet(server, '/events', { Accept: 'text/event-stream' });
    const seen = received(res);
    await waitFor(() => seen.text.startsWith(': keep-alive\n\n'), () => `received ${JSON.stringify(seen.text)}`);
    source.release();
    await new Promise((resolve) => res.on('end', resolve));
    expect(seen.text.endsWith('data: e0\n\n')).toBe(true);
  });

  it('writes a route producing text/event-stream that returns plain values as events', async () => {
    server = await serve((api) => api.get('/events').produces('text/event-stream').handle(() => changes(1)));
    const res = await request(server).get('/events').set('Accept', 'text/event-stream').buffer(true).parse((response, cb) => {
      const seen = received(response as unknown as http.IncomingMessage);
      response.on('end', () => cb(null, seen.text));
    });
    expect([res.headers['content-type'], res.headers['cache-control'], res.body]).toEqual(['text/event-stream', 'no-store', 'event: change\nid: 1\ndata: {"id":1}\n\n']);
  });

  it('answers 406 naming text/event-stream to a client that does not accept it', async () => {
    server = await serve((api) => api.get('/events').handle(() => eventStream(changes(1))));
    const res = await request(server).get('/events').set('Accept', 'application/json');
    expect(res.status).toBe(406);
    expect(res.text).toContain('text/event-stream');
  });

  it('binds Last-Event-ID for a client resuming after the last event it received', async () => {
    server = await serve((api) =>
      api
        .get('/events')
        .header('Last-Event-ID', { required: false, type: 'integer' })
        .handle((ctx) => eventStream(changes(4, ctx.header['Last-Event-ID'] ?? 0))),
    );
    const res = await request(server).get('/events').set('Last-Event-ID', '2').buffer(true).parse((response, cb) => {
      const seen = received(response as unknown as http.IncomingMessage);
      response.on('end', () => cb(null, seen.text));
    });
    expect(res.body).toBe('event: change\nid: 3\ndata: {"id":3}\n\nevent: change\nid: 4\ndata: {"id":4}\n\n');
    const bad = await request(server).get('/events').set('Last-Event-ID', 'later');
    expect(bad.status).toBe(400);
  });

  it('aborts ctx.signal and stops the source when the client leaves', async () => {
    const source = new TrackedSource((i): ServerSentEvent => ({ data: `e${i}` }), 5, { holdAfter: 1 });
    let signal: AbortSignal | undefined;
    server = await serve((api) =>
      api.get('/events').handle((ctx) => {
        signal = ctx.signal;
        return eventStream(source.values());
      }),
    );
    const res = await rawGet(server, '/events', { Accept: 'text/event-stream' });
    const seen = received(res);
    await waitFor(() => seen.text === 'data: e0\n\n', () => `received ${JSON.stringify(seen.text)}`);
    res.destroy();
    await waitFor(() => signal?.aborted === true, () => 'ctx.signal was not aborted');
    source.release();
    await waitFor(() => source.finished, () => 'the source was never stopped');
    expect(source.pulls).toBeLessThan(5);
  });
});

describe('server-sent events behind the shared cache', () => {
  let server: http.Server;
  afterEach(() => close(server));

  it('are never stored: each request reaches the handler', async () => {
    let handled = 0;
    const api = createRouter();
    api
      .get('/events')
      .cache({ maxAge: 60, public: true })
      .handle(() => {
        handled++;
        return eventStream(changes(1));
      });
    const app = express();
    app.use(cache({ statusHeader: 'X-Cache' }));
    app.use(api.middleware());
    server = await listen(http.createServer(app));
    for (let i = 0; i < 2; i++) {
      const res = await request(server).get('/events').set('Accept', 'text/event-stream');
      expect(res.headers['x-cache']).toBe('MISS');
    }
    expect(handled).toBe(2);
  });
});
