import type { IncomingMessage } from 'node:http';
import { currentAge } from '../../src/caching/age';
import { hasOriginPreconditions, isConditional } from '../../src/caching/cache-conditionals';
import type { CacheControl } from '../../src/caching/cache-control';
import { type ForwardReason, forwardReason } from '../../src/caching/cache-status';
import { collapseRole } from '../../src/caching/collapsing';
import { carriesCredentials, sharesCredentials } from '../../src/caching/credentials';
import { hasValidator } from '../../src/caching/freshening';
import { decideReuse } from '../../src/caching/freshness';
import { requestDirectives } from '../../src/caching/request-directives';
import { selectingHeaders, varyMatches } from '../../src/caching/vary';
import { HttpError } from '../../src/errors/http-error';
import { ProblemType } from '../../src/errors/problem-types';
import { writeProblemFor } from '../../src/exchange/problem-writer';
import { backgroundExchange } from './background-exchange';
import type { CacheContext, CacheExchange } from './cache-context';
import type { Flight } from './flights';
import { forward } from './forward';
import { type Answer, statusFields } from './status-fields';
import type { Entry, ResponseStorage } from './storage';
import type { StoredResponse } from './store';
import { answerStored } from './stored-answer';

/** A request's first lookup: it leads no flight and waited for nothing. */
const FIRST_LOOKUP: LookupOptions = Object.freeze({});

/** How a request came to be looked up again. */
export interface LookupOptions {
  /** The flight this request leads: settled with the response its exchange stores, or finds stored. */
  readonly flight?: Flight;
  /** It waited for another request's answer, having missed for this reason: it does not wait again. */
  readonly waited?: ForwardReason;
}

/**
 * Answers a GET or HEAD from the stored `variants` of its key when one may (RFC 9111 section 4):
 * the variant the request selects, fresh (a HIT), stale within the request's `max-stale`, or stale
 * within the response's `stale-while-revalidate` (RFC 5861 section 3, validated meanwhile in the
 * background), and no precondition that only the origin may evaluate. Otherwise `only-if-cached`
 * gets a 504; a miss that another request for the key is already fetching waits for its answer
 * (request collapsing); any other request goes on to the handler, with the stored validators added
 * when the variant can be validated (section 4.3.1).
 */
export function lookup(cache: CacheContext, exchange: CacheExchange, variants: readonly StoredResponse[] | undefined, options: LookupOptions = FIRST_LOOKUP): void {
  const { req, res } = exchange;
  const requestCc = requestDirectives(req.headers);
  const entry = selectVariant(cache.storage, variants, req);
  const clientConditional = isConditional(req.headers);
  let stale = false;
  if (entry !== undefined) {
    const age = currentAge(entry.view.initialAge, entry.response.responseTime, cache.now());
    const reuse = decideReuse({ lifetime: entry.view.lifetime, age, response: entry.view.cacheControl, request: requestCc, shared: true });
    stale = age >= entry.view.lifetime;
    // If-Match and If-Unmodified-Since are for the origin to evaluate (RFC 9111 section 4.3.2).
    if (reuse !== 'revalidate' && !hasOriginPreconditions(req.headers)) {
      options.flight?.settle(entry);
      const status = reuse === 'fresh' ? 'HIT' : 'STALE';
      const answer: Answer =
        options.waited === undefined
          ? { status, key: exchange.key }
          : { status, key: exchange.key, fwd: options.waited, fwdStatus: entry.response.status, collapsed: true };
      answerStored(cache, req, res, entry, answer, clientConditional, undefined, undefined, age);
      if (reuse === 'stale-while-revalidate') revalidateInBackground(cache, exchange, entry);
      return;
    }
  }
  if (requestCc.onlyIfCached === true) {
    // RFC 9111 section 5.2.1.7: without a usable stored response, 504.
    options.flight?.settle(undefined);
    writeProblemFor(req, res, notCached(statusFields(cache, { status: 'MISS', detail: 'only-if-cached', key: exchange.key }, exchange)));
    return;
  }
  const fwd = forwardReason({ storedUri: (variants?.length ?? 0) > 0, selected: entry !== undefined, stale });
  if (options.waited === undefined && collapse(cache, exchange, variants, requestCc, fwd)) return;
  const revalidating = entry !== undefined && (req.method ?? 'GET') === 'GET' && !clientConditional && hasValidator(entry.view);
  if (revalidating) addValidators(req, entry);
  forward(cache, exchange, { stale: entry, requestCc, revalidating, fwd, flight: options.flight });
}

/** RFC 9111 section 4.3.1: a request validating a stored response carries its validators. */
function addValidators(req: IncomingMessage, entry: Entry): void {
  if (entry.view.etag !== undefined) req.headers['if-none-match'] = entry.view.etag;
  if (entry.view.lastModified !== undefined) req.headers['if-modified-since'] = entry.view.lastModified;
}

/**
 * Request collapsing: a miss on a key another request is fetching waits for that one's answer,
 * for at most `collapseTimeout`, and is looked up again in it (a response it could not use, or no
 * response stored, and it goes on by itself). A miss on a key nobody is fetching becomes the flight
 * the next misses wait for; with a store shared by several instances, it first takes the store's
 * fetch lock for the key, or waits for the instance that holds it and reads what that one stored.
 * Answers whether the request is taken care of (false: it goes on to the handler now, alone).
 */
