import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type EventStreamLimits, type Router, type ServerSentEvent, createRouter, eventStream } from '../../src';
import { ProblemType } from '../../src/errors/problem-types';
import { type Mount, serverFor, underBothMounts } from '../setup/both-mounts';
import { close, listen } from '../setup/stream-fixture';

/** A stream that sends nothing until its request is cancelled; `stopped` settles when its `finally` ran. */
function quiet(signal: AbortSignal, stops: Promise<void>[]): AsyncGenerator<ServerSentEvent> {
  let stopped!: () => void;
  stops.push(new Promise<void>((resolve) => (stopped = resolve)));
  return (async function* () {
    try {
      if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      yield* [];
    } finally {
      stopped();
    }
  })();
}

/** A GET of `path` as `text/event-stream`, from `localAddress` (127.0.0.1 by default): its head, and its body as it comes. */
function open(server: http.Server, path: string, localAddress = '127.0.0.1'): Promise<{ res: http.IncomingMessage; body: () => string; ended: Promise<void> }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false, headers: { Accept: 'text/event-stream' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const ended = new Promise<void>((done, failed) => {
        res.on('end', done);
        res.on('error', failed);
      });
      resolve({ res, body: () => text, ended });
    });
    req.on('error', reject);
  });
}

/** The problem document a refused stream was answered with, read whole. */
async function problemOf(opened: { res: http.IncomingMessage; body: () => string; ended: Promise<void> }): Promise<Record<string, unknown>> {
  await opened.ended;
  return JSON.parse(opened.body()) as Record<string, unknown>;
}

/** Every task the event loop has queued (the close a client's leaving caused, and what it set off) has run. */
const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

