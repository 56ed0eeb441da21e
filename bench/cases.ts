/**
 * The cases of issue 6: what each variant sends, which server answers it, the status it must get,
 * and the same-round ratios with their targets.
 */
import { DEVELOPMENT_TOKENS } from '../routes/auth/accounts';
import { subscribe } from './event-subscribers';
import { send } from './harness';
import { BROWSER_ACCEPT } from './fixtures';
import { LARGE_JSON, SMALL_JSON, SMALL_XML } from './payloads';
import {
  ACCEPT_INVALID_RANGES,
  ACCEPT_MANY_RANGES,
  CONTENT_TYPE_MANY_PARAMETERS,
  COOKIES_BAD_PERCENT,
  COOKIES_TOO_MANY,
  HOST_WITH_PATH,
  LARGE_BOOKCASE_JSON,
  MULTIPART_BOUNDARY,
  MULTIPART_EMPTY_PARTS,
  MULTIPART_NAMELESS_PARTS,
  MULTIPART_ONE_FILE,
  LARGE_BOOKCASE_JSON_ESCAPED,
  NESTED_ARRAYS_JSON,
  LARGE_BOOKCASE_XML,
  NORMAL_COOKIE,
  NUMBER_DIGITS_RUN,
  PATCH_MOVES,
  PATCH_ONE,
  XML_ATTRIBUTE_RUN,
} from './hostile-inputs';

export interface RequestSpec {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Each `[<id>]` in the body becomes a new random id per request, so that every write changes something. */
  readonly idReplacement?: boolean;
}

export interface Variant {
  readonly id: string;
  /** A name in `bench/servers.ts`; variants of one case naming the same server (and root) share its process. */
  readonly server: string;
  /**
   * The checkout whose `bench/server.ts` runs the server, with its own src/: this tree by default,
   * another commit's for the twin of a variant measured at a baseline (bench/baseline.ts).
   */
  readonly root?: string;
  readonly request: RequestSpec;
  /** The only status counted as expected. */
  readonly status: number;
  /**
   * Response fields the variant's answer must carry, checked on one request before the rounds and
   * one after them (autocannon counts statuses only): a cache hit's `Age`, the DSL's strong ETag.
   */
  readonly fields?: Readonly<Record<string, RegExp>>;
  /** Runs once before the rounds: request headers that depend on the server (an ETag to revalidate). */
  readonly prepare?: (origin: string) => Promise<Readonly<Record<string, string>>>;
  /** Peak live memory per request is probed for this variant (the server runs with --expose-gc). */
  readonly memory?: boolean;
  /**
   * Connections to load it with, when not the run's: requests that write one stored item in turn
   * (a read-modify-write PATCH) would otherwise race each other into 412s.
   */
  readonly connections?: number;
}

export interface Ratio {
  readonly label: string;
  readonly of: string;
  readonly to: string;
  /**
   * What is divided: throughput (`rps`, the default: higher is better) or server CPU time per
   * request (`cpu`: lower is better, so its target is a `max`).
   */
  readonly metric?: 'rps' | 'cpu';
  /** The ratio must be at least this. */
  readonly min?: number;
  /** The ratio must be at most this. */
  readonly max?: number;
}

export interface Case {
  readonly id: string;
  readonly title: string;
  readonly variants: readonly Variant[];
  readonly ratios: readonly Ratio[];
  /** Its servers need a redis-server, which the run starts (`BENCH_REDIS_URL`). */
  readonly redis?: true;
  /** A variant's peak live memory per request must stay under `factor` times `bytes`. */
  readonly memoryTargets?: readonly { readonly variant: string; readonly bytes: number; readonly factor: number }[];
}

