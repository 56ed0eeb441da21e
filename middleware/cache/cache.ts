import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { formatAge, currentAge } from '../../src/caching/age';
import { formatHttpDate } from '../../src/caching/http-date';
import { type CacheControl, parseCacheControl } from '../../src/caching/cache-control';
import { evaluatePreconditions } from '../../src/caching/conditional-request';
import { decideReuse, freshnessLifetime, mayServeStale, staleIfErrorAllows } from '../../src/caching/freshness';
import { type HeaderMap, fieldLines, fieldValue } from '../../src/caching/header-map';
import { hasValidator, headResponseDescribes, notModifiedIdentifies } from '../../src/caching/freshening';
import { invalidatedUris } from '../../src/caching/invalidation';
import { HttpError } from '../../src/errors/http-error';
import { ProblemType } from '../../src/errors/problem-types';
import { targetUri } from '../../src/caching/target-uri';
import { configuredOrigin } from '../../src/http/origin';
import { originFormOf } from '../../src/http/request-path';
import { isStorable } from '../../src/caching/storability';
import { selectTargetedField } from '../../src/caching/targeted-cache-control';
import { parseVary, selectingHeaders, varyMatches } from '../../src/caching/vary';
import { REPRESENTATION_FIELDS } from '../../src/http/representation-fields';
import { writeProblemFor } from '../../src/exchange/problem-writer';
import { headFirst } from '../../src/exchange/head-first';
import { CONTENT_TYPE_OPTIONS } from '../../src/http/content-type-options';
import { passingPrototypesOn, requestTarget } from '../../src/exchange/request-exchange';
import { inConnectionOrder } from '../../src/exchange/connection-order';
import { requestOrigin } from '../../src/exchange/request-origin';
import { type Writers, captureResponse } from './capture';
import { KeyFamilies } from './key-families';
import { MemoryStore } from './memory-store';
import type { CacheStore, MaybePromise, StoredResponse } from './store';
import { type ResponseView, describeResponse, freshen, headerMapOf, storableHeaderLines, withoutFields } from './stored-response';

/** How the cache answered a request, as the optional status header says it. */
export type CacheStatus = 'HIT' | 'MISS' | 'REVALIDATED' | 'STALE';

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
}

/** A stored response with what the cache derived from it. */
interface Entry {
  readonly response: StoredResponse;
  readonly view: ResponseView;
}

const DEFAULT_ENTRY_BYTES = 1024 * 1024;
const LOOKUP_METHODS = new Set(['GET', 'HEAD']);

/**
 * An HTTP cache shared by every client of this process (RFC 9111), placed in front of a handler
 * chain: `app.use(cache())`, or around a whole listener with `http.createServer(c.wrap(app))`.
 *
 * - It stores what a shared cache may (RFC 9111 section 3): no `private`, no `no-store`, no
 *   response to Authorization without `public`/`s-maxage`/`must-revalidate`, POST responses only
 *   with explicit freshness and a Content-Location equal to the URI.
 * - A fresh stored response matching the request's Vary is answered from memory with an `Age`
 *   (section 4); a conditional request it satisfies gets a 304.
 * - A stale one is validated (section 4.3): the request goes on with `If-None-Match` /
 *   `If-Modified-Since` from the stored validators; a 304 freshens the stored response, which is
 *   answered; anything else replaces it. Within `stale-if-error`, a 5xx is answered with the stale copy.
 * - Request directives `no-cache`, `max-age`, `max-stale`, `min-fresh`, `only-if-cached` and
 *   `no-store` are honoured (section 5.2.1).
 * - A non-error response to an unsafe method invalidates its URI, Location and Content-Location
 *   (section 4.4), each under every spelling of it this cache stored (`/a`, `/a/`, `/%61`, `/a;x=1`).
 * - A 504 problem document answers `only-if-cached` when nothing stored may.
 * - A request whose Host is invalid (missing from HTTP/1.1, sent twice, empty, or more than
 *   `host[:port]`) is answered 400 before anything is looked up or stored (RFC 9112 section 3.2).
 *   Keys are built from the parsed authority (or the `origin` option) and the request target.
 */
