import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { type Router, ResponseEntity, NotFound, createRouter } from '../../src';
import { cache } from '../../src/entries/cache';

function declare(api: Router): void {
  api
    .get('/items/{id}')
    .produces('application/json', 'application/xml')
    .headers('X-Client')
    .query('verbose', { type: 'boolean', defaultValue: 'false' })
    .cache({ maxAge: 60 })
    .handle((ctx) => ({ id: ctx.path.id, verbose: ctx.query.verbose }));
  api
    .get('/versioned/{id}')
    .produces('application/json', 'application/xml')
    .etag((ctx) => (ctx.path.id === 'gone' ? undefined : 3))
    .handle((ctx) => ({ id: ctx.path.id }));
  api
    .post('/echo')
    .consumes('application/json', 'application/xml')
    .body(Object)
    .handle((ctx) => ResponseEntity.created('/echo/1', ctx.body));
  api.get('/missing').handle(() => {
    throw new NotFound('Nothing here');
  });
  api.get('/express-res').handle((ctx) => {
    ctx.res.status(202).json({ header: ctx.req.get('x-client') ?? null, express: typeof ctx.res.json });
  });
  api.get('/slow').timeout(20).handle(() => new Promise(() => undefined));
}

function apps(): { middleware: http.Server; wrapped: http.Server } {
  const mounted = createRouter({ onError: jest.fn() });
  declare(mounted);
  const plain = express();
  plain.disable('x-powered-by');
  plain.use(mounted.middleware());
  plain.get('/express-only', (_req, res) => void res.json({ from: 'express' }));

  const direct = createRouter({ onError: jest.fn() });
  declare(direct);
  const app = express();
  app.disable('x-powered-by');
  app.get('/express-only', (_req, res) => void res.json({ from: 'express' }));
  return { middleware: http.createServer(plain), wrapped: http.createServer(direct.wrap(app)) };
}

type Call = (server: http.Server) => request.Test;

const calls: Record<string, Call> = {
  'GET as JSON': (s) => request(s).get('/items/7').set('X-Client', 'a'),
  'GET as XML': (s) => request(s).get('/items/7?verbose=true').set('X-Client', 'a').set('Accept', 'application/xml'),
  'GET under a browser Accept': (s) =>
    request(s).get('/items/7').set('X-Client', 'a').set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'),
  'GET with a stale If-None-Match': (s) => request(s).get('/items/7').set('X-Client', 'a').set('If-None-Match', '"5c-Y9U6yAtY9PF1hX5K3dSzP9nF9kU"'),
  'GET without the header condition (404)': (s) => request(s).get('/items/7'),
  'GET nothing acceptable (406)': (s) => request(s).get('/items/7').set('X-Client', 'a').set('Accept', 'text/csv'),
  'GET a bad query value (400)': (s) => request(s).get('/items/7?verbose=maybe').set('X-Client', 'a'),
  'HEAD': (s) => request(s).head('/items/7').set('X-Client', 'a'),
  'OPTIONS': (s) => request(s).options('/items/7'),
  'DELETE (405)': (s) => request(s).delete('/items/7'),
  'hook 304': (s) => request(s).get('/versioned/1').set('If-None-Match', '"3;json"'),
  'hook 200 as XML': (s) => request(s).get('/versioned/1').set('Accept', 'application/xml'),
  'hook 412': (s) => request(s).get('/versioned/1').set('If-Match', '"2;json"'),
  'POST JSON': (s) => request(s).post('/echo').set('Content-Type', 'application/json').send('{"a":[1,2],"b":"x"}'),
  'POST XML': (s) => request(s).post('/echo').set('Content-Type', 'application/xml').send('<echo><a>1</a><a>2</a><b>x</b></echo>'),
  'POST malformed JSON (400)': (s) => request(s).post('/echo').set('Content-Type', 'application/json').send('{"a":'),
  'POST text (415)': (s) => request(s).post('/echo').set('Content-Type', 'text/plain').send('hi'),
  'thrown NotFound': (s) => request(s).get('/missing').set('Accept', 'application/xml'),
  'handler writing with Express res': (s) => request(s).get('/express-res').set('X-Client', 'b'),
  'timeout (503)': (s) => request(s).get('/slow'),
  'unmatched path to the app': (s) => request(s).get('/express-only'),
  'unmatched path, app 404': (s) => request(s).get('/nowhere'),
};

