import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { type CacheOptions, cache } from '../../middleware/cache';
import { type StoredSharing, collapseRole } from '../../src/caching/collapsing';
import type { HeaderMap } from '../../src/caching/header-map';
import { requestDirectives } from '../../src/caching/request-directives';
import { listeningServers } from '../setup/listening';
import { close, listen, rawGet } from '../setup/stream-fixture';
import { createRouter, eventStream } from '../../src';
import { until } from '../setup/until';

describe('collapseRole(method, headers, requestDirectives)', () => {
  it.each<[string, string, HeaderMap, boolean, boolean]>([
    ['a plain GET leads and waits', 'GET', {}, true, true],
    ['a HEAD waits but does not lead (its answer is not stored)', 'HEAD', {}, false, true],
    ['a POST does neither', 'POST', {}, false, false],
    ['a GET with Range waits but does not lead (a 206 is not stored)', 'GET', { range: 'bytes=0-1' }, false, true],
    ['a GET with no-store waits but does not lead', 'GET', { 'cache-control': 'no-store' }, false, true],
    ['a GET with If-None-Match waits but does not lead', 'GET', { 'if-none-match': '"a"' }, false, true],
    ['a GET with If-Modified-Since waits but does not lead', 'GET', { 'if-modified-since': 'Sun, 06 Nov 1994 08:49:37 GMT' }, false, true],
    ['a GET with no-cache leads but does not wait', 'GET', { 'cache-control': 'no-cache' }, true, false],
    ['a GET with Pragma: no-cache leads but does not wait', 'GET', { pragma: 'no-cache' }, true, false],
    ['a GET with If-Match leads but does not wait', 'GET', { 'if-match': '"a"' }, true, false],
    ['a GET with If-Unmodified-Since leads but does not wait', 'GET', { 'if-unmodified-since': 'Sun, 06 Nov 1994 08:49:37 GMT' }, true, false],
  ])('%s', (_, method, headers, lead, wait) => {
    expect(collapseRole(method, headers, requestDirectives(headers))).toEqual({ lead, wait });
  });

  describe('when the request carries Cookie or Authorization', () => {
    it.each<[string, HeaderMap, StoredSharing | undefined, boolean]>([
      ['a GET with Cookie and nothing stored leads but does not wait', { cookie: 'a=1' }, undefined, false],
      ['a GET with Cookie waits when the stored response varies on Cookie', { cookie: 'a=1' }, { vary: ['cookie'], independentOf: undefined }, true],
      ['a GET with Cookie waits when the stored response is independent of Cookie', { cookie: 'a=1' }, { vary: [], independentOf: ['cookie'] }, true],
      ['a GET with Cookie does not wait when the stored response is only independent of Authorization', { cookie: 'a=1' }, { vary: [], independentOf: ['authorization'] }, false],
      ['a GET with Authorization does not wait for a stored response that says nothing of it', { authorization: 'Bearer a' }, { vary: ['accept'], independentOf: undefined }, false],
      ['a GET with both waits only when both are shared', { cookie: 'a=1', authorization: 'Bearer a' }, { vary: ['cookie'], independentOf: ['authorization'] }, true],
      ['a GET without either waits whatever is stored', {}, { vary: '*', independentOf: undefined }, true],
    ])('%s', (_, headers, stored, wait) => {
      expect(collapseRole('GET', headers, requestDirectives(headers), stored)).toEqual({ lead: true, wait });
    });
  });
});

const listening = listeningServers();

/**
 * An app whose handler for `/slow` holds every answer until `release()`, counting its calls, behind
 * a middleware that counts the requests that reached the cache (it takes each one on synchronously
 * with the default store).
 */