export function cache(options: CacheOptions = {}): SharedCache {
  const store = options.store ?? new MemoryStore({ maxBytes: options.maxBytes });
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_ENTRY_BYTES;
  const maxVariants = options.maxVariants ?? 32;
  const statusHeader = options.statusHeader;
  const targets = (options.targetedFields ?? []).map((name) => name.toLowerCase());
  const now = options.now ?? Date.now;
  const origin = options.origin === undefined ? undefined : configuredOrigin(options.origin);
  const views = new WeakMap<StoredResponse, ResponseView>();
  const outcomes = new WeakMap<ServerResponse, CacheStatus>();

  const effective = (headers: HeaderMap): HeaderMap => {
    if (targets.length === 0) return headers;
    const targeted = selectTargetedField(headers, targets);
    // RFC 9213 section 2.2: a valid targeted field replaces Cache-Control, and Expires is ignored.
    return targeted === undefined ? headers : { ...headers, 'cache-control': targeted, expires: undefined };
  };

  const entryOf = (response: StoredResponse): Entry => {
    let view = views.get(response);
    if (view === undefined) {
      view = describeResponse(response, effective);
      views.set(response, view);
    }
    return { response, view };
  };

  const statusLine = (status: CacheStatus): readonly [string, string] | undefined =>
    statusHeader === undefined ? undefined : [statusHeader, status];

  /**
   * Writes a stored response with its current Age, or a 304 made from it when the request is
   * `conditional` and the stored validators satisfy it (RFC 9111 section 4.3.2).
   */
  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    entry: Entry,
    status: CacheStatus,
    conditional: boolean,
    writers: Writers = res as Writers,
    setBefore?: ReadonlySet<string>,
  ): void => {
    if (res.headersSent) {
      writers.end.call(res);
      return;
    }
    outcomes.set(res, status);
    const { response, view } = entry;
    const age = formatAge(currentAge(view.initialAge, response.responseTime, now()));
    const own = exchangeFields(res, setBefore);
    const notModified =
      conditional &&
      evaluatePreconditions({
        method: req.method ?? 'GET',
        requestHeaders: req.headers,
        // RFC 9111 section 4.3.2: without Last-Modified, the Date of the stored response stands in.
        validators: { etag: view.etag, lastModified: view.lastModified ?? fieldLines(view.headers.date)[0] ?? response.responseTime },
        exists: true,
      }) === 'not-modified';
    const stored = notModified ? view.notModified : view.replay;
    const lines = (own === undefined ? stored : withoutFields(stored, own)).concat('Age', age);
    if (!hasField(lines, NOSNIFF_FIELD)) lines.push(...CONTENT_TYPE_OPTIONS);
    if (statusHeader !== undefined) lines.push(statusHeader, status);
    if (notModified) {
      writers.writeHead.call(res, 304, 'Not Modified', lines);
      writers.end.call(res);
    } else {
      writers.writeHead.call(res, response.status, response.statusMessage, lines);
      if (req.method !== 'HEAD') headFirst(res);
      writers.end.call(res, req.method === 'HEAD' ? undefined : response.body);
    }
  };

  const settle = (work: MaybePromise<void>): void => {
    if (isPromise(work)) work.catch(() => undefined);
  };

  const families = new KeyFamilies();
  /** Removes the stored responses of each URI, under every spelling of it this cache stored. */
  const invalidate = (uris: readonly string[]): void => {
    for (const uri of uris) {
      settle(store.delete(uri));
      for (const key of families.take(uri)) if (key !== uri) settle(store.delete(key));
    }
  };

  /**
   * Stores a new response as the first variant of `key`, replacing the variants it supersedes (those
   * the request selects); without one, removes them. The other variants are read again now, not
   * taken from the lookup: an unsafe request may have invalidated them (or a newer response replaced
   * them) while this one was with the handler.
   */
  const keep = (key: string, response: StoredResponse | undefined, requestHeaders: HeaderMap): void => {
    const merge = (previous: readonly StoredResponse[] | undefined): MaybePromise<void> => {
      const variants = response === undefined ? [] : [response];
      for (const old of previous ?? []) {
        const { view } = entryOf(old);
        if (variants.length < maxVariants && !varyMatches(view.vary, old.selecting, requestHeaders)) variants.push(old);
      }
      if (variants.length === 0) return previous === undefined ? undefined : store.delete(key);
      return store.set(key, variants);
    };
    if (response !== undefined) families.add(key);
    const current = store.get(key);
    settle(isPromise(current) ? current.then(merge) : merge(current));
  };

  /**
   * Freshens a stored response with the fields of a 304 (or a HEAD response) and keeps it, if it may
   * still be stored: those fields may now say `no-store` or `private`, or take away what let a
   * response to a request with Authorization be stored (RFC 9111 sections 3, 3.5, 4.3.4 and 4.3.5).
   * Otherwise the variant is removed. Answers the freshened response.
   */
  const keepFreshened = (key: string, stored: Entry, update: readonly string[], req: IncomingMessage, requestTime: number, responseTime: number): Entry => {
    const refreshed = entryOf(freshen(stored.response, update, requestTime, responseTime));
    const authorization = req.headers.authorization ?? (refreshed.response.authorized === true ? '' : undefined);
    const requestHeaders: HeaderMap = { 'cache-control': req.headers['cache-control'], authorization };
    const storable = mayStore(req.method ?? 'GET', refreshed.response.status, refreshed.view.headers, requestHeaders, key, responseTime);
    keep(key, storable ? refreshed.response : undefined, req.headers);
    return refreshed;
  };

  /**
   * Sends the request on to the handler and watches the response: stores it when it may, and
   * invalidates after unsafe methods. With a `stale` stored response, a 304 to the validators the
   * cache added (`revalidating`) freshens it and it is answered; so it is, stale, when the origin
   * fails within stale-if-error, or cannot be reached (502, 504) and nothing forbids serving stale
   * (RFC 9111 section 4.2.4).
   */
  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
    key: string,
    stale: Entry | undefined,
    requestCc: CacheControl,
    revalidating: boolean,
  ): void => {
    const method = req.method ?? 'GET';
    const requestTime = now();
    // What the app's middleware set before the cache, as opposed to what the app sets for the
    // response it makes: a stored response may answer instead of that one.
    const setBefore = stale === undefined ? undefined : new Set(res.getHeaderNames());
    // The request's own conditionals, not the validators the cache added.
    const conditional = !revalidating && isConditional(req.headers);
    let responseTime = requestTime;
    let storable = false;
    let outcome: 'refreshed' | 'unidentified' | 'stale' | undefined;
    let fields: HeaderMap = {};
    const writers = captureResponse(
      res,
      {
        onHead: (head) => {
          responseTime = now();
          fields = headerMapOf(head.rawHeaders);
          if (stale !== undefined) {
            if (revalidating && head.status === 304) {
              outcome = notModifiedIdentifies(stale.view, fields) ? 'refreshed' : 'unidentified';
              return { mode: 'swallow' };
            }
            const age = currentAge(stale.view.initialAge, stale.response.responseTime, responseTime);
            const reuse = { lifetime: stale.view.lifetime, age, response: stale.view.cacheControl, request: requestCc, shared: true };
            const unreachable = head.status === 502 || head.status === 504;
            if ((head.status >= 500 && staleIfErrorAllows(reuse)) || (unreachable && mayServeStale(reuse))) {
              outcome = 'stale';
              return { mode: 'swallow' };
            }
          }
          const headers = effective(fields);
          if (!LOOKUP_METHODS.has(method) && head.status >= 200) {
            invalidate(invalidatedUris({ method, status: head.status, requestUri: key, responseHeaders: headers }));
          }
          storable = method !== 'HEAD' && mayStore(method, head.status, headers, req.headers, key, responseTime);
          const length = Number(fieldValue(headers, 'content-length') ?? 0);
          outcomes.set(res, 'MISS');
          const status = statusLine('MISS');
          const added: (readonly [string, string])[] = [];
          if (fields[NOSNIFF_FIELD] === undefined) added.push(CONTENT_TYPE_OPTIONS);
          if (status !== undefined) added.push(status);
          return { mode: storable && !(length > maxEntryBytes) ? 'buffer' : 'pass', headers: added };
        },
        onEnd: (head, body) => {
          if (outcome === 'refreshed' && stale !== undefined) {
            const refreshed = keepFreshened(key, stale, head.rawHeaders, req, requestTime, responseTime);
            answer(req, res, refreshed, 'REVALIDATED', false, writers, setBefore);
          } else if (outcome === 'unidentified' && stale !== undefined) {
            // A 304 whose validators name another representation updates nothing (RFC 9111 section
            // 4.3.4). It still says the stored one has not changed since its own validators, so that
            // is answered as it was stored, and removed: the next request gets the whole response.
            keep(key, undefined, req.headers);
            answer(req, res, stale, 'STALE', false, writers, setBefore);
          } else if (outcome === 'stale' && stale !== undefined) {
            answer(req, res, stale, 'STALE', conditional, writers, setBefore);
          } else if (storable && body !== undefined) {
            const response: StoredResponse = {
              status: head.status,
              statusMessage: head.statusMessage,
              rawHeaders: withDate(storableHeaderLines(head.rawHeaders), responseTime),
              body,
              requestTime,
              responseTime,
              selecting: {},
              ...(req.headers.authorization !== undefined && { authorized: true }),
            };
            const { view } = entryOf(response);
            const stored = { ...response, selecting: selectingHeaders(view.vary as readonly string[], req.headers) };
            views.set(stored, view);
            keep(key, stored, req.headers);
          } else if (method === 'HEAD' && head.status === 200 && stale !== undefined) {
            // RFC 9111 section 4.3.5: a HEAD response freshens the stored GET response it describes;
            // one it does not describe is stale, and goes (the next GET fetches it whole).
            const described = headResponseDescribes({ ...stale.view, contentLength: stale.response.body.byteLength }, fields);
            if (described) keepFreshened(key, stale, head.rawHeaders, req, requestTime, responseTime);
            else keep(key, undefined, req.headers);
          } else if (head.status === 304 && stale !== undefined) {
            // The client's own conditional request: a 304 for the stored validator freshens it too (RFC 9111 section 4.3.4).
            // Only when it carries an entity tag: the client's validators need not be the stored ones.
            if (fields.etag !== undefined && notModifiedIdentifies(stale.view, fields)) keepFreshened(key, stale, head.rawHeaders, req, requestTime, responseTime);
          }
        },
      },
      maxEntryBytes,
      stale !== undefined,
    );
    next();
  };

  /**
   * Whether a response may be stored (RFC 9111 section 3), and is worth it: Vary is not `*`
   * (it could never be reused, section 4.1) and it is fresh for a while or can be validated.
   */
  const mayStore = (method: string, status: number, headers: HeaderMap, requestHeaders: HeaderMap, key: string, responseTime: number): boolean => {
    // A 412 answers the request's preconditions, not what the target is: stored, it would answer
    // requests that have none (a cache may store any status, RFC 9111 section 3, and need not).
    if (status === 412) return false;
    const cacheControl = parseCacheControl(headers['cache-control']);
    if (!isStorable({ method, status, requestHeaders, responseHeaders: headers, requestUri: key, cacheControl })) return false;
    if (parseVary(headers.vary) === '*') return false;
    if (headers.etag !== undefined || headers['last-modified'] !== undefined) return true;
    return freshnessLifetime({ status, headers, shared: true, responseTime, cacheControl }) > 0;
  };

  const handle = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const method = req.method ?? 'GET';
    const keyOrigin = requestOrigin(req, res, origin);
    // An invalid Host was answered 400: it names no resource to look up, store or hand on.
    if (keyOrigin === undefined) return;
    const key = cacheKey(keyOrigin, req);
    // The asterisk-form (`OPTIONS *`) and the authority-form name nothing to store.
    if (key === undefined) return next();
    if (!LOOKUP_METHODS.has(method)) {
      forward(req, res, next, key, undefined, {}, false);
      return;
    }
    const found = store.get(key);
    if (isPromise(found)) found.then((variants) => lookup(req, res, next, key, variants), () => next());
    else lookup(req, res, next, key, found);
  };

  const lookup = (req: IncomingMessage, res: ServerResponse, next: () => void, key: string, variants: readonly StoredResponse[] | undefined): void => {
    const method = req.method ?? 'GET';
    const requestCc = requestDirectives(req.headers);
    const authorized = req.headers.authorization !== undefined;
    let entry: Entry | undefined;
    for (const response of variants ?? []) {
      const candidate = entryOf(response);
      // RFC 9111 section 3.5. (A response stored for a request with Authorization always allows
      // reuse: it is stored only then, and removed when a 304 takes that away, keepFreshened.)
      if (authorized && !candidate.view.authorizedReuse) continue;
      if (varyMatches(candidate.view.vary, response.selecting, req.headers)) {
        entry = candidate;
        break;
      }
    }
    const clientConditional = isConditional(req.headers);
    if (entry !== undefined) {
      const age = currentAge(entry.view.initialAge, entry.response.responseTime, now());
      const reuse = decideReuse({ lifetime: entry.view.lifetime, age, response: entry.view.cacheControl, request: requestCc, shared: true });
      // If-Match and If-Unmodified-Since are for the origin to evaluate (RFC 9111 section 4.3.2).
      if (reuse !== 'revalidate' && !hasOriginPreconditions(req.headers)) {
        answer(req, res, entry, reuse === 'fresh' ? 'HIT' : 'STALE', clientConditional);
        return;
      }
    }
    if (requestCc.onlyIfCached === true) {
      // RFC 9111 section 5.2.1.7: without a usable stored response, 504.
      outcomes.set(res, 'MISS');
      writeProblemFor(req, res, notCached(statusHeader));
      return;
    }
    const revalidating = entry !== undefined && method === 'GET' && !clientConditional && hasValidator(entry.view);
    if (revalidating && entry !== undefined) {
      // RFC 9111 section 4.3.1: validate with the stored validators, the request's own headers otherwise.
      if (entry.view.etag !== undefined) req.headers['if-none-match'] = entry.view.etag;
      if (entry.view.lastModified !== undefined) req.headers['if-modified-since'] = entry.view.lastModified;
    }
    forward(req, res, next, key, entry, requestCc, revalidating);
  };

  // A request pipelined after an unsafe one is looked up only once that one is answered (and has
  // invalidated what it changed): a stored response must not answer it with the state before.
  const sharedCache = function sharedCache(req: Request, res: Response, next: NextFunction): void {
    inConnectionOrder(req, res, () => handle(req, res, () => next()));
  } as SharedCache;
  Object.defineProperty(sharedCache, 'store', { value: store, enumerable: true });
  sharedCache.statusOf = (res: ServerResponse): CacheStatus | undefined => outcomes.get(res);
  sharedCache.wrap = (listener: RequestListener): RequestListener =>
    passingPrototypesOn(function cachedListener(req: IncomingMessage, res: ServerResponse) {
      inConnectionOrder(req, res, () => handle(req, res, () => listener(req, res)));
    }, listener);
  return sharedCache;
}

