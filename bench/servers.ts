/**
 * The servers under test, by name. Each builds its app and answers a listening `http.Server`;
 * `bench/server.ts` runs one per process so that their CPU time is measured apart.
 *
 * `npm run bench -- --baseline <ref>` also runs this file against the library of an older commit
 * (bench/baseline.ts copies it into that commit's checkout): import at the top only what every
 * such version has (`../src`, `../src/entries/cache`), call nothing of it at load time, and load
 * what came later (the service's accounts and stores, PostgreSQL) inside the factory that needs it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { Builder } from 'xml2js';
import type { ServiceStore } from '../routes/store/store';
import { type EventStreamLimits, type HookSet, Unauthorized, createRouter, hooks, type Router } from '../src';
import { RedisStore, TieredStore, cache } from '../src/entries/cache';
import { BROWSER_ACCEPT, VERSION, itemFor } from './fixtures';
import { startOpenTelemetry, subscribeDoingNothing } from './tracing';

export type ServerFactory = () => Promise<Server> | Server;

/** Calls the memory probe of `bench/server.ts` when it is active (the PUT case's peak memory). */
function sampleMemory(): void {
  (globalThis as { __benchSample?: () => void }).__benchSample?.();
}

function listener(handler: RequestListener): Server {
  return http.createServer(handler);
}

// ---- raw node:http and find-my-way ------------------------------------------------------------

function itemId(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.slice(path.lastIndexOf('/') + 1);
}

function writeJson(res: ServerResponse, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const rawNode: ServerFactory = () => listener((req, res) => writeJson(res, itemFor(itemId(req.url ?? '/'))));

async function findMyWay(routes: number): Promise<Server> {
  const { default: FindMyWay } = await import('find-my-way');
  const router = FindMyWay();
  for (let i = 0; i < routes; i++) {
    router.on('GET', `/r${i}/items/:id`, (_req, res, params) => writeJson(res as ServerResponse, itemFor(params.id ?? '')));
  }
  return listener((req, res) => router.lookup(req, res));
}

// ---- Fastify ----------------------------------------------------------------------------------

async function fastify(): Promise<Server> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/items/:id', async (req) => itemFor(req.params.id));
  await app.ready();
  return app.server;
}

/**
 * What a Fastify 5 app writes to do what the DSL route does, with the plugins a Fastify user would
 * reach for: the header condition (404 otherwise), the boolean query binding by a querystring
 * schema (400 when invalid), JSON or XML by `@fastify/accepts` with `Vary`, `Cache-Control`,
 * `nosniff`, and a strong ETag from the bytes (SHA-1, and its 304) by `@fastify/etag`.
 */
async function fastifySame(): Promise<Server> {
  const [{ default: Fastify }, { default: accepts }, { default: etag }] = await Promise.all([
    import('fastify'),
    import('@fastify/accepts'),
    import('@fastify/etag'),
  ]);
  const app = Fastify({ logger: false });
  await app.register(accepts);
  await app.register(etag);
  app.get<{ Params: { id: string }; Querystring: { verbose: boolean } }>(
    '/items/:id',
    { schema: { querystring: { type: 'object', properties: { verbose: { type: 'boolean', default: false } } } } },
    async (req, reply) => {
      if (req.headers['x-client'] !== 'bench') return reply.callNotFound();
      reply.header('cache-control', 'max-age=60').header('vary', 'Accept').header('x-content-type-options', 'nosniff');
      const item = itemFor(req.params.id);
      switch (req.accepts().type(['application/json', 'application/xml'])) {
        case 'application/json':
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(item));
        case 'application/xml':
          return reply.type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?>${xmlBuilder().buildObject({ items: item })}`);
        default:
          return reply.code(406).send({ title: 'Not Acceptable' });
      }
    },
  );
  await app.ready();
  return app.server;
}

// ---- bare Express 5 ---------------------------------------------------------------------------

function bareExpress(routes = 1, prefix = (i: number) => (routes === 1 ? '' : `/r${i}`)): Server {
  const app = express();
  for (let i = 0; i < routes; i++) app.get(`${prefix(i)}/items/:id`, (req, res) => void res.json(itemFor(req.params.id as string)));
  return listener(app);
}

/**
 * The floor of any middleware mounted with `app.use`: Express hands the request to a middleware
 * that writes the JSON as raw node:http does (no negotiation, no ETag, no cache headers).
 */
function expressUseRaw(): Server {
  const app = express();
  app.use((req, res) => writeJson(res, itemFor(itemId(req.url))));
  return listener(app);
}

/**
 * What an Express 5 app writes by hand to do what the DSL route does: the header condition, the
 * boolean query binding (400 when invalid), JSON or XML by `res.format` (which adds `Vary`),
 * `Cache-Control` and a strong ETag from the bytes.
 */
function expressSame(): Server {
  const app = express();
  app.set('etag', 'strong');
  app.get('/items/:id', (req, res, next) => {
    if (req.get('x-client') !== 'bench') return next();
    const verbose = req.query.verbose ?? 'false';
    if (verbose !== 'true' && verbose !== 'false') return void res.status(400).json({ title: 'verbose must be true or false' });
    const item = itemFor(req.params.id);
    res.set('Cache-Control', 'max-age=60');
    res.format({
      'application/json': () => void res.json(item),
      'application/xml': () => void res.type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?>${xmlBuilder().buildObject({ items: item })}`),
    });
  });
  return listener(app);
}

