import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { cacheStatusPrefix } from '../../src/caching/cache-status';
import { surrogateKeys } from '../../src/caching/surrogate-keys';
import { targetUri } from '../../src/caching/target-uri';
import { isThenable } from '../../src/exchange/maybe-promise';
import { configuredOrigin } from '../../src/http/origin';
import { originFormOf } from '../../src/http/request-path';
import { passingPrototypesOn, requestTarget } from '../../src/exchange/request-exchange';
import { inConnectionOrder } from '../../src/exchange/connection-order';
import { requestOrigin } from '../../src/exchange/request-origin';
import { backgroundExchange, isBackground } from './background-exchange';
import type { Background, CacheContext, CacheExchange, CacheStatus } from './cache-context';
import { ExchangeOutcomes } from './exchange-outcomes';
import { Flights } from './flights';
import { LOOKUP_METHODS, forward } from './forward';
import { lookup } from './lookup';
import { MemoryStore } from './memory-store';
import { ResponseStorage } from './storage';
import type { CacheStore } from './store';

export type { CacheStatus } from './cache-context';

/** Options of {@link cache}. */
export interface CacheOptions {
  /** Where responses are kept; an in-memory {@link MemoryStore} of `maxBytes` by default. */
  readonly store?: CacheStore;
  /** The byte budget of the default store: 64 MiB by default. */
  readonly maxBytes?: number;
  /** Responses with a larger body are not stored (they still stream through): 1 MiB by default. */
  readonly maxEntryBytes?: number;
  /** The most variants kept per URI (Vary); the oldest goes first. 32 by default. */
  readonly maxVariants?: number;
  /** A response header that says how the cache answered (`X-Cache: HIT`); none by default. */
  readonly statusHeader?: string;
  /**
   * This cache's name in the `Cache-Status` field each of its answers carries (RFC 9211): `represent`
   * by default; `false` for none. A TypeError when it is not printable ASCII.
   */
  readonly cacheStatus?: string | false;
  /** Whether this cache's Cache-Status member gives the cache key (`key=`, RFC 9211 section 2.7); false by default. */
  readonly cacheStatusKey?: boolean;
  /**
   * Request collapsing (true by default): concurrent misses on one key go to the handler once, and
   * the others are answered from the response it stored; with a store shared by several instances
   * (RedisStore, TieredStore), once across them. The others wait only for an answer that will be
   * stored: they go on by themselves as soon as its head shows it will not be, or the route that
   * answers it never has its answers stored (a `no-store` or `private` policy, an event stream).
   */
  readonly collapse?: boolean;
  /**
   * How long, in milliseconds, a request waits for another's answer before it goes on by itself, and
   * a shared store's fetch lock lasts: 5000 by default.
   */
  readonly collapseTimeout?: number;
  /**
   * How long, in milliseconds, the handler has to start its answer to a request the cache holds a
   * stale response for that may answer a failure (stale-if-error, RFC 5861 section 4, or RFC 9111
   * section 4.2.4): past it, the stale response answers. None by default.
   */
  readonly originTimeout?: number;
  /**
   * Targeted cache-control fields this cache obeys before Cache-Control, in order (RFC 9213), such
   * as `['CDN-Cache-Control']` for a cache acting as a CDN. None by default.
   */
  readonly targetedFields?: readonly string[];
  /** The clock, in milliseconds since the epoch; tests inject a fake one. */
  readonly now?: () => number;
  /**
   * The origin every request is keyed under (`https://api.example.com`) instead of its Host, for a
   * cache behind a proxy that vouches for the origin. By default the key's origin is the
   * connection's scheme and the request's Host, parsed and checked (RFC 9112 section 3.2). A
   * TypeError when it is not an http or https origin.
   */
  readonly origin?: string;
  /**
   * The response fields a stored response's surrogate keys are read from (what
   * `createRouter({ surrogateKeyHeaders })` writes them in): `['Surrogate-Key', 'Cache-Tag']` by
   * default. A write's answer carrying one of its keys drops every response stored with it.
   */
  readonly surrogateKeyFields?: readonly string[];
}