/**
 * The header lines to store, with a Date: Node adds one to a response only as it writes it, out of
 * the cache's sight, and a recipient that stores a response without Date must add the time it
 * received it (RFC 9110 section 6.6.1). Replayed without it, a hit would get the Date of its
 * replay from Node, and a downstream cache would count the Age twice.
 */
function withDate(lines: string[], responseTime: number): string[] {
  for (let i = 0; i < lines.length; i += 2) if (lines[i]!.toLowerCase() === 'date') return lines;
  return [...lines, 'Date', formatHttpDate(responseTime)];
}

/**
 * The fields the app's middleware set on this exchange before a stored response answers it (a
 * request id, CORS): they stay, over the stored response's fields of the same name, as they would
 * on an answer from the app. Those about the representation, and Date, are removed: the stored
 * response brings its own; so are those the app set for a response it made after `setBefore` (the
 * names set before the request went on to it), which the stored response answers instead.
 * `undefined` when none stays (always, in front of the app with `wrap`).
 */
function exchangeFields(res: ServerResponse, setBefore?: ReadonlySet<string>): Set<string> | undefined {
  let own: Set<string> | undefined;
  for (const name of res.getHeaderNames()) {
    if (REPRESENTATION_FIELDS.has(name) || name === 'date' || (setBefore !== undefined && !setBefore.has(name))) res.removeHeader(name);
    else (own ??= new Set()).add(name);
  }
  return own;
}

