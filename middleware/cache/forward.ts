import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CacheControl } from '../../src/caching/cache-control';
import { isConditional } from '../../src/caching/cache-conditionals';
import { type HeaderMap, fieldValue } from '../../src/caching/header-map';
import { invalidatedUris } from '../../src/caching/invalidation';
import { isWorthStoring } from '../../src/caching/storability';
import { CONTENT_TYPE_OPTIONS } from '../../src/http/content-type-options';
import type { CacheContext } from './cache-context';
import { captureResponse } from './capture';
import { type StaleExchange, type StaleOutcome, answerFromStale, freshenFromAnswer, staleOutcome } from './revalidation';
import type { Entry } from './storage';
import { NOSNIFF_FIELD } from './stored-answer';
import { headerMapOf } from './stored-response';

/** The methods whose responses the cache looks up; any other is unsafe, or not cached. */
export const LOOKUP_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/**
 * Sends the request on to the handler and watches the response: stores it when it may, and
 * invalidates after unsafe methods. With a `stale` stored response, a 304 to the validators the
 * cache added (`revalidating`) freshens it and it is answered; so it is, stale, when the origin
 * fails within stale-if-error, or cannot be reached (502, 504) and nothing forbids serving stale
 * (RFC 9111 section 4.2.4).
 */
export function forward(
  cache: CacheContext,
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  key: string,
  stale: Entry | undefined,
  requestCc: CacheControl,
  revalidating: boolean,
): void {
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
  const writers = captureResponse(
    res,
    {
      onHead: (head) => {
        responseTime = cache.now();
        fields = headerMapOf(head.rawHeaders);
        if (stale !== undefined) {
          outcome = staleOutcome(stale, head.status, fields, revalidating, requestCc, responseTime);
          if (outcome !== undefined) return { mode: 'swallow' };
        }
        const headers = cache.storage.effective(fields);
        if (!LOOKUP_METHODS.has(method) && head.status >= 200) {
          cache.storage.invalidate(invalidatedUris({ method, status: head.status, requestUri: key, responseHeaders: headers }));
        }
        storable =
          method !== 'HEAD' && isWorthStoring({ method, status: head.status, requestHeaders: req.headers, responseHeaders: headers, requestUri: key, responseTime });
        const length = Number(fieldValue(headers, 'content-length') ?? 0);
        cache.outcomes.set(res, 'MISS');
        const added: (readonly [string, string])[] = [];
        if (fields[NOSNIFF_FIELD] === undefined) added.push(CONTENT_TYPE_OPTIONS);
        if (cache.statusHeader !== undefined) added.push([cache.statusHeader, 'MISS']);
        return { mode: storable && !(length > cache.maxEntryBytes) ? 'buffer' : 'pass', headers: added };
      },
      onEnd: (head, body) => {
        if (storable && body !== undefined) {
          cache.storage.storeNew(key, head, body, req, requestTime, responseTime);
          return;
        }
        if (stale === undefined) return;
        const exchange: StaleExchange = { req, res, key, stale, writers, setBefore, conditional, requestTime, responseTime };
        if (outcome !== undefined) answerFromStale(cache, exchange, outcome, head);
        else freshenFromAnswer(cache, exchange, head, fields);
      },
    },
    cache.maxEntryBytes,
    stale !== undefined,
  );
  next();
}