function collapse(cache: CacheContext, exchange: CacheExchange, variants: readonly StoredResponse[] | undefined, requestCc: CacheControl, fwd: ForwardReason): boolean {
  const { flights, collapseTimeout } = cache;
  if (flights === undefined) return false;
  const { req, key } = exchange;
  const latest = variants?.[0];
  const stored = latest === undefined ? undefined : { vary: cache.storage.entryOf(latest).view.vary, independentOf: latest.independentOf };
  const role = collapseRole(req.method ?? 'GET', req.headers, requestCc, stored);
  const variant = variantOf(cache.storage, variants, req);
  const under = flights.get(key, variant);
  if (under !== undefined) {
    if (!role.wait) return false;
    under.wait((found) => lookup(cache, exchange, found === undefined ? variants : [found.response], { waited: fwd }), collapseTimeout);
    return true;
  }
  if (!role.lead) return false;
  const flight = flights.start(key, variant);
  const locks = cache.storage.store.fetchLocks;
  if (locks === undefined) {
    lookup(cache, exchange, variants, { flight, waited: fwd });
    return true;
  }
  void locks.acquire(key, collapseTimeout).then((taken) => {
    // Redis unavailable: no instance can be waited for; this one goes on by itself.
    if (taken === undefined) return lookup(cache, exchange, variants, { flight, waited: fwd });
    // Given back once what this instance fetched is written, so that the others read it.
    if (taken) releaseWhenSettled(flight, () => locks.release(key));
    // With the lock, the store is read again: another instance may have stored the response
    // between this instance's read and its lock. Without it, once the holder gives it back.
    const ready = taken ? Promise.resolve() : locks.released(key, collapseTimeout);
    ready
      .then(() => cache.storage.store.get(key))
      .then(
        (found) => lookup(cache, exchange, found ?? variants, { flight, waited: fwd }),
        () => lookup(cache, exchange, variants, { flight, waited: fwd }),
      );
  });
  return true;
}

/**
 * Validates a response answered stale within its `stale-while-revalidate` window (RFC 5861
 * section 3) with a request of the cache's own, which the handler answers in the background: a
 * 304 freshens it, a new response replaces it. One at a time per key: while one is under way (or
 * a miss is being fetched), and on another instance holding the store's fetch lock, no other starts.
 */
function revalidateInBackground(cache: CacheContext, exchange: CacheExchange, entry: Entry): void {
  const { flights } = cache;
  const { background, key, req } = exchange;
  const variant = variantOf(cache.storage, [entry.response], req);
  if (background === undefined || flights === undefined || flights.get(key, variant) !== undefined) return;
  const flight = flights.start(key, variant);
  const start = (): void => {
    const own = background();
    const revalidating = hasValidator(entry.view);
    if (revalidating) addValidators(own.req, entry);
    forward(cache, { ...own, key, background, next: own.run }, { stale: entry, requestCc: {}, revalidating, fwd: 'stale', flight });
  };
  const locks = cache.storage.store.fetchLocks;
  if (locks === undefined) return start();
  void locks.acquire(key, cache.collapseTimeout).then((taken) => {
    if (taken === false) return flight.settle(undefined);
    if (taken) releaseWhenSettled(flight, () => locks.release(key));
    start();
  });
}

/** Gives a shared store's fetch lock back once the flight is settled and what it stored is written. */
function releaseWhenSettled(flight: Flight, release: () => Promise<void>): void {
  flight.whenSettled((written) => {
    const give = (): void => void release();
    Promise.resolve(written).then(give, give);
  });
}

/**
 * Which variant a request asks for, as far as the cache can tell before the handler answers: the
 * request's values of the fields the most recent stored variant varies on (RFC 9111 section 4.1);
 * `''` when nothing is stored, or nothing varies.
 */
function variantOf(storage: ResponseStorage, variants: readonly StoredResponse[] | undefined, req: IncomingMessage): string {
  const latest = variants?.[0];
  if (latest === undefined) return '';
  const { vary } = storage.entryOf(latest).view;
  return vary === '*' || vary.length === 0 ? '' : JSON.stringify(selectingHeaders(vary, req.headers));
}

/**
 * The stored variant the request selects (RFC 9111 section 4.1), most recent first. A request with
 * Authorization is answered only from a response that allows it (section 3.5); a response stored
 * for such a request always does: it is stored only then, and removed when a 304 takes that away
 * (ResponseStorage.keepFreshened). A request with Cookie or Authorization is answered only from a
 * response that may be shared with it: one that varies on them, or whose route declared its answer
 * independent of them ({@link sharesCredentials}).
 */
function selectVariant(storage: ResponseStorage, variants: readonly StoredResponse[] | undefined, req: IncomingMessage): Entry | undefined {
  const authorized = req.headers.authorization !== undefined;
  const credentialed = carriesCredentials(req.headers);
  for (const response of variants ?? []) {
    const candidate = storage.entryOf(response);
    if (authorized && !candidate.view.authorizedReuse) continue;
    if (credentialed && !sharesCredentials(req.headers, candidate.view.vary, response.independentOf)) continue;
    if (varyMatches(candidate.view.vary, response.selecting, req.headers)) return candidate;
  }
  return undefined;
}

/** The 504 of `only-if-cached` with nothing stored that may answer (RFC 9111 section 5.2.1.7). */
function notCached(fields: readonly (readonly [string, string])[]): HttpError {
  return new HttpError(504, 'The request allows only a stored response (only-if-cached), and no stored response may answer it', {
    type: ProblemType.notCached,
    headers: Object.fromEntries(fields),
  });
}