const ITEM_HEADERS = { 'x-client': 'bench', accept: 'application/json' } as const;
const get = (path: string, headers: Readonly<Record<string, string>> = ITEM_HEADERS): RequestSpec => ({ method: 'GET', path, headers });
const ITEM_PATH = '/items/42?verbose=false';
/** The item GET answered 200 by the server named `server`, with the fields it must carry. */
const itemGet = (server: string, fields: Variant['fields'], headers?: Readonly<Record<string, string>>): Variant => ({
  id: server,
  server,
  request: get(ITEM_PATH, headers),
  status: 200,
  fields,
});
/** The request id the hooks case's servers answer with. */
const REQUEST_ID = { 'x-request-id': /^\d+$/ } as const;
/** The item request with the bearer token the hooks case checks (`BENCH_TOKEN` in bench/servers.ts). */
const AUTHORISED = { ...ITEM_HEADERS, authorization: 'Bearer bench-token' } as const;
/** Answers in JSON and in XML. */
const JSON_TYPE = { 'content-type': /^application\/json/ } as const;
const XML_TYPE = { 'content-type': /^application\/xml/ } as const;
/** A 304 from the `.etag()` hook: the tag and the cache headers, and no body's fields. */
const DSL_NOT_MODIFIED = { etag: /^"[^"]+"$/, 'cache-control': /max-age=60/ } as const;
/** What the DSL's item route does beyond the JSON: a strong ETag, cache headers, `Vary`. */
const DSL_ITEM = { ...DSL_NOT_MODIFIED, vary: /accept/i, ...JSON_TYPE } as const;

/** The item GET asking for XML. */
const XML_HEADERS = { 'x-client': 'bench', accept: 'application/xml' } as const;
/** The DSL item route's answer in XML: the same validators and cache headers. */
const DSL_XML_ITEM = { ...DSL_NOT_MODIFIED, vary: /accept/i, ...XML_TYPE } as const;

/** Echo a small body in the format it came in. */
const echo = (type: 'json' | 'xml', body: string): RequestSpec => ({
  method: 'POST',
  path: '/echo',
  headers: { 'content-type': `application/${type}`, accept: `application/${type}` },
  body,
});
const ECHO_JSON = echo('json', SMALL_JSON);
const ECHO_XML = echo('xml', SMALL_XML);
const PUT_LARGE: RequestSpec = { method: 'PUT', path: '/blobs/1', headers: { 'content-type': 'application/json' }, body: LARGE_JSON };

/** Sends the request once first, so that the shared cache holds its answer before it is checked. */
function prime(request: RequestSpec): (origin: string) => Promise<Record<string, string>> {
  return async (origin) => {
    await send(origin, request);
    return {};
  };
}

/** Fetches the ETag a server gives the request, to revalidate with it. */
function revalidate(request: RequestSpec): (origin: string) => Promise<Record<string, string>> {
  return async (origin) => {
    const etag = (await send(origin, request)).headers.etag;
    if (etag === undefined) throw new Error(`${origin}${request.path} gives no ETag`);
    return { 'if-none-match': etag };
  };
}

/** The service's writes need the admin's bearer token (routes/README.md): the development one, as `npm start` has it. */
const AS_ADMIN = { authorization: `Bearer ${DEVELOPMENT_TOKENS.admin}` } as const;

/** Puts the megabyte bookcase in place, so that the patches of the hostile case work on it. */
const storeLargeBookcase = async (origin: string): Promise<Record<string, string>> => {
  const { status } = await send(origin, { method: 'PUT', path: '/bookcase', headers: { 'content-type': 'application/json', ...AS_ADMIN }, body: LARGE_BOOKCASE_JSON });
  if (status !== 204) throw new Error(`PUT of the large bookcase answered ${status}`);
  return {};
};
const USER = get('/users/1', { accept: 'application/json' });
/** A multipart upload to the hostile case's route that stores its files. */
const upload = (body: string): RequestSpec => ({ method: 'PUT', path: '/uploads', headers: { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, accept: 'application/json' }, body });
const SMALL_BOOKCASE = JSON.stringify({ name: 'Hall', books: [] });
const putBookcase = (type: string, body: string): RequestSpec => ({ method: 'PUT', path: '/bookcase', headers: { 'content-type': type, ...AS_ADMIN }, body });
const patchBookcase = (body: string): RequestSpec => ({ method: 'PATCH', path: '/bookcase', headers: { 'content-type': 'application/json-patch+json', accept: 'application/json', ...AS_ADMIN }, body });
/** The bookcase GET of the stores case, its JSON and validators, with the shared cache off. */
const BOOKCASE_GET = get('/bookcase', { accept: 'application/json' });
/**
 * A conditional PUT that always holds (`If-Match: *`: the bookcase exists) and always changes
 * the bookcase (a new name per request), so each is a real write: the transaction, the
 * compare-and-set, the commit on disk. One connection: writes take turns on the clock row anyway.
 */
