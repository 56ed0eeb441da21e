import type { CacheControl } from './cache-control';
import { hasOriginPreconditions, isConditional } from './cache-conditionals';
import { carriesCredentials, sharesCredentials } from './credentials';
import type { HeaderMap } from './header-map';
import type { VaryFields } from './vary';

/** What a request may do when others for the same key are missing at the same time. */
export interface CollapseRole {
  /** It may go on to the handler for the others, which then share its answer when it is stored. */
  readonly lead: boolean;
  /** It may wait for another request's answer, and be answered from it once it is stored. */
  readonly wait: boolean;
}

/**
 * Which part a request may take in request collapsing (as Varnish's waiting list and nginx's
 * `proxy_cache_lock`): concurrent misses for one key go to the handler once, and the others are
 * answered from the response it stored (RFC 9111 section 4: a stored response may answer any request
 * it is fresh enough for, however recently it was stored).
 *
 * - It leads when the cache would store its answer for everyone: a GET without Range (its answer
 *   may be a 206, which is not stored), without `no-store` (RFC 9111 section 5.2.1.5), and without
 *   conditionals of the client's own (its answer may be a 304 for that client alone).
 * - It waits when a stored response could answer it: a GET or HEAD without `no-cache` (it asked the
 *   origin to validate, section 5.2.1.4) and without If-Match / If-Unmodified-Since (only the origin
 *   evaluates them, section 4.3.2); with Cookie or Authorization, only when the response stored
 *   for the key (`stored`, the most recent variant) may be shared with it ({@link sharesCredentials}):
 *   otherwise no answer stored for another could answer it, and it would wait for nothing.
 */
export function collapseRole(method: string, headers: HeaderMap, request: CacheControl, stored?: StoredSharing): CollapseRole {
  const lookup = method === 'GET' || method === 'HEAD';
  const shared = !carriesCredentials(headers) || (stored !== undefined && sharesCredentials(headers, stored.vary, stored.independentOf));
  return {
    lead: method === 'GET' && headers.range === undefined && request.noStore !== true && !isConditional(headers),
    wait: lookup && request.noCache === undefined && !hasOriginPreconditions(headers) && shared,
  };
}

/** What decides whether a stored response may answer a request with credentials: its Vary, and what its route declared. */
export interface StoredSharing {
  readonly vary: VaryFields;
  /** The credential fields (lower-case) its route declared its answer independent of. */
  readonly independentOf: readonly string[] | undefined;
}