async function burstApp(options: CacheOptions, cacheControl: string) {
  let arrived = 0;
  let calls = 0;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = express();
  app.use((_req, _res, next) => {
    arrived++;
    next();
  });
  app.use(cache(options));
  app.get('/slow', async (_req, res) => {
    const call = ++calls;
    await released;
    res.set('Cache-Control', cacheControl).send(`answer ${call}`);
  });
  const server = await listening(app);
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/slow`, release, arrived: () => arrived, calls: () => calls };
}

describe('cache(): request collapsing', () => {
  it('sends 100 concurrent misses for one key to the handler once, and answers all 100 from its stored answer', async () => {
    const app = await burstApp({}, 'max-age=60');
    const answers = Promise.all(Array.from({ length: 100 }, () => fetch(app.url).then(async (r) => ({ status: r.status, body: await r.text(), cacheStatus: r.headers.get('cache-status') }))));
    await until(() => app.arrived() === 100, 30_000, () => `${app.arrived()} requests reached the cache`);
    app.release();
    const all = await answers;
    expect(app.calls()).toBe(1);
    expect(all.every((a) => a.status === 200 && a.body === 'answer 1')).toBe(true);
    const said = all.map((a) => a.cacheStatus?.replace(/; ttl=\d+/, ''));
    expect(said.filter((s) => s === 'represent; fwd=uri-miss; fwd-status=200; stored')).toHaveLength(1);
    expect(said.filter((s) => s === 'represent; fwd=uri-miss; fwd-status=200; collapsed')).toHaveLength(99);
  }, 60_000);

  it('lets the waiters go on to the handler by themselves when the answer is not storable', async () => {
    const app = await burstApp({}, 'private');
    const answers = Promise.all(Array.from({ length: 20 }, () => fetch(app.url).then((r) => r.text())));
    await until(() => app.arrived() === 20, 30_000, () => `${app.arrived()} requests reached the cache`);
    app.release();
    const bodies = await answers;
    expect(app.calls()).toBe(20);
    expect(new Set(bodies).size).toBe(20);
  }, 60_000);

  it('sends each concurrent miss to the handler with collapse: false', async () => {
    const app = await burstApp({ collapse: false }, 'max-age=60');
    const answers = Promise.all(Array.from({ length: 10 }, () => fetch(app.url).then((r) => r.text())));
    await until(() => app.calls() === 10, 30_000, () => `${app.calls()} calls of the handler`);
    app.release();
    await answers;
    expect(app.calls()).toBe(10);
  }, 60_000);

  it('lets a waiter go on by itself after collapseTimeout when the handler holds the first answer', async () => {
    const app = await burstApp({ collapseTimeout: 50 }, 'max-age=60');
    const first = fetch(app.url).then((r) => r.text());
    await until(() => app.calls() === 1, 30_000, () => `${app.calls()} calls of the handler`);
    const second = fetch(app.url).then((r) => r.text());
    // The second reaches the handler by itself, while the first still holds it.
    await until(() => app.calls() === 2, 30_000, () => `${app.calls()} calls of the handler`);
    app.release();
    expect(await Promise.all([first, second])).toEqual(['answer 1', 'answer 2']);
  }, 60_000);

  it('does not make a request that arrives after a PUT wait for the answer fetched before it', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const app = express();
    app.use(cache());
    app.put('/doc', (_req, res) => void res.status(204).end());
    app.get('/doc', async (_req, res) => {
      const call = ++calls;
      if (call === 1) await new Promise<void>((resolve) => (release = resolve));
      res.set('Cache-Control', 'max-age=60').send(`version ${call}`);
    });
    const server = await listening(app);
    const before = request(server).get('/doc').then((r) => r.text);
    await until(() => calls === 1, 30_000, () => `${calls} calls of the handler`);
    await request(server).put('/doc').expect(204);
    await request(server).get('/doc').expect(200, 'version 2');
    release();
    expect(await before).toBe('version 1');
  }, 60_000);
});

/** An hour: a waiter let go sooner was let go by an event, never by the collapse timeout. */
const AN_HOUR = 3_600_000;

/** `answer`, or a failure saying what was still held after `ms`: without the fix, the first request holds it for the hour. */
function unheld<T>(answer: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const held = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} was still held by the first request after ${ms} ms`)), ms);
  });
  return Promise.race([answer, held]).finally(() => clearTimeout(timer));
}

describe('cache(): request collapsing for answers that are never stored', () => {
  const servers: http.Server[] = [];
  const responses: http.IncomingMessage[] = [];
  afterEach(async () => {
    for (const response of responses.splice(0)) response.destroy();
    for (const server of servers.splice(0)) await close(server);
  });
  const started = async (app: http.RequestListener): Promise<http.Server> => {
    const server = await listen(http.createServer(app));
    servers.push(server);
    return server;
  };
  /** A GET whose head arrived, kept open: its body is read only by what the test does with it. */
  const opened = async (server: http.Server, path: string, headers: http.OutgoingHttpHeaders = {}): Promise<http.IncomingMessage> => {
    const response = await rawGet(server, path, headers);
    responses.push(response);
    return response;
  };

  it('lets a waiter go on by itself as soon as the head of the first answer says it will not be stored, while its body still streams', async () => {
    let calls = 0;
    let finish: () => void = () => undefined;
    const app = express();
    app.use(cache({ collapseTimeout: AN_HOUR }));
    app.get('/live', (_req, res) => {
      const call = ++calls;
      res.set({ 'Cache-Control': 'no-store', 'Content-Type': 'text/plain' });
      res.write(`start ${call}\n`);
      if (call === 1) finish = () => res.end('end\n');
      else res.end('end\n');
    });
    const server = await started(app);
    const leader = await opened(server, '/live');
    const second = await unheld(opened(server, '/live'), 'the second request');
    expect(second.statusCode).toBe(200);
    // The first answer's body is still under way.
    expect(leader.complete).toBe(false);
    expect(calls).toBe(2);
    finish();
  });

  it('lets a second subscriber of an event stream have its head while the first stays connected', async () => {
    let subscribers = 0;
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    async function* events() {
      subscribers++;
      yield { data: 'hello' };
      await stopped;
    }
    const api = createRouter();
    api.get('/events').produces('text/event-stream').handle(() => eventStream(events()));
    const app = express();
    app.use(cache({ collapseTimeout: AN_HOUR }));
    app.use(api.middleware());
    const server = await started(app);
    const first = await opened(server, '/events', { Accept: 'text/event-stream' });
    const second = await unheld(opened(server, '/events', { Accept: 'text/event-stream' }), 'the second subscriber');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(first.complete).toBe(false);
    expect(subscribers).toBe(2);
    stop();
  });

  it('does not hold a request for a route whose policy is no-store while the first is with its handler', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const api = createRouter();
    api
      .get('/report')
      .cache({ noStore: true })
      .handle(async () => {
        const call = ++calls;
        if (call === 1) await released;
        return { call };
      });
    const app = express();
    app.use(cache({ collapseTimeout: AN_HOUR }));
    app.use(api.middleware());
    const server = await started(app);
    const first = request(server)
      .get('/report')
      .then((r) => r.body as unknown, (error: Error) => error.message);
    await until(() => calls === 1, 30_000, () => `${calls} calls of the handler`);
    // The first holds its handler, and its head has not been written: the second is answered anyway.
    const second = await unheld(request(server).get('/report').then((r) => r), 'the second request');
    expect([second.status, second.body]).toEqual([200, { call: 2 }]);
    release();
    expect(await first).toEqual({ call: 1 });
  });
});