const BOOKCASE_PUT: RequestSpec = { method: 'PUT', path: '/bookcase', headers: { 'content-type': 'application/json', 'if-match': '*', ...AS_ADMIN }, body: JSON.stringify({ name: 'Hall [<id>]', books: [] }), idReplacement: true };
/** The subscribers of the fan-out variant: each write is sent to every one of them. */
const SUBSCRIBERS = 999;
/** A write of user 1: a change, sent as an event to every subscriber of GET /users/events. */
const USER_PUT: RequestSpec = {
  method: 'PUT',
  path: '/users/1',
  headers: { 'content-type': 'application/json', accept: 'application/json', ...AS_ADMIN },
  body: JSON.stringify({ name: 'Ada [<id>]', email: 'ada@example.com', role: 'admin' }),
  // A new name each time: a PUT of what is stored changes nothing, and sends no event.
  idReplacement: true,
};
/** Opens the subscribers' streams from a process of their own, whose CPU is not the server's. */
const subscribed = async (origin: string): Promise<Record<string, string>> => {
  await subscribe(origin, '/users/events', SUBSCRIBERS);
  return {};
};
const STORES = ['memory', 'sqlite', 'postgres'] as const;

/** Server CPU time per request: a hostile request may cost at most three times its normal counterpart. */
const costs = (label: string, of: string, to: string, max?: number): Ratio => ({ label, of, to, metric: 'cpu', ...(max !== undefined && { max }) });

const routesCase = (kind: 'dsl' | 'express' | 'fmw', count: number): Variant => ({
  id: `${kind}-${count}`,
  server: `${kind}-${count}`,
  request: get(`/r${count - 1}${ITEM_PATH}`),
  status: 200,
  ...(kind === 'dsl' && { fields: DSL_ITEM }),
});

