import type { CacheControl } from '../../src/caching/cache-control';
import { isConditional } from '../../src/caching/cache-conditionals';
import type { ForwardReason } from '../../src/caching/cache-status';
import type { RouteCaching } from '../../src/caching/route-caching';
import { type HeaderMap, fieldValue } from '../../src/caching/header-map';
import { purgeTargets } from '../../src/caching/purge-targets';
import { isWorthStoring } from '../../src/caching/storability';
import { CONTENT_TYPE_OPTIONS, NOSNIFF_FIELD } from '../../src/http/content-type-options';
import { isThenable } from '../../src/exchange/maybe-promise';
import { declaredRouteCaching, whenRouteCachingDeclared } from '../../src/exchange/route-caching-notice';
import type { CacheContext, CacheExchange } from './cache-context';
import { type Capture, captureResponse } from './capture';
import type { Flight } from './flights';
import { type StaleExchange, type StaleOutcome, answerFromStale, freshenFromAnswer, staleOutcome } from './revalidation';
import { statusFields } from './status-fields';
import type { Entry } from './storage';
import type { MaybePromise } from './store';
import { answerStored } from './stored-answer';
import { freshnessOf, headerMapOf } from './stored-response';

/** The methods whose responses the cache looks up; any other is unsafe, or not cached. */
export const LOOKUP_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** How a request goes on to the handler. */
export interface Forwarding {
  /** The stored response the request selected, which the handler's answer may freshen, or fail over to. */
  readonly stale?: Entry;
  /** The request's cache directives. */
  readonly requestCc: CacheControl;
  /** The cache added the stored validators to the request (RFC 9111 section 4.3.1). */
  readonly revalidating: boolean;
  /** Why it goes on, for Cache-Status (RFC 9211 section 2.2). */
  readonly fwd: ForwardReason;
  /** The flight it leads: the requests waiting for its answer. */
  readonly flight?: Flight;
}

/**
 * Sends the request on to the handler and watches the response: stores it when it may, and
 * invalidates after unsafe methods. With a `stale` stored response, a 304 to the validators the
 * cache added (`revalidating`) freshens it and it is answered; so it is, stale, when the origin
 * fails within stale-if-error, or cannot be reached (502, 504) and nothing forbids serving stale
 * (RFC 9111 section 4.2.4), or does not start its answer within the cache's `originTimeout`.
 * The flight it leads is settled with the response stored, or with none.
 */
export function forward(cache: CacheContext, exchange: CacheExchange, forwarding: Forwarding): void {
  const { req, res, key } = exchange;
  const { stale, requestCc, revalidating, fwd, flight } = forwarding;
  const method = req.method ?? 'GET';
  const requestTime = cache.now();
  // What the app's middleware set before the cache, as opposed to what the app sets for the
  // response it makes: a stored response may answer instead of that one.
  const setBefore = stale === undefined ? undefined : new Set(res.getHeaderNames());
  // The request's own conditionals, not the validators the cache added.
  const conditional = !revalidating && isConditional(req.headers);
  let responseTime = requestTime;
  let storable = false;
  let outcome: StaleOutcome | undefined;
  let fields: HeaderMap = {};
  let timer: NodeJS.Timeout | undefined;
  let invalidated: MaybePromise<void>;
  let declared: RouteCaching | undefined;
  const writers: Capture = captureResponse(
    res,
    {
      onHead: (head) => {
        clearTimeout(timer);
        responseTime = cache.now();
        fields = headerMapOf(head.rawHeaders);
        if (stale !== undefined) {
          outcome = staleOutcome(stale, head.status, fields, revalidating, requestCc, responseTime);
          if (outcome !== undefined) return { mode: 'swallow' };
        }
        const headers = cache.storage.effective(fields);
        if (!LOOKUP_METHODS.has(method) && head.status >= 200) invalidated = invalidateAfterWrite(cache, method, head.status, key, headers);
        declared = declaredRouteCaching(res);
        storable =
          method !== 'HEAD' &&
          isWorthStoring({
            method,
            status: head.status,
            requestHeaders: req.headers,
            responseHeaders: headers,
            requestUri: key,
            responseTime,
            independentOf: declared?.independentOf,
            storeWithoutSetCookie: declared?.storeWithoutSetCookie,
          });
        const length = fieldValue(headers, 'content-length');
        const buffering = storable && !(Number(length ?? 0) > cache.maxEntryBytes);
        // An answer that will not be stored answers none of the waiters: they go on by themselves
        // now, not once its body (a live stream's, perhaps never) has ended.
        if (!buffering) flight?.settle(undefined);
        const added: (readonly [string, string])[] = [];
        if (fields[NOSNIFF_FIELD] === undefined) added.push(CONTENT_TYPE_OPTIONS);
        // `stored` only when the length says the body fits: a body of unknown length may outgrow the limit.
        const stored = buffering && length !== undefined;
        const ttl = stored ? ttlOnArrival(head.status, headers, requestTime, responseTime) : undefined;
        added.push(...statusFields(cache, { status: 'MISS', fwd: LOOKUP_METHODS.has(method) ? fwd : 'method', fwdStatus: head.status, stored, ttl, key }, { req, res }));
        // What onEnd waits for (a shared store's write, or its invalidation) ends the answer.
        return { mode: buffering ? 'buffer' : 'pass', headers: added, holdEnd: buffering || isThenable(invalidated) };
      },
      // The answer ends once a shared store has written, or invalidated, what it changes: a
      // client that sends its next request to another instance reads it there.
      onEnd: (head, body) => {
        if (storable && body !== undefined) {
          const { entry, written } = cache.storage.storeNew(key, head, body, req, requestTime, responseTime, declared?.independentOf);
          flight?.settle(entry, written);
          return bounded(written, cache.collapseTimeout);
        }
        if (stale === undefined) {
          flight?.settle(undefined);
          return bounded(invalidated, cache.collapseTimeout);
        }
        const staleExchange: StaleExchange = { req, res, key, stale, writers, setBefore, conditional, requestTime, responseTime, fwd, flight };
        const written = outcome !== undefined ? answerFromStale(cache, staleExchange, outcome, head) : freshenFromAnswer(cache, staleExchange, head, fields);
        // Its fetch lock is given back once the store has what it changed.
        flight?.settle(undefined, written);
      },
    },
    cache.maxEntryBytes,
  );
  if (flight !== undefined) {
    // A flight whose client went away before the handler answered lets its waiters go on.
    res.once('close', () => flight.settle(undefined));
    // So does one whose route never has its answers stored, as soon as the route is selected.
    whenRouteCachingDeclared(res, (caching) => {
      if (caching.neverStored) flight.settle(undefined);
    });
  }
  if (stale !== undefined && cache.originTimeout !== undefined) {
    timer = setTimeout(() => answerStaleAfterTimeout(cache, exchange, forwarding, writers, setBefore, conditional), cache.originTimeout);
  }
  exchange.next();
}