function comparable(res: request.Response): unknown {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = res.headers;
  return { status: res.status, headers, text: res.text };
}

describe('router.wrap(listener)', () => {
  const { middleware, wrapped } = apps();

  it.each(Object.keys(calls))('answers %s exactly as router.middleware() does', async (name) => {
    const call = calls[name]!;
    const [viaMiddleware, viaWrap] = [await call(middleware), await call(wrapped)];
    expect(comparable(viaWrap)).toEqual(comparable(viaMiddleware));
  });

  it('gives handlers the Express request and response only when they read them', async () => {
    const api = createRouter();
    let prototypes: [boolean, boolean] | undefined;
    api.get('/plain').handle(() => ({ ok: true }));
    api.get('/express').handle((ctx) => {
      prototypes = [typeof ctx.req.get === 'function', typeof ctx.res.json === 'function'];
      return { ok: true };
    });
    const seen: http.IncomingMessage[] = [];
    const server = http.createServer(
      api.wrap((req, res) => {
        seen.push(req);
        res.end();
      }),
    );
    expect((await request(server).get('/plain')).body).toEqual({ ok: true });
    expect((await request(server).get('/express')).body).toEqual({ ok: true });
    expect(prototypes).toEqual([false, false]);
    expect(seen).toHaveLength(0);
    await request(server).get('/other');
    expect(seen).toHaveLength(1);
  });
});

describe('router.wrap(listener) around another wrapping listener', () => {
  function feedRouter(prefix: '/v1' | '/v2', errors: unknown[]): Router<'/v1' | '/v2'> {
    const api = createRouter({ path: prefix, onError: (error, req) => errors.push([(error as Error).message, req.originalUrl, req.get('x-request-id')]) });
    api.get('/where').handle((ctx) => ({ host: ctx.req.get('host') ?? null, path: ctx.req.path }));
    api.get('/boom').handle(() => {
      throw new Error('boom');
    });
    return api;
  }

  it('lends the Express request and response through a router or cache that wraps the app', async () => {
    const errors: unknown[] = [];
    const app = express();
    app.disable('x-powered-by');
    const nested = http.createServer(feedRouter('/v1', errors).wrap(feedRouter('/v2', errors).wrap(app)));
    const cached = http.createServer(feedRouter('/v1', errors).wrap(cache().wrap(app)));
    for (const server of [nested, cached]) {
      const res = await request(server).get('/v1/where').set('Host', 'example.com');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ host: 'example.com', path: '/v1/where' });
    }
    expect((await request(nested).get('/v2/where').set('Host', 'example.com')).body).toEqual({ host: 'example.com', path: '/v2/where' });
    expect(errors).toEqual([]);
  });

  it('gives onError the Express request, as router.middleware() does', async () => {
    const errors: unknown[] = [];
    const app = express();
    const server = http.createServer(feedRouter('/v1', errors).wrap(app));
    const res = await request(server).get('/v1/boom').set('X-Request-Id', 'r1');
    expect(res.status).toBe(500);
    expect(errors).toEqual([['boom', '/v1/boom', 'r1']]);
  });
});

describe('req.next under router.wrap(app), which Express\'s own methods call', () => {
  function fileRouter(onError: (error: unknown) => void): Router {
    const api = createRouter({ onError });
    // Answered once the response is finished, however it was written.
    api.get('/files/{name}').handle(
      (ctx) =>
        new Promise<undefined>((resolve) => {
          ctx.res.on('finish', () => resolve(undefined));
          ctx.res.sendFile(ctx.path.name, { root: '/nonexistent-represent-test-dir' });
        }),
    );
    api.get('/next').handle((ctx) => {
      ctx.req.next?.();
      return new Promise<undefined>((resolve) => ctx.res.on('finish', () => resolve(undefined)));
    });
    return api;
  }

  it('answers the error res.sendFile hands on with the status it carries, as a problem', async () => {
    const onError = jest.fn();
    const server = http.createServer(fileRouter(onError).wrap(express()));
    const res = await request(server).get('/files/missing.txt');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.body).toMatchObject({ status: 404, title: 'Not Found', instance: '/files/missing.txt' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('hands a request handed on without an error to the app, as next() does under the middleware mount', async () => {
    const app = express();
    app.get('/next', (_req, res) => void res.send('from the app'));
    const server = http.createServer(fileRouter(jest.fn()).wrap(app));
    await request(server).get('/next').expect(200, 'from the app');
  });
});