const xmlBuilder = () => new Builder({ headless: true, renderOpts: { pretty: false } });

/** Express negotiating JSON and XML with `res.format`, writing XML with xml2js as the DSL does. */
function expressFormat(): Server {
  const app = express();
  app.get('/items/:id', (req, res) => {
    const item = itemFor(req.params.id);
    res.format({
      'application/json': () => void res.json(item),
      'application/xml': () => void res.type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?>${xmlBuilder().buildObject({ items: item })}`),
    });
  });
  return listener(app);
}

function expressPost(): Server {
  const app = express();
  app.post('/echo', express.json(), (req, res) => void res.json(req.body));
  return listener(app);
}

function expressPut(): Server {
  const app = express();
  let stored: unknown;
  app.put('/blobs/:id', express.json({ limit: '2mb' }), (req, res) => {
    stored = req.body;
    sampleMemory();
    res.status(204).end();
  });
  void stored;
  return listener(app);
}

// ---- the DSL ----------------------------------------------------------------------------------

/**
 * The route of the JSON GET cases: JSON or XML by negotiation, a strong ETag from the bytes,
 * `max-age=60`, a query binding and a header condition.
 */
function declareItemRoute(api: Router, path: string, options: { etag?: boolean } = {}): void {
  const route = api
    .get(path as '/items/{id}')
    .produces('application/json', 'application/xml')
    .headers('X-Client=bench')
    .query('verbose', { type: 'boolean', defaultValue: 'false' })
    .cache({ maxAge: 60 });
  (options.etag === true ? route.etag(() => VERSION) : route).handle((ctx) => itemFor(ctx.path.id));
}

function dslApp(declare: (api: Router) => void): express.Express {
  const api = createRouter();
  declare(api);
  const app = express();
  app.use(api.middleware());
  return app;
}

/** The same routes answered before Express: `http.createServer(api.wrap(app))`. */
function dslWrapped(declare: (api: Router) => void): Server {
  const api = createRouter();
  declare(api);
  return listener(api.wrap(express()));
}

function dslRoutes(routes: number): Server {
  return listener(
    dslApp((api) => {
      for (let i = 0; i < routes; i++) declareItemRoute(api, `/r${i}/items/{id}`);
    }),
  );
}

function dslBodies(wrap = false): Server {
  let stored: unknown;
  const declare = (api: Router): void => {
    api
      .post('/echo')
      .consumes('application/json', 'application/xml')
      .produces('application/json', 'application/xml')
      .body(Object)
      .handle((ctx) => ctx.body);
    api
      .put('/blobs/{id}')
      .consumes('application/json')
      .limit(2 * 1024 * 1024)
      .body(Object)
      .handle((ctx) => {
        stored = ctx.body;
        sampleMemory();
        return undefined;
      });
  };
  void stored;
  return wrap ? dslWrapped(declare) : listener(dslApp(declare));
}

/**
 * The routes the hostile case needs beside the service's own: a number binding (finding 6), a
 * string answered without `produces`, negotiated against every type the registry writes (finding 4),
 * a multipart upload whose files are stored (issue 33), and a cookie binding (finding 7).
 */
function dslHostile(): Server {
  // Loaded here: a baseline from before uploads has no Multipart.
  const { Multipart } = require('../src') as typeof import('../src');
  return listener(
    dslApp((api) => {
      api
        .put('/uploads')
        .body(Multipart)
        .handle((ctx) => ({ files: ctx.body.files.length }));
      declareItemRoute(api, '/items/{id}');
      api
        .get('/numbers')
        .query('x', { type: 'number' })
        .handle((ctx) => ({ x: ctx.query.x }));
      api.get('/text').handle(() => 'plain text');
      api
        .get('/session')
        .cookie('session')
        .handle((ctx) => ({ session: ctx.cookie.session }));
    }),
  );
}

// ---- hooks (issue 21): a request id, a bearer-token check, an access log ------------------------

/** The token the hooks case's requests carry. */
export const BENCH_TOKEN = 'bench-token';
const BEARER = `Bearer ${BENCH_TOKEN}`;
let nextRequestId = 0;
/** Where both sides' access-log lines go: formatted, then counted (a logger's cost is not the case's). */
let accessLines = 0;
function accessLog(method: string | undefined, url: string | undefined, status: number, ms: number): void {
  if (`${method} ${url} ${status} ${ms.toFixed(2)}`.length > 0) accessLines++;
}

/** The three as router hooks: the id on onRequest and onSend, the token on preHandler, the log on onResponse. */
const threeHooks = (): readonly HookSet<never>[] => [
  hooks<{ requestId: string }>({
    onRequest: (ctx) => ctx.set('requestId', ctx.headers['x-request-id']?.toString() ?? String(++nextRequestId)),
    onSend: (ctx, head) => void (head.headers['x-request-id'] = ctx.state.requestId),
  }),
  {
    preHandler: (ctx) => {
      if (ctx.headers.authorization !== BEARER) throw new Unauthorized('A bearer token is required');
    },
  },
  { onResponse: (ctx, finished) => accessLog(ctx.method, ctx.target, finished.status, finished.ms) },
];

/** The DSL item route wrapped, with the three hooks on the router. */
function dslWrappedHooks(list: readonly HookSet<never>[]): Server {
  const api = createRouter({ hooks: list });
  declareItemRoute(api as Router, '/items/{id}');
  return listener(api.wrap(express()));
}

/** Bare Express with the same three as Express middleware, before its JSON route. */
function expressHooks(): Server {
  const app = express();
  app.use((req, res, next) => {
    res.setHeader('X-Request-Id', req.get('x-request-id') ?? String(++nextRequestId));
    next();
  });
  app.use((req, _res, next) => next(req.get('authorization') === BEARER ? undefined : new Unauthorized('A bearer token is required')));
  app.use((req, res, next) => {
    const start = performance.now();
    res.once('finish', () => accessLog(req.method, req.originalUrl, res.statusCode, performance.now() - start));
    next();
  });
  app.get('/items/:id', (req, res) => void res.json(itemFor(req.params.id as string)));
  return listener(app);
}

/**
 * The illustrative service as `npm start` builds it, logging nothing, without the shared cache (its
 * hits would cost less than any request), with the development accounts (the bench runs under
 * NODE_ENV=production, which refuses them by default): the cases' writes send their admin token.
 */
function service(store?: ServiceStore, eventStreams?: EventStreamLimits): Server {
  const { createApp } = require('../routes/app') as typeof import('../routes/app');
  const { serviceAccounts } = require('../routes/auth/accounts') as typeof import('../routes/auth/accounts');
  const { createLogger } = require('../routes/http/request-logger') as typeof import('../routes/http/request-logger');
  return listener(
    createApp({ cache: false, logger: createLogger({ LOG_LEVEL: 'silent' }), accounts: serviceAccounts({}), ...(store !== undefined && { store }), ...(eventStreams !== undefined && { eventStreams }) }).app,
  );
}

/**
 * The service with room for the fan-out variants' subscribers: 1,000 event streams from the one
 * address they all come from (the service's default is 20 per address).
 */
const SUBSCRIBABLE: EventStreamLimits = { maxStreams: 1000, maxStreamsPerRoute: 1000, maxStreamsPerClient: 1000 };

/** The service on SQLite, in a data folder of its own that goes when the process exits. */
async function serviceOnSqlite(): Promise<Server> {
  const dir = mkdtempSync(path.join(tmpdir(), 'represent-bench-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const { openStore, storeLocation } = require('../routes/store/open-store') as typeof import('../routes/store/open-store');
  return service(await openStore(storeLocation({ DATA_DIR: dir })));
}

/**
 * The service on PostgreSQL: a server of its own, started as the tests start theirs (initdb in a
 * temporary folder, a free port), stopped by its PID when the process exits.
 */
async function serviceOnPostgres(): Promise<Server> {
  const { startPostgres } = require('../__tests__/setup/postgres') as typeof import('../__tests__/setup/postgres');
  const { openStore, storeLocation } = require('../routes/store/open-store') as typeof import('../routes/store/open-store');
  const postgres = await startPostgres();
  process.on('exit', () => postgres.stopNow());
  return service(await openStore(storeLocation({ DATABASE_URL: await postgres.createDatabase() })));
}

/**
 * The DSL item route behind cache().wrap on a TieredStore over the run's redis-server
 * (`BENCH_REDIS_URL`, started by bench/run.ts): with `l1Bytes` 0 the L1 holds nothing, so every hit
 * is read from Redis (the Redis tier); by default hits come from the L1.
 */
async function dslTiered(l1Bytes?: number): Promise<Server> {
  const url = process.env.BENCH_REDIS_URL;
  if (url === undefined) throw new Error('BENCH_REDIS_URL is not set: run the case through npm run bench');
  const store = new TieredStore({ redis: new RedisStore({ url }), maxBytes: l1Bytes });
  await Promise.all([store.ready(), store.redis.whenAvailable()]);
  const shared = cache({ statusHeader: 'X-Cache', store });
  return listener(shared.wrap(dslApp((api) => declareItemRoute(api, '/items/{id}'))));
}

export const SERVERS: Readonly<Record<string, ServerFactory>> = {
  'node-raw': rawNode,
  fastify,
  'fastify-same': fastifySame,
  'express-json': () => bareExpress(),
  'express-use-raw': expressUseRaw,
  'express-same': expressSame,
  dsl: () => listener(dslApp((api) => declareItemRoute(api, '/items/{id}'))),
  'dsl-wrap': () => dslWrapped((api) => declareItemRoute(api, '/items/{id}')),
  'dsl-wrap-channels': () => {
    subscribeDoingNothing();
    return dslWrapped((api) => declareItemRoute(api, '/items/{id}'));
  },
  'dsl-wrap-otel': () => {
    startOpenTelemetry();
    return dslWrapped((api) => declareItemRoute(api, '/items/{id}'));
  },
  'dsl-10': () => dslRoutes(10),
  'dsl-1000': () => dslRoutes(1000),
  'dsl-5000': () => dslRoutes(5000),
  'express-10': () => bareExpress(10),
  'express-1000': () => bareExpress(1000),
  'express-5000': () => bareExpress(5000),
  'fmw-10': () => findMyWay(10),
  'fmw-1000': () => findMyWay(1000),
  'fmw-5000': () => findMyWay(5000),
  'dsl-etag': () => listener(dslApp((api) => declareItemRoute(api, '/items/{id}', { etag: true }))),
  'dsl-wrap-hooks': () => dslWrappedHooks(threeHooks()),
  'dsl-wrap-no-hooks': () => dslWrappedHooks([]),
  'express-hooks': expressHooks,
  'dsl-wrap-etag': () => dslWrapped((api) => declareItemRoute(api, '/items/{id}', { etag: true })),
  'dsl-cached': () => {
    // X-Cache says how each answer was made, so the harness can check that hits are fresh hits.
    const shared = cache({ statusHeader: 'X-Cache' });
    return listener(shared.wrap(dslApp((api) => declareItemRoute(api, '/items/{id}'))));
  },
  'dsl-cached-l1': () => dslTiered(),
  'dsl-cached-redis': () => dslTiered(0),
  'express-format': expressFormat,
  'express-post': expressPost,
  'express-put': expressPut,
  'dsl-bodies': () => dslBodies(),
  'dsl-wrap-bodies': () => dslBodies(true),
  'dsl-hostile': dslHostile,
  service: () => service(),
  'service-memory': () => service(),
  'service-sqlite': serviceOnSqlite,
  'service-postgres': serviceOnPostgres,
  // A second process of the service, whose bookcase the hostile case fills with a megabyte.
  'service-large': () => service(),
  // Two processes of the service for the event fan-out: one whose stream has 999 subscribers, one without.
  'service-subscribed': () => service(undefined, SUBSCRIBABLE),
  'service-unsubscribed': () => service(undefined, SUBSCRIBABLE),
};

export type { IncomingMessage };
export { BROWSER_ACCEPT };