/** The cache: Express middleware, and a wrapper of plain node:http request listeners. */
export interface SharedCache extends RequestHandler {
  /** Answers fresh hits from the raw request before `listener` (an Express app, say) sees it. */
  wrap(listener: RequestListener): RequestListener;
  /** Where the responses are kept: the `store` option, or a {@link MemoryStore} of `maxBytes`. */
  readonly store: CacheStore;
  /**
   * How this cache answered the exchange `res` belongs to (a request log's field), whether or not
   * a `statusHeader` says it: `HIT` for a stored response or a 304 made from one, `MISS` for what
   * the app answered; `undefined` while it is undecided, or for what the cache did not see.
   */
  statusOf(res: ServerResponse): CacheStatus | undefined;
  /**
   * Drops every stored response tagged with one of `keys` (its `Surrogate-Key` / `Cache-Tag`),
   * whatever its URI, as a write's answer carrying them does: for a change made outside a request.
   * Each value is made a key as a route's are (`surrogateKey`: `'user:' + id` purges what
   * `.surrogateKeys((ctx) => ['user:' + ctx.path.id])` tagged). With a TieredStore, every instance
   * drops them. Resolves with the cache keys (absolute URIs) dropped; with a store that has no
   * `purgeKeys`, none. Never rejects: a store that fails drops nothing.
   */
  purgeKeys(keys: Iterable<string | number>): Promise<readonly string[]>;
}

const DEFAULT_ENTRY_BYTES = 1024 * 1024;

/**
 * An HTTP cache shared by every client of this process (RFC 9111), placed in front of a handler
 * chain: `app.use(cache())`, or around a whole listener with `http.createServer(c.wrap(app))`.
 *
 * - It stores what a shared cache may (RFC 9111 section 3): no `private`, no `no-store`, no
 *   response to Authorization without `public`/`s-maxage`/`must-revalidate`, POST responses only
 *   with explicit freshness and a Content-Location equal to the URI.
 * - Of that, it declines (as nginx and Varnish do by default) a response that sets cookies, unless
 *   its route says `storeWithoutSetCookie` (then stored without Set-Cookie, which it never
 *   replays), and answers a request with Cookie or Authorization only from a response that varies
 *   on them or whose route declared its answer independent of them (`independentOf`): nor does it
 *   store the answers to such requests otherwise.
 * - A fresh stored response matching the request's Vary is answered from memory with an `Age`
 *   (section 4); a conditional request it satisfies gets a 304.
 * - A stale one is validated (section 4.3): the request goes on with `If-None-Match` /
 *   `If-Modified-Since` from the stored validators; a 304 freshens the stored response, which is
 *   answered; anything else replaces it. Within `stale-if-error`, a 5xx is answered with the stale copy.
 * - Request directives `no-cache`, `max-age`, `max-stale`, `min-fresh`, `only-if-cached` and
 *   `no-store` are honoured (section 5.2.1).
 * - A non-error response to an unsafe method invalidates its URI, Location and Content-Location
 *   (section 4.4), each under every spelling of it this cache stored (`/a`, `/a/`, `/%61`, `/a;x=1`),
 *   and every stored response tagged with a surrogate key the response carries (`purgeKeys`).
 * - A 504 problem document answers `only-if-cached` when nothing stored may.
 * - A request whose Host is invalid (missing from HTTP/1.1, sent twice, empty, or more than
 *   `host[:port]`) is answered 400 before anything is looked up or stored (RFC 9112 section 3.2).
 *   Keys are built from the parsed authority (or the `origin` option) and the request target.
 *
 * This function only adapts the exchange: `lookup` answers from what is stored, `forward`
 * (with the revalidation outcomes) watches the handler's answer, `ResponseStorage` keeps
 * responses, and the rules themselves are the pure functions of src/caching.
 */
