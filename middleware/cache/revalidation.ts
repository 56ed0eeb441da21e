import type { IncomingMessage, ServerResponse } from 'node:http';
import { currentAge } from '../../src/caching/age';
import type { CacheControl } from '../../src/caching/cache-control';
import { headResponseDescribes, notModifiedIdentifies } from '../../src/caching/freshening';
import { staleAnswersFailure } from '../../src/caching/freshness';
import type { ForwardReason } from '../../src/caching/cache-status';
import type { HeaderMap } from '../../src/caching/header-map';
import type { CacheContext } from './cache-context';
import type { ResponseHead, Writers } from './capture';
import type { Flight } from './flights';
import type { Entry } from './storage';
import type { MaybePromise } from './store';
import { answerStored } from './stored-answer';

/**
 * What the origin's answer makes of a stored response the request went on with:
 * - `refreshed`: a 304 to the validators the cache added, identifying it (RFC 9111 section 4.3.4):
 *   it is freshened and answers;
 * - `unidentified`: a 304 to those validators naming another representation;
 * - `stale`: the origin failed, and the stale response answers instead (section 4.2.4).
 */
export type StaleOutcome = 'refreshed' | 'unidentified' | 'stale';

/**
 * How the origin's answer (its status and fields) settles the `stale` stored response, or
 * `undefined` when the origin's answer is the one the client gets. `revalidating` says the cache
 * added the stored validators to the request (a 304 is then the cache's to use, not the client's).
 */
export function staleOutcome(
  stale: Entry,
  status: number,
  fields: HeaderMap,
  revalidating: boolean,
  requestCc: CacheControl,
  responseTime: number,
): StaleOutcome | undefined {
  if (revalidating && status === 304) return notModifiedIdentifies(stale.view, fields) ? 'refreshed' : 'unidentified';
  const age = currentAge(stale.view.initialAge, stale.response.responseTime, responseTime);
  const reuse = { lifetime: stale.view.lifetime, age, response: stale.view.cacheControl, request: requestCc, shared: true };
  return staleAnswersFailure(status, reuse) ? 'stale' : undefined;
}

/** A request that went on to the handler with a stored response in hand, once the handler has answered. */
export interface StaleExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly key: string;
  readonly stale: Entry;
  /** The response's own methods, which the cache wrapped to see the handler's answer. */
  readonly writers: Writers;
  /** The header names set before the request went on to the handler. */
  readonly setBefore: ReadonlySet<string> | undefined;
  /** The request carries the client's own conditionals (not the validators the cache added). */
  readonly conditional: boolean;
  readonly requestTime: number;
  readonly responseTime: number;
  /** Why the request went on, for Cache-Status. */
  readonly fwd: ForwardReason;
  /** The flight the request leads, settled with the response freshened. */
  readonly flight: Flight | undefined;
}

/**
 * Answers from the stored response, as `outcome` says, instead of the handler's swallowed answer.
 * Answers the store's write of what it changed: a shared store's fetch lock is given back only
 * once another instance reads it.
 */
export function answerFromStale(cache: CacheContext, exchange: StaleExchange, outcome: StaleOutcome, head: ResponseHead): MaybePromise<void> {
  const { req, res, key, stale, writers, setBefore, fwd } = exchange;
  const answer = { fwd, fwdStatus: head.status, key };
  if (outcome === 'refreshed') {
    const refreshed = cache.storage.keepFreshened(key, stale, head.rawHeaders, req, exchange.requestTime, exchange.responseTime);
    exchange.flight?.settle(refreshed.entry, refreshed.written);
    answerStored(cache, req, res, refreshed.entry, { status: 'REVALIDATED', ...answer }, false, writers, setBefore);
    return refreshed.written;
  }
  if (outcome === 'unidentified') {
    // A 304 whose validators name another representation updates nothing (RFC 9111 section
    // 4.3.4). It still says the stored one has not changed since its own validators, so that
    // is answered as it was stored, and removed: the next request gets the whole response.
    const removed = cache.storage.keep(key, undefined, req.headers);
    answerStored(cache, req, res, stale, { status: 'STALE', ...answer }, false, writers, setBefore);
    return removed;
  }
  answerStored(cache, req, res, stale, { status: 'STALE', ...answer }, exchange.conditional, writers, setBefore);
  return undefined;
}

/**
 * Freshens the stored response from a handler's answer that went to the client and was not stored:
 * a HEAD response (RFC 9111 section 4.3.5), or a 304 to the client's own conditional request that
 * identifies it (section 4.3.4). Answers the store's write of it.
 */
export function freshenFromAnswer(cache: CacheContext, exchange: StaleExchange, head: ResponseHead, fields: HeaderMap): MaybePromise<void> {
  const { req, key, stale, requestTime, responseTime } = exchange;
  if (req.method === 'HEAD' && head.status === 200) {
    // A HEAD response freshens the stored GET response it describes; one it does not describe is
    // stale, and goes (the next GET fetches it whole).
    const described = headResponseDescribes({ ...stale.view, contentLength: stale.response.body.byteLength }, fields);
    if (described) return cache.storage.keepFreshened(key, stale, head.rawHeaders, req, requestTime, responseTime).written;
    return cache.storage.keep(key, undefined, req.headers);
  }
  // Only when it carries an entity tag: the client's validators need not be the stored ones.
  if (head.status === 304 && fields.etag !== undefined && notModifiedIdentifies(stale.view, fields)) {
    return cache.storage.keepFreshened(key, stale, head.rawHeaders, req, requestTime, responseTime).written;
  }
  return undefined;
}
