import type { RequestListener } from 'node:http';
import express from 'express';
import request from 'supertest';
import { createRouter, ProblemType } from '../../src';
import { cache } from '../../src/entries/cache';
import { rawExchange } from '../setup/raw-http';

/** A router with one route, and how often its handler ran. */
function routed(options: { origin?: string } = {}) {
  let calls = 0;
  const api = createRouter(options);
  api.get('/where').handle((ctx) => {
    calls++;
    return { origin: ctx.origin, host: ctx.req.get('host') ?? null };
  });
  return { api, calls: () => calls };
}

/** A plain app behind the cache (no router), and how often it ran. */
function cached() {
  let calls = 0;
  const app = express();
  const shared = cache();
  app.use(shared);
  app.get('/where', (_req, res) => {
    calls++;
    res.set('Cache-Control', 'max-age=60').json({ n: calls });
  });
  return { app, shared, calls: () => calls };
}

/** Each place a request enters the library: the router's two mounts and the cache's two. */
const ENTRIES: readonly [string, () => { listener: RequestListener; calls: () => number }][] = [
  [
    'router.middleware()',
    () => {
      const { api, calls } = routed();
      return { listener: express().use(api.middleware()), calls };
    },
  ],
  [
    'router.wrap(app)',
    () => {
      const { api, calls } = routed();
      return { listener: api.wrap(express()), calls };
    },
  ],
  [
    'app.use(cache())',
    () => {
      const { app, calls } = cached();
      return { listener: app, calls };
    },
  ],
  [
    'cache().wrap(app)',
    () => {
      let calls = 0;
      const app = express().get('/where', (_req, res) => void res.set('Cache-Control', 'max-age=60').json({ n: ++calls }));
      return { listener: cache().wrap(app), calls: () => calls };
    },
  ],
];

const BAD_HOSTS: readonly [string, string][] = [
  ['two Host lines (RFC 9112 section 3.2)', 'GET /where HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n'],
  ['two equal Host lines', 'GET /where HTTP/1.1\r\nHost: a.example\r\nhost: a.example\r\nConnection: close\r\n\r\n'],
  ['an empty Host', 'GET /where HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n'],
  ['an empty Host on HTTP/1.0', 'GET /where HTTP/1.0\r\nHost:\r\n\r\n'],
  ['no Host on HTTP/1.1', 'GET /where HTTP/1.1\r\nConnection: close\r\n\r\n'],
  ['a Host holding a path and a fragment', 'GET /where HTTP/1.1\r\nHost: 127.0.0.1:3000/users/2#\r\nConnection: close\r\n\r\n'],
  ['a Host holding a backslash and userinfo', 'GET /where HTTP/1.1\r\nHost: real\\@evil.example\r\nConnection: close\r\n\r\n'],
  ['a Host holding a query', 'GET /where HTTP/1.1\r\nHost: a.example?x=1\r\nConnection: close\r\n\r\n'],
  ['an absolute-form target with userinfo', 'GET http://real.example@evil.example/where HTTP/1.1\r\nHost: real.example\r\nConnection: close\r\n\r\n'],
];

describe.each(ENTRIES)('a request entering at %s', (_entry, make) => {
  it.each(BAD_HOSTS)('answers 400 with an invalid-host problem to %s, and nothing behind runs', async (_name, text) => {
    const { listener, calls } = make();
    // Node answers a bare 400 to an HTTP/1.1 request without Host by default; not every server does.
    const answer = await rawExchange(listener, text, { requireHostHeader: false });
    expect(answer.status).toBe(400);
    expect(answer.head).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, type: ProblemType.invalidHost });
    expect(calls()).toBe(0);
  });

  it('answers an HTTP/1.0 request without Host (it may omit it)', async () => {
    const { listener, calls } = make();
    const answer = await rawExchange(listener, 'GET /where HTTP/1.0\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(calls()).toBe(1);
  });

  it('answers a request with one valid Host', async () => {
    const { listener, calls } = make();
    expect((await request(listener).get('/where').set('Host', 'a.example:8080')).status).toBe(200);
    expect(calls()).toBe(1);
  });
});

describe('ctx.origin', () => {
  it('is the connection scheme and the parsed Host: lower case, default port dropped', async () => {
    const { api } = routed();
    expect((await request(api.wrap(express())).get('/where').set('Host', 'API.Example.COM:80')).body.origin).toBe('http://api.example.com');
    expect((await request(express().use(api.middleware())).get('/where').set('Host', '[0:0::1]:8080')).body.origin).toBe('http://[::1]:8080');
  });

  it.each([
    ['router.middleware()', (listener: ReturnType<typeof routed>['api']) => express().use(listener.middleware())],
    ['router.wrap(app)', (listener: ReturnType<typeof routed>['api']) => listener.wrap(express())],
  ])('under %s, is an absolute-form target authority, which replaces the Host (RFC 9112 section 3.2.2)', async (_mount, mount) => {
    const { api } = routed();
    const answer = await rawExchange(mount(api), 'GET http://Real.example:81/where HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ origin: 'http://real.example:81', host: 'real.example:81' });
  });

  it('is the local address of the connection for an HTTP/1.0 request without Host (RFC 9112 section 3.3)', async () => {
    const { api } = routed();
    const answer = await rawExchange(api.wrap(express()), 'GET /where HTTP/1.0\r\n\r\n');
    expect(JSON.parse(answer.body).origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("is the router's configured origin whatever the Host, which is still checked", async () => {
    const { api } = routed({ origin: 'https://API.example.com:443/' });
    const app = api.wrap(express());
    expect((await request(app).get('/where').set('Host', 'internal:3000')).body.origin).toBe('https://api.example.com');
    expect((await request(app).get('/where').set('Host', 'internal/x')).status).toBe(400);
  });

  it('refuses a configured origin that is not one when the router is mounted', () => {
    expect(() => createRouter({ origin: 'https://api.example.com/v1' }).middleware()).toThrow(TypeError);
  });
});