export function cache(options: CacheOptions = {}): SharedCache {
  const store = options.store ?? new MemoryStore({ maxBytes: options.maxBytes });
  const origin = options.origin === undefined ? undefined : configuredOrigin(options.origin);
  const context: CacheContext = {
    storage: new ResponseStorage({
      store,
      maxVariants: options.maxVariants ?? 32,
      targets: (options.targetedFields ?? []).map((name) => name.toLowerCase()),
      keyFields: options.surrogateKeyFields ?? ['Surrogate-Key', 'Cache-Tag'],
    }),
    maxEntryBytes: options.maxEntryBytes ?? DEFAULT_ENTRY_BYTES,
    statusHeader: options.statusHeader,
    cacheStatus: options.cacheStatus === false ? undefined : { prefix: cacheStatusPrefix(cacheName(options.cacheStatus ?? 'represent')), key: options.cacheStatusKey === true },
    now: options.now ?? Date.now,
    outcomes: new ExchangeOutcomes(),
    flights: options.collapse === false ? undefined : new Flights(),
    collapseTimeout: options.collapseTimeout ?? 5000,
    originTimeout: options.originTimeout,
  };

  // The requests this cache took on carry its mark: one that passes it again (a cache both wrapping
  // the app and used in it) goes by, as does the cache's own (a background revalidation): it watches
  // them already. A property of the request, not a WeakSet: nothing hashed or kept per request.
  const seen = Symbol('represent.cache.seen');
  const handle = (req: IncomingMessage, res: ServerResponse, onward: Onward, next: (() => void) | undefined): void => {
    const marked = req as IncomingMessage & { [seen]?: true };
    if (marked[seen] === true || isBackground(req)) return onward.pass(req, res, next);
    marked[seen] = true;
    const keyOrigin = requestOrigin(req, res, origin);
    // An invalid Host was answered 400: it names no resource to look up, store or hand on.
    if (keyOrigin === undefined) return;
    const key = cacheKey(keyOrigin, req);
    // The asterisk-form (`OPTIONS *`) and the authority-form name nothing to store.
    if (key === undefined) return onward.pass(req, res, next);
    const exchange = new ClientExchange(req, res, key, onward, next);
    if (!LOOKUP_METHODS.has(req.method ?? 'GET')) {
      forward(context, exchange, { requestCc: {}, revalidating: false, fwd: 'method' });
      return;
    }
    const found = store.get(key);
    if (isThenable(found)) found.then((variants) => lookup(context, exchange, variants), () => exchange.next());
    else lookup(context, exchange, found);
  };

  // A request pipelined after an unsafe one is looked up only once that one is answered (and has
  // invalidated what it changed): a stored response must not answer it with the state before.
  // The functions handed on are made once, not per request: a hit makes no closure.
  const handleInApp = (req: IncomingMessage, res: ServerResponse, next: () => void): void => handle(req, res, IN_APP, next);
  const sharedCache = function sharedCache(req: Request, res: Response, next: NextFunction): void {
    inConnectionOrder(req, res, handleInApp, next);
  } as SharedCache;
  Object.defineProperty(sharedCache, 'store', { value: store, enumerable: true });
  sharedCache.statusOf = (res: ServerResponse): CacheStatus | undefined => context.outcomes.get(res);
  sharedCache.purgeKeys = async (keys: Iterable<string | number>): Promise<readonly string[]> => {
    const removed = await context.storage.purge(surrogateKeys(keys));
    context.flights?.forget(removed);
    return removed;
  };
  sharedCache.wrap = (listener: RequestListener): RequestListener => {
    const onward: Onward = {
      pass: (req, res) => listener(req, res),
      // Made only for a revalidation, before the listener saw the request: its URL is the client's.
      background: (req) => () => {
        const own = backgroundExchange(req, req.url ?? '/');
        return { ...own, run: () => listener(own.req, own.res) };
      },
    };
    const handleWrapped = (req: IncomingMessage, res: ServerResponse): void => handle(req, res, onward, undefined);
    return passingPrototypesOn(function cachedListener(req: IncomingMessage, res: ServerResponse) {
      inConnectionOrder(req, res, handleWrapped);
    }, listener);
  };
  return sharedCache;
}

