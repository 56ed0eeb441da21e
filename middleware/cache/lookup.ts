import type { IncomingMessage, ServerResponse } from 'node:http';
import { currentAge } from '../../src/caching/age';
import { hasOriginPreconditions, isConditional } from '../../src/caching/cache-conditionals';
import { hasValidator } from '../../src/caching/freshening';
import { decideReuse } from '../../src/caching/freshness';
import { requestDirectives } from '../../src/caching/request-directives';
import { varyMatches } from '../../src/caching/vary';
import { HttpError } from '../../src/errors/http-error';
import { ProblemType } from '../../src/errors/problem-types';
import { writeProblemFor } from '../../src/exchange/problem-writer';
import type { CacheContext } from './cache-context';
import { forward } from './forward';
import type { Entry, ResponseStorage } from './storage';
import type { StoredResponse } from './store';
import { answerStored } from './stored-answer';

/**
 * Answers a GET or HEAD from the stored `variants` of its key when one may (RFC 9111 section 4):
 * the variant the request selects, fresh (a HIT) or stale within the request's `max-stale`, and no
 * precondition that only the origin may evaluate. Otherwise `only-if-cached` gets a 504, and any
 * other request goes on to the handler, with the stored validators added when the variant can be
 * validated (section 4.3.1).
 */
export function lookup(
  cache: CacheContext,
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  key: string,
  variants: readonly StoredResponse[] | undefined,
): void {
  const requestCc = requestDirectives(req.headers);
  const entry = selectVariant(cache.storage, variants, req);
  const clientConditional = isConditional(req.headers);
  if (entry !== undefined) {
    const age = currentAge(entry.view.initialAge, entry.response.responseTime, cache.now());
    const reuse = decideReuse({ lifetime: entry.view.lifetime, age, response: entry.view.cacheControl, request: requestCc, shared: true });
    // If-Match and If-Unmodified-Since are for the origin to evaluate (RFC 9111 section 4.3.2).
    if (reuse !== 'revalidate' && !hasOriginPreconditions(req.headers)) {
      answerStored(cache, req, res, entry, reuse === 'fresh' ? 'HIT' : 'STALE', clientConditional);
      return;
    }
  }
  if (requestCc.onlyIfCached === true) {
    // RFC 9111 section 5.2.1.7: without a usable stored response, 504.
    cache.outcomes.set(res, 'MISS');
    writeProblemFor(req, res, notCached(cache.statusHeader));
    return;
  }
  const revalidating = entry !== undefined && (req.method ?? 'GET') === 'GET' && !clientConditional && hasValidator(entry.view);
  if (revalidating) {
    // RFC 9111 section 4.3.1: validate with the stored validators, the request's own headers otherwise.
    if (entry.view.etag !== undefined) req.headers['if-none-match'] = entry.view.etag;
    if (entry.view.lastModified !== undefined) req.headers['if-modified-since'] = entry.view.lastModified;
  }
  forward(cache, req, res, next, key, entry, requestCc, revalidating);
}

/**
 * The stored variant the request selects (RFC 9111 section 4.1), most recent first. A request with
 * Authorization is answered only from a response that allows it (section 3.5); a response stored
 * for such a request always does: it is stored only then, and removed when a 304 takes that away
 * (ResponseStorage.keepFreshened).
 */
function selectVariant(storage: ResponseStorage, variants: readonly StoredResponse[] | undefined, req: IncomingMessage): Entry | undefined {
  const authorized = req.headers.authorization !== undefined;
  for (const response of variants ?? []) {
    const candidate = storage.entryOf(response);
    if (authorized && !candidate.view.authorizedReuse) continue;
    if (varyMatches(candidate.view.vary, response.selecting, req.headers)) return candidate;
  }
  return undefined;
}

/** The 504 of `only-if-cached` with nothing stored that may answer (RFC 9111 section 5.2.1.7). */
function notCached(statusHeader: string | undefined): HttpError {
  return new HttpError(504, 'The request allows only a stored response (only-if-cached), and no stored response may answer it', {
    type: ProblemType.notCached,
    headers: statusHeader === undefined ? {} : { [statusHeader]: 'MISS' },
  });
}