underBothMounts('event stream bounds', (mount: Mount) => {
  const servers: http.Server[] = [];
  const sockets: http.IncomingMessage[] = [];
  afterEach(async () => {
    for (const res of sockets.splice(0)) res.destroy();
    for (const server of servers.splice(0)) await close(server);
  });

  /** A router with `limits`, streaming quietly at /a and /b (and NDJSON at /rows), on a free port. */
  async function serve(limits: EventStreamLimits, stops: Promise<void>[] = []): Promise<{ server: http.Server; api: Router }> {
    const api = createRouter({ onError: () => undefined, eventStreams: limits });
    for (const path of ['/a', '/b'] as const) api.get(path).handle((ctx) => eventStream(quiet(ctx.signal, stops), { keepAlive: 0 }));
    const server = await listen(serverFor(mount, api));
    servers.push(server);
    return { server, api };
  }

  async function opened(server: http.Server, path: string, localAddress?: string): ReturnType<typeof open> {
    const stream = await open(server, path, localAddress);
    sockets.push(stream.res);
    return stream;
  }

  it('refuses a stream past the router\'s cap with a 503 problem and Retry-After, and admits one again once a stream closed', async () => {
    const stops: Promise<void>[] = [];
    const { server } = await serve({ maxStreams: 2, retryAfter: 7 }, stops);
    const first = await opened(server, '/a');
    const second = await opened(server, '/b');
    expect([first.res.statusCode, second.res.statusCode]).toEqual([200, 200]);
    const third = await opened(server, '/a');
    expect(third.res.statusCode).toBe(503);
    expect(third.res.headers['retry-after']).toBe('7');
    expect(third.res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await problemOf(third)).toMatchObject({ status: 503, type: ProblemType.tooManyStreams, limit: 'total' });
    first.res.destroy();
    await stops[0];
    await settled();
    expect((await opened(server, '/a')).res.statusCode).toBe(200);
  });

  it('refuses a stream past its route\'s cap while another route still opens', async () => {
    const { server } = await serve({ maxStreamsPerRoute: 1 });
    expect((await opened(server, '/a')).res.statusCode).toBe(200);
    const refused = await opened(server, '/a');
    expect(refused.res.statusCode).toBe(503);
    expect(await problemOf(refused)).toMatchObject({ limit: 'route' });
    expect((await opened(server, '/b')).res.statusCode).toBe(200);
  });

  it('refuses a stream past its client address\'s cap while another address still opens', async () => {
    const { server } = await serve({ maxStreamsPerClient: 2 });
    expect((await opened(server, '/a')).res.statusCode).toBe(200);
    expect((await opened(server, '/b')).res.statusCode).toBe(200);
    const refused = await opened(server, '/a');
    expect(refused.res.statusCode).toBe(503);
    expect(refused.res.headers['retry-after']).toBe('5');
    expect(await problemOf(refused)).toMatchObject({ limit: 'client' });
    // The whole of 127.0.0.0/8 is the loopback: another address of the same machine.
    expect((await opened(server, '/a', '127.0.0.2')).res.statusCode).toBe(200);
  });

  it('closes the connection of a refused stream (Connection: close) rather than keep it as idle keep-alive', async () => {
    const { server } = await serve({ maxStreams: 1 });
    expect((await opened(server, '/a')).res.statusCode).toBe(200);
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const refused = await new Promise<{ res: http.IncomingMessage; closed: Promise<void> }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/a', agent, headers: { Accept: 'text/event-stream' } }, (res) => {
          res.resume();
          resolve({ res, closed: new Promise((done) => req.socket!.once('close', () => done())) });
        });
        req.on('error', reject);
      });
      expect(refused.res.statusCode).toBe(503);
      expect(refused.res.headers.connection).toBe('close');
      // The server ends the connection itself: the keep-alive agent would otherwise hold it open.
      await refused.closed;
    } finally {
      agent.destroy();
    }
  });

  it('counts only event streams: an NDJSON stream is not refused at the cap', async () => {
    const api = createRouter({ onError: () => undefined, eventStreams: { maxStreams: 1 } });
    api.get('/a').handle((ctx) => eventStream(quiet(ctx.signal, []), { keepAlive: 0 }));
    api.get('/rows').handle(async function* () {
      yield { n: 1 };
    });
    const server = await listen(serverFor(mount, api));
    servers.push(server);
    expect((await opened(server, '/a')).res.statusCode).toBe(200);
    const { port } = server.address() as AddressInfo;
    const rows = await fetch(`http://127.0.0.1:${port}/rows`);
    expect([rows.status, await rows.text()]).toEqual([200, '{"n":1}\n']);
  });

  describe('with a fake clock', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance', 'hrtime'] }));
    afterEach(() => jest.useRealTimers());

    it('ends a stream cleanly at its lifetime, with a retry: hint, and stops its source', async () => {
      const stops: Promise<void>[] = [];
      const { server } = await serve({ maxLifetime: 60_000, reconnectDelay: 1_000 }, stops);
      const stream = await opened(server, '/a');
      expect(stream.res.statusCode).toBe(200);
      jest.advanceTimersByTime(59_999);
      await settled();
      expect(stream.body()).toBe('');
      jest.advanceTimersByTime(1);
      await stream.ended;
      await stops[0];
      const retry = /^: this stream reached its lifetime; reconnect with Last-Event-ID\nretry: (\d+)\n\n$/.exec(stream.body());
      expect(retry).not.toBeNull();
      expect(Number(retry![1])).toBeGreaterThanOrEqual(1_000);
      expect(Number(retry![1])).toBeLessThan(2_000);
      expect(stream.res.complete).toBe(true);
    });

    it('takes a stream\'s own maxLifetime over the router\'s', async () => {
      const api = createRouter({ onError: () => undefined, eventStreams: { maxLifetime: 60_000 } });
      api.get('/a').handle((ctx) => eventStream(quiet(ctx.signal, []), { keepAlive: 0, maxLifetime: 1_000 }));
      const server = await listen(serverFor(mount, api));
      servers.push(server);
      const stream = await opened(server, '/a');
      jest.advanceTimersByTime(1_000);
      await stream.ended;
      expect(stream.body()).toMatch(/^: this stream reached its lifetime/);
    });
  });

  it('closeEventStreams() ends every stream with a last comment and a retry:, resolves once they are over, and refuses new ones', async () => {
    const stops: Promise<void>[] = [];
    const { server, api } = await serve({}, stops);
    const streams = [await opened(server, '/a'), await opened(server, '/b')];
    await api.closeEventStreams();
    await Promise.all(streams.map((stream) => stream.ended));
    await Promise.all(stops);
    for (const stream of streams) expect(stream.body()).toMatch(/^: the server is closing; reconnect with Last-Event-ID\nretry: \d+\n\n$/);
    const refused = await opened(server, '/a');
    expect(refused.res.statusCode).toBe(503);
    expect(await problemOf(refused)).toMatchObject({ limit: 'closing' });
  });

  it('closeEventStreams() resolves at once when no stream is open', async () => {
    const { api } = await serve({});
    await expect(api.closeEventStreams()).resolves.toBeUndefined();
  });
});

describe('createRouter({ eventStreams })', () => {
  it.each([
    [{ maxStreams: 0 }, /maxStreams/],
    [{ maxStreamsPerRoute: 1.5 }, /maxStreamsPerRoute/],
    [{ maxStreamsPerClient: -1 }, /maxStreamsPerClient/],
    [{ maxLifetime: Number.NaN }, /maxLifetime/],
    [{ retryAfter: -1 }, /retryAfter/],
  ])('throws a RangeError for %j', (limits, message) => {
    expect(() => createRouter({ eventStreams: limits })).toThrow(message);
  });

  it('refuses eventStreams on a router mounted in another: only the served router\'s apply', () => {
    expect(() => createRouter().mount('/inner', createRouter({ eventStreams: { maxStreams: 1 } }))).toThrow(/eventStreams/);
  });
});