export const CASES: readonly Case[] = [
  {
    id: 'json-get',
    title: '1. JSON GET of a small object',
    variants: [
      { id: 'node-raw', server: 'node-raw', request: get(ITEM_PATH), status: 200 },
      { id: 'fastify', server: 'fastify', request: get(ITEM_PATH), status: 200 },
      { id: 'fastify-same', server: 'fastify-same', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
      { id: 'express', server: 'express-json', request: get(ITEM_PATH), status: 200 },
      { id: 'express-use-raw', server: 'express-use-raw', request: get(ITEM_PATH), status: 200 },
      { id: 'express-same', server: 'express-same', request: get(ITEM_PATH), status: 200 },
      { id: 'dsl', server: 'dsl', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
      { id: 'dsl-wrap', server: 'dsl-wrap', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
    ],
    ratios: [
      { label: 'DSL, api.wrap(app) / bare Express', of: 'dsl-wrap', to: 'express', min: 1.0 },
      // Issue 26: the wrapped route at Fastify's throughput and CPU, the middleware mount 1.2x Express.
      { label: 'DSL, api.wrap(app) / Fastify', of: 'dsl-wrap', to: 'fastify', min: 1.0 },
      costs('the same, server CPU per request (DSL / Fastify)', 'dsl-wrap', 'fastify', 1.0),
      { label: 'DSL, api.wrap(app) / Fastify doing the same with its plugins', of: 'dsl-wrap', to: 'fastify-same' },
      costs('the same, server CPU per request (DSL / Fastify doing the same)', 'dsl-wrap', 'fastify-same'),
      { label: 'DSL, app.use(api.middleware()) / bare Express', of: 'dsl', to: 'express', min: 1.2 },
      { label: 'DSL, app.use(api.middleware()) / Express doing the same by hand', of: 'dsl', to: 'express-same' },
      { label: 'Express to a raw-writing app.use middleware / bare Express', of: 'express-use-raw', to: 'express' },
      { label: 'DSL, app.use(api.middleware()) / Express to a raw-writing middleware', of: 'dsl', to: 'express-use-raw' },
      { label: 'Fastify / bare Express', of: 'fastify', to: 'express' },
      { label: 'raw node / bare Express', of: 'node-raw', to: 'express' },
      { label: 'DSL, api.wrap(app) / raw node', of: 'dsl-wrap', to: 'node-raw' },
    ],
  },
  {
    // Run with --baseline <a commit before the channels>: each mount against its twin there, and
    // bare Express (identical code on both sides) for the run's noise.
    id: 'channels-off',
    title: '1u. The JSON GET of case 1, no subscriber on the diagnostics channels (issue 39)',
    variants: [
      { id: 'express', server: 'express-json', request: get(ITEM_PATH), status: 200 },
      { id: 'dsl', server: 'dsl', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
      { id: 'dsl-wrap', server: 'dsl-wrap', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
    ],
    ratios: [{ label: 'DSL, api.wrap(app) / bare Express', of: 'dsl-wrap', to: 'express' }],
  },
  {
    id: 'tracing',
    title: '1t. The JSON GET of case 1 traced (issue 39)',
    variants: [
      { id: 'dsl-wrap', server: 'dsl-wrap', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
      { id: 'dsl-wrap-channels', server: 'dsl-wrap-channels', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
      { id: 'dsl-wrap-otel', server: 'dsl-wrap-otel', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
    ],
    ratios: [
      { label: 'every channel subscribed, doing nothing / no subscriber', of: 'dsl-wrap-channels', to: 'dsl-wrap' },
      { label: 'represent/otel with the SDK (spans batched, dropped) / no subscriber', of: 'dsl-wrap-otel', to: 'dsl-wrap' },
      costs('the same, server CPU per request (represent/otel / no subscriber)', 'dsl-wrap-otel', 'dsl-wrap'),
    ],
  },
  {
    id: 'xml-get',
    title: '1c. XML GET of the small object of case 1 (issue 26)',
    variants: [
      { id: 'dsl-wrap-json', server: 'dsl-wrap', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
      { id: 'dsl-wrap-xml', server: 'dsl-wrap', request: get(ITEM_PATH, XML_HEADERS), status: 200, fields: DSL_XML_ITEM },
      { id: 'dsl-json', server: 'dsl', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
      { id: 'dsl-xml', server: 'dsl', request: get(ITEM_PATH, XML_HEADERS), status: 200, fields: DSL_XML_ITEM },
    ],
    ratios: [
      { label: 'DSL XML / DSL JSON, api.wrap(app)', of: 'dsl-wrap-xml', to: 'dsl-wrap-json', min: 0.8 },
      { label: 'the same, server CPU per request (XML / JSON)', of: 'dsl-wrap-xml', to: 'dsl-wrap-json', metric: 'cpu' },
      { label: 'DSL XML / DSL JSON, app.use(api.middleware())', of: 'dsl-xml', to: 'dsl-json' },
    ],
  },
  {
    id: 'hooks',
    title: '1b. JSON GET with three hooks (request id, bearer check, access log)',
    variants: [
      itemGet('dsl-wrap-hooks', { ...DSL_ITEM, ...REQUEST_ID }, AUTHORISED),
      itemGet('express-hooks', REQUEST_ID, AUTHORISED),
      itemGet('dsl-wrap-no-hooks', DSL_ITEM),
      itemGet('dsl-wrap', DSL_ITEM),
    ],
    ratios: [
      { label: 'DSL + 3 hooks, api.wrap(app) / Express + the same 3 middleware', of: 'dsl-wrap-hooks', to: 'express-hooks', min: 2.5 },
      { label: 'DSL, createRouter({ hooks: [] }), api.wrap(app) / DSL, api.wrap(app)', of: 'dsl-wrap-no-hooks', to: 'dsl-wrap', min: 0.9 },
      { label: 'DSL + 3 hooks / DSL without hooks, api.wrap(app)', of: 'dsl-wrap-hooks', to: 'dsl-wrap' },
    ],
  },
  {
    id: 'route-table',
    title: '2. Route-table scaling (the last of N routes)',
    variants: [10, 1000, 5000].flatMap((n) => [routesCase('dsl', n), routesCase('express', n), routesCase('fmw', n)]),
    ratios: [
      { label: 'DSL 5,000 / 10 routes', of: 'dsl-5000', to: 'dsl-10', min: 0.95 },
      { label: 'DSL 1,000 / 10 routes', of: 'dsl-1000', to: 'dsl-10' },
      { label: 'Express 5,000 / 10 routes', of: 'express-5000', to: 'express-10' },
      { label: 'find-my-way 5,000 / 10 routes', of: 'fmw-5000', to: 'fmw-10' },
    ],
  },
  {
    id: 'conditional',
    title: '3. Conditional GET: 200 versus 304',
    variants: [
      { id: 'dsl-200', server: 'dsl-etag', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
      { id: 'dsl-304', server: 'dsl-etag', request: get(ITEM_PATH), status: 304, prepare: revalidate(get(ITEM_PATH)), fields: DSL_NOT_MODIFIED },
      { id: 'dsl-wrap-200', server: 'dsl-wrap-etag', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
      { id: 'dsl-wrap-304', server: 'dsl-wrap-etag', request: get(ITEM_PATH), status: 304, prepare: revalidate(get(ITEM_PATH)), fields: DSL_NOT_MODIFIED },
      { id: 'express-200', server: 'express-json', request: get(ITEM_PATH), status: 200 },
      { id: 'express-304', server: 'express-json', request: get(ITEM_PATH), status: 304, prepare: revalidate(get(ITEM_PATH)) },
      // The floor: node:http writing the whole 200 by hand, with nothing to look up.
      { id: 'node-raw', server: 'node-raw', request: get(ITEM_PATH), status: 200 },
    ],
    ratios: [
      { label: 'DSL 304 (.etag hook) / DSL 200, api.wrap(app)', of: 'dsl-wrap-304', to: 'dsl-wrap-200', min: 1.3 },
      { label: 'DSL 304 (.etag hook) / DSL 200, middleware', of: 'dsl-304', to: 'dsl-200', min: 1.3 },
      { label: 'Express 304 / Express 200', of: 'express-304', to: 'express-200' },
      { label: 'DSL 304 / Express 304', of: 'dsl-304', to: 'express-304' },
      // Issue 26: a 304 costs no more than raw node:http's 200 of the same body.
      { label: 'DSL 304, api.wrap(app) / raw node 200', of: 'dsl-wrap-304', to: 'node-raw', min: 1.0 },
    ],
  },
  {
    id: 'cache',
    title: '4. Cache hits through cache().wrap(app)',
    variants: [
      { id: 'cache-hit', server: 'dsl-cached', request: get(ITEM_PATH), status: 200, prepare: prime(get(ITEM_PATH)), fields: { ...DSL_ITEM, age: /^\d+$/, 'x-cache': /^HIT$/ } },
      { id: 'cache-off', server: 'dsl', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
      { id: 'node-raw', server: 'node-raw', request: get(ITEM_PATH), status: 200 },
      { id: 'express', server: 'express-json', request: get(ITEM_PATH), status: 200 },
    ],
    ratios: [
      { label: 'cache hit / raw node', of: 'cache-hit', to: 'node-raw', min: 0.7 },
      { label: 'cache hit / bare Express', of: 'cache-hit', to: 'express', min: 4 },
      { label: 'cache hit / cache off', of: 'cache-hit', to: 'cache-off' },
    ],
  },
  {
    id: 'redis-cache',
    title: '4b. Cache hits on the two-tier store: L1, Redis tier, and in-process',
    redis: true,
    variants: [
      { id: 'l1-hit', server: 'dsl-cached-l1', request: get(ITEM_PATH), status: 200, prepare: prime(get(ITEM_PATH)), fields: { ...DSL_ITEM, age: /^\d+$/, 'x-cache': /^HIT$/ } },
      { id: 'redis-hit', server: 'dsl-cached-redis', request: get(ITEM_PATH), status: 200, prepare: prime(get(ITEM_PATH)), fields: { ...DSL_ITEM, age: /^\d+$/, 'x-cache': /^HIT$/ } },
      { id: 'cache-hit', server: 'dsl-cached', request: get(ITEM_PATH), status: 200, prepare: prime(get(ITEM_PATH)), fields: { ...DSL_ITEM, age: /^\d+$/, 'x-cache': /^HIT$/ } },
      { id: 'cache-off', server: 'dsl', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
    ],
    ratios: [
      { label: 'L1 hit / in-process hit', of: 'l1-hit', to: 'cache-hit', min: 0.8 },
      { label: 'Redis-tier hit / in-process hit', of: 'redis-hit', to: 'cache-hit' },
      { label: 'Redis-tier hit / cache off', of: 'redis-hit', to: 'cache-off' },
    ],
  },
  {
    id: 'bodies',
    title: '5. Bodies: POST 1 KB JSON and XML echo, PUT 1 MB JSON',
    variants: [
      {
        id: 'express-post',
        server: 'express-post',
        request: ECHO_JSON,
        status: 200,
        fields: JSON_TYPE,
      },
      {
        id: 'dsl-post-json',
        server: 'dsl-bodies',
        request: ECHO_JSON,
        status: 200,
        fields: JSON_TYPE,
      },
      {
        id: 'dsl-wrap-post-json',
        server: 'dsl-wrap-bodies',
        request: ECHO_JSON,
        status: 200,
        fields: JSON_TYPE,
      },
      {
        id: 'dsl-wrap-post-xml',
        server: 'dsl-wrap-bodies',
        request: ECHO_XML,
        status: 200,
        fields: XML_TYPE,
      },
      {
        id: 'dsl-post-xml',
        server: 'dsl-bodies',
        request: ECHO_XML,
        status: 200,
        fields: XML_TYPE,
      },
      {
        id: 'express-put',
        server: 'express-put',
        request: PUT_LARGE,
        status: 204,
        memory: true,
      },
      {
        id: 'dsl-put',
        server: 'dsl-bodies',
        request: PUT_LARGE,
        status: 204,
        memory: true,
      },
    ],
    ratios: [
      { label: 'DSL JSON POST, api.wrap(app) / express.json()', of: 'dsl-wrap-post-json', to: 'express-post', min: 1.0 },
      { label: 'DSL JSON POST, middleware / express.json()', of: 'dsl-post-json', to: 'express-post', min: 1.0 },
      { label: 'DSL XML POST / DSL JSON POST, api.wrap(app)', of: 'dsl-wrap-post-xml', to: 'dsl-wrap-post-json', min: 0.5 },
      { label: 'DSL XML POST / DSL JSON POST, middleware', of: 'dsl-post-xml', to: 'dsl-post-json', min: 0.5 },
      { label: 'DSL 1 MB PUT / express.json()', of: 'dsl-put', to: 'express-put' },
    ],
    memoryTargets: [
      { variant: 'dsl-put', bytes: LARGE_JSON.length, factor: 4 },
      { variant: 'express-put', bytes: LARGE_JSON.length, factor: 4 },
    ],
  },
  {
    id: 'negotiation',
    title: '6. Negotiation under a browser Accept (XML wins at q=0.9)',
    variants: [
      { id: 'dsl-browser', server: 'dsl', request: get(ITEM_PATH, { 'x-client': 'bench', accept: BROWSER_ACCEPT }), status: 200, fields: XML_TYPE },
      { id: 'dsl-xml', server: 'dsl', request: get(ITEM_PATH, { 'x-client': 'bench', accept: 'application/xml' }), status: 200, fields: XML_TYPE },
      { id: 'express-format', server: 'express-format', request: get(ITEM_PATH, { 'x-client': 'bench', accept: BROWSER_ACCEPT }), status: 200, fields: XML_TYPE },
    ],
    ratios: [
      { label: 'DSL browser Accept / Express res.format', of: 'dsl-browser', to: 'express-format' },
      { label: 'DSL browser Accept / plain application/xml', of: 'dsl-browser', to: 'dsl-xml' },
    ],
  },
  {
    id: 'hostile',
    title: '7. Hostile input at its size limit: server CPU per request against the normal request',
    variants: [
      // The service (routes/), headers at what fits in node's 16 KiB head, bodies at the 1 MiB limit.
      { id: 'user-get', server: 'service', request: USER, status: 200, fields: JSON_TYPE },
      { id: 'host-with-path', server: 'service', request: get('/users/1', { accept: 'application/json', host: HOST_WITH_PATH }), status: 400 },
      { id: 'accept-invalid', server: 'service', request: get('/users/1', { accept: ACCEPT_INVALID_RANGES }), status: 406 },
      { id: 'put-small', server: 'service', request: putBookcase('application/json', SMALL_BOOKCASE), status: 204 },
      { id: 'content-type-params', server: 'service', request: putBookcase(CONTENT_TYPE_MANY_PARAMETERS, SMALL_BOOKCASE), status: 415 },
      { id: 'xml-bookcase', server: 'service-large', request: putBookcase('application/xml', LARGE_BOOKCASE_XML), status: 204 },
      { id: 'xml-attribute-run', server: 'service-large', request: putBookcase('application/xml', XML_ATTRIBUTE_RUN), status: 400 },
      { id: 'json-bookcase', server: 'service-large', request: putBookcase('application/json', LARGE_BOOKCASE_JSON), status: 204 },
      { id: 'json-escaped', server: 'service-large', request: putBookcase('application/json', LARGE_BOOKCASE_JSON_ESCAPED), status: 204 },
      { id: 'json-nested-arrays', server: 'service-large', request: putBookcase('application/json', NESTED_ARRAYS_JSON), status: 413 },
      { id: 'patch-one', server: 'service-large', request: patchBookcase(PATCH_ONE), status: 200, prepare: storeLargeBookcase, connections: 1 },
      { id: 'patch-moves', server: 'service-large', request: patchBookcase(PATCH_MOVES), status: 200, connections: 1 },
      // Issue 33 item 10: a write whose change goes to 999 open event streams, against one to none.
      { id: 'user-put', server: 'service-unsubscribed', request: USER_PUT, status: 204, connections: 1 },
      { id: 'user-put-999', server: 'service-subscribed', request: USER_PUT, status: 204, prepare: subscribed, connections: 1 },
      // A small app of the library's: a number binding, and a string negotiated without `produces`.
      { id: 'item-get', server: 'dsl-hostile', request: get(ITEM_PATH), status: 200, fields: DSL_ITEM },
      { id: 'number', server: 'dsl-hostile', request: get('/numbers?x=12.5e3'), status: 200 },
      { id: 'number-digits-run', server: 'dsl-hostile', request: get(`/numbers?x=${NUMBER_DIGITS_RUN}`), status: 400 },
      { id: 'text', server: 'dsl-hostile', request: get('/text', { accept: BROWSER_ACCEPT }), status: 200 },
      { id: 'text-many-ranges', server: 'dsl-hostile', request: get('/text', { accept: ACCEPT_MANY_RANGES }), status: 200 },
      // Issue 33: a megabyte of parts, against one file of the same size.
      { id: 'upload-one-file', server: 'dsl-hostile', request: upload(MULTIPART_ONE_FILE), status: 200 },
      { id: 'upload-empty-parts', server: 'dsl-hostile', request: upload(MULTIPART_EMPTY_PARTS), status: 413 },
      { id: 'upload-nameless-parts', server: 'dsl-hostile', request: upload(MULTIPART_NAMELESS_PARTS), status: 400 },
      { id: 'cookie', server: 'dsl-hostile', request: get('/session', { cookie: NORMAL_COOKIE }), status: 200 },
      { id: 'cookies-bad-percent', server: 'dsl-hostile', request: get('/session', { cookie: COOKIES_BAD_PERCENT }), status: 200 },
      { id: 'cookies-too-many', server: 'dsl-hostile', request: get('/session', { cookie: COOKIES_TOO_MANY }), status: 431 },
    ],
    ratios: [
      costs('Host holding a path / GET of a user', 'host-with-path', 'user-get', 3),
      costs('14 KB of invalid Accept ranges / GET of a user', 'accept-invalid', 'user-get', 3),
      costs('Content-Type of 1,500 parameters / the same PUT', 'content-type-params', 'put-small', 3),
      costs('1 MB XML attribute run / a 1 MB XML bookcase', 'xml-attribute-run', 'xml-bookcase', 3),
      costs('1,000 JSON Patch moves / one replace, on 5,800 books', 'patch-moves', 'patch-one', 3),
      costs('14,000-digit number / a normal number', 'number-digits-run', 'number', 3),
      costs('1,300 Accept ranges without produces / a browser Accept', 'text-many-ranges', 'text', 3),
      costs('14,000-digit number / GET of an item', 'number-digits-run', 'item-get', 3),
      costs('1,300 Accept ranges without produces / GET of an item', 'text-many-ranges', 'item-get', 3),
      costs('1 MB of parts without Content-Disposition / a 1 MB one-file upload', 'upload-empty-parts', 'upload-one-file', 3),
      costs('1 MB of nameless parts / a 1 MB one-file upload', 'upload-nameless-parts', 'upload-one-file', 3),
      costs('1 MB JSON bookcase with a \\u escape / without', 'json-escaped', 'json-bookcase', 3),
      costs('1 MB of arrays nested 1-61 deep (413) / a 1 MB JSON bookcase', 'json-nested-arrays', 'json-bookcase', 3),
      costs('A user PUT with 999 event subscribers / with none', 'user-put-999', 'user-put', 3),
      costs('199 cookies with a bad % / a normal Cookie', 'cookies-bad-percent', 'cookie', 3),
      costs('1,600 cookies with a bad % (431) / a normal Cookie', 'cookies-too-many', 'cookie', 3),
      costs('1 MB XML attribute run / GET of a user', 'xml-attribute-run', 'user-get'),
      costs('1,000 JSON Patch moves / GET of a user', 'patch-moves', 'user-get'),
    ],
  },
  {
    id: 'stores',
    title: '8. The service on each store: GET /bookcase and a conditional PUT',
    variants: STORES.flatMap((store) => [
      { id: `get-${store}`, server: `service-${store}`, request: BOOKCASE_GET, status: 200, fields: { ...JSON_TYPE, etag: /^"\d+;json"$/ } },
      { id: `put-${store}`, server: `service-${store}`, request: BOOKCASE_PUT, status: 204, connections: 1 },
    ]),
    ratios: (['SQLite', 'PostgreSQL'] as const).flatMap((name) => {
      const store = name === 'SQLite' ? 'sqlite' : 'postgres';
      return [
        { label: `GET /bookcase, ${name} / memory`, of: `get-${store}`, to: 'get-memory' },
        { label: `conditional PUT, ${name} / memory`, of: `put-${store}`, to: 'put-memory' },
        { label: `conditional PUT / GET, ${name}`, of: `put-${store}`, to: `get-${store}` },
      ];
    }),
  },
];