/**
 * Where the requests a cache does not answer go, and how it makes requests of its own: the listener
 * it wraps, or the Express application it is used in. One per wrapped listener or per cache, not
 * per request.
 */
interface Onward {
  /** Hands a request on: to the wrapped listener, or Express's `next`. */
  pass(req: IncomingMessage, res: ServerResponse, next: (() => void) | undefined): void;
  /** What makes a request of the cache's own for the target of `req`; `undefined` when it cannot. */
  background(req: IncomingMessage): (() => Background) | undefined;
}

/** The cache as Express middleware: a request goes on with Express's `next`, and its own through the app. */
const IN_APP: Onward = {
  pass: (_req, _res, next) => next?.(),
  background: (req) => throughApp(req as Request),
};

/**
 * A request the cache took on, and how it goes on: `next` and `background` are the {@link Onward}'s,
 * applied only when a miss or a revalidation asks for them, so that a hit makes no closure for them.
 */
class ClientExchange implements CacheExchange {
  readonly #onward: Onward;
  readonly #next: (() => void) | undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly key: string,
    onward: Onward,
    next: (() => void) | undefined,
  ) {
    this.#onward = onward;
    this.#next = next;
  }

  next(): void {
    this.#onward.pass(this.req, this.res, this.#next);
  }

  get background(): (() => Background) | undefined {
    return this.#onward.background(this.req);
  }
}

/**
 * How the cache, as Express middleware, sends a request of its own (a background revalidation):
 * through the whole application from its root, with the client's original URL, past this cache
 * (which lets its own requests through) to the handler. `undefined` outside an Express app.
 */
function throughApp(req: Request): (() => Background) | undefined {
  let app = req.app as unknown as RootApp | undefined;
  if (app === undefined || typeof app.handle !== 'function') return undefined;
  while (app.parent !== undefined) app = app.parent;
  const root = app;
  const target = req.originalUrl;
  return () => {
    const own = backgroundExchange(req, target);
    const run = (): void =>
      root.handle(own.req, own.res, (error?: unknown) => {
        // Nothing answered it: a 404, or a 500 for an error nothing handled; neither is stored.
        if (!own.res.headersSent) own.res.writeHead(error === undefined ? 404 : 500).end();
      });
    return { ...own, run };
  };
}

/** An Express application as its mounting sees it: `handle` runs a request through it, `parent` is the app it is mounted on. */
interface RootApp {
  handle(req: IncomingMessage, res: ServerResponse, done: (error?: unknown) => void): void;
  readonly parent?: RootApp;
}

/** The cache's name in Cache-Status: printable ASCII, to be a token or an sf-string (RFC 8941). */
function cacheName(name: string): string {
  if (!/^[\x20-\x7e]+$/.test(name)) throw new TypeError(`cacheStatus must be printable ASCII: ${JSON.stringify(name)}`);
  return name;
}

/**
 * The cache key: the target URI (RFC 9111 section 2) of the request, its origin (from the parsed
 * authority, or configured) and its target as received, in the normal form invalidation uses
 * ({@link targetUri}); `undefined` when the target has no path. An absolute-form target's path is
 * keyed under its own authority, which {@link requestOrigin} made the request's Host too.
 */
function cacheKey(keyOrigin: string, req: IncomingMessage): string | undefined {
  const url = originFormOf(requestTarget(req));
  return url === undefined ? undefined : targetUri(keyOrigin, url);
}