/**
 * What a write's answer makes this cache drop, as it makes the caches in front drop it
 * ({@link purgeTargets}): after a non-error answer to an unsafe method, the URIs it invalidates
 * (RFC 9111 section 4.4), each under every spelling stored, and every response tagged with a
 * surrogate key the answer carries (`PUT /users/7` answered with `Surrogate-Key: users user:7`
 * drops `/users` and `/users/7.xml`). Answers the removal from an asynchronous store.
 */
function invalidateAfterWrite(cache: CacheContext, method: string, status: number, key: string, headers: HeaderMap): MaybePromise<void> {
  const { uris, keys } = purgeTargets({ method, status, requestUri: key, responseHeaders: headers, keyFields: cache.storage.keyFields });
  const { removed, done } = cache.storage.invalidate(uris);
  cache.flights?.forget(removed);
  const purged = cache.storage.purge(keys);
  if (!isThenable(purged)) {
    cache.flights?.forget(purged);
    return done;
  }
  return Promise.all([done, purged.then((keys) => cache.flights?.forget(keys))]).then(() => undefined);
}

/**
 * When the handler has not started its answer within `originTimeout`, the origin counts as not
 * reachable, as a gateway's 504 says (RFC 9111 section 4.2.4; RFC 5861 section 4, stale-if-error):
 * the stale response answers, if it may answer a 504, and the handler's answer, whenever it comes,
 * goes nowhere.
 */
function answerStaleAfterTimeout(
  cache: CacheContext,
  { req, res, key }: CacheExchange,
  { stale, requestCc, fwd, flight }: Forwarding,
  capture: Capture,
  setBefore: ReadonlySet<string> | undefined,
  conditional: boolean,
): void {
  if (stale === undefined || staleOutcome(stale, 504, {}, false, requestCc, cache.now()) !== 'stale') return;
  const taken = capture.detach((writers) => {
    answerStored(cache, req, res, stale, { status: 'STALE', fwd, detail: 'origin-timeout', key }, conditional, writers, setBefore);
  });
  if (taken) flight?.settle(undefined);
}

/** The remaining freshness of a response as it arrives (RFC 9211 section 2.4's `ttl`), in seconds. */
function ttlOnArrival(status: number, headers: HeaderMap, requestTime: number, responseTime: number): number {
  const { lifetime, initialAge } = freshnessOf({ status, requestTime, responseTime }, headers);
  return lifetime - initialAge;
}

/** `work`, settled after `ms` at the latest: a store that never answers does not hold the answer up for good. */
function bounded(work: MaybePromise<void>, ms: number): MaybePromise<void> {
  if (work === undefined) return undefined;
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    Promise.resolve(work).then(done, done);
  });
}