/** The lower-case name of {@link CONTENT_TYPE_OPTIONS}, as header maps key it. */
const NOSNIFF_FIELD = CONTENT_TYPE_OPTIONS[0].toLowerCase();

/** Whether flat header lines hold a field, named in lower case (the lines' names in any case). */
function hasField(lines: readonly string[], lower: string): boolean {
  for (let i = 0; i < lines.length; i += 2) if (lines[i]!.toLowerCase() === lower) return true;
  return false;
}

/**
 * Whether a request carries preconditions a stored response is not answered over: If-Match and
 * If-Unmodified-Since guard the origin's current state, so the request goes on (a GET with the
 * stored validators added, fresh or not), and the origin answers 412 or the response.
 */
function hasOriginPreconditions(headers: HeaderMap): boolean {
  return headers['if-match'] !== undefined || headers['if-unmodified-since'] !== undefined;
}

/** Whether a request carries the conditionals a cache can answer itself (RFC 9111 section 4.3.2). */
function isConditional(headers: HeaderMap): boolean {
  return headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined;
}

/** A thenable, whichever realm made it (`instanceof Promise` fails across realms, as under jest). */
function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function';
}

/**
 * The request directives (RFC 9111 section 5.2.1). Without Cache-Control, `Pragma: no-cache`
 * means `no-cache` (section 5.4).
 */
function requestDirectives(headers: HeaderMap): CacheControl {
  const cacheControl = headers['cache-control'];
  if (cacheControl !== undefined) return parseCacheControl(cacheControl);
  const pragma = fieldValue(headers, 'pragma');
  return pragma !== undefined && /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(pragma) ? { noCache: true } : {};
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

/** The 504 of `only-if-cached` with nothing stored that may answer (RFC 9111 section 5.2.1.7). */
function notCached(statusHeader: string | undefined): HttpError {
  return new HttpError(504, 'The request allows only a stored response (only-if-cached), and no stored response may answer it', {
    type: ProblemType.notCached,
    headers: statusHeader === undefined ? {} : { [statusHeader]: 'MISS' },
  });
}
