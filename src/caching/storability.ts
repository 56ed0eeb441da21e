import { STATUS_CODES } from 'node:http';
import { type CacheControl, parseCacheControl } from './cache-control';
import { setsCookies, sharesCredentials } from './credentials';
import { HEURISTICALLY_CACHEABLE, freshnessLifetime, hasExplicitFreshness } from './freshness';
import { type HeaderMap, fieldValue } from './header-map';
import { parseVary } from './vary';

/** The input of {@link isStorable}. */
export interface StorabilityInput {
  readonly method: string;
  readonly status: number;
  /** Headers by lower-case name. */
  readonly requestHeaders: HeaderMap;
  readonly responseHeaders: HeaderMap;
  /**
   * The target URI, absolute or origin-relative: a POST response is stored for the GET requests
   * of its Content-Location, so it must equal this URI (RFC 9110 section 9.3.3). Left out, the
   * question is only whether the response is cacheable at all (for a route asking whether its
   * response must carry a validator): for POST, explicit freshness.
   */
  readonly requestUri?: string;
  /** A shared cache (the default) also refuses `private` and most responses to authorized requests. */
  readonly shared?: boolean;
  /** The parsed response Cache-Control, when the caller has it already (or uses a targeted field instead). */
  readonly cacheControl?: CacheControl;
}

/**
 * Whether a cache may store a response (RFC 9111 section 3):
 * - the method is cacheable: GET, HEAD, or POST with explicit freshness and (with a
 *   `requestUri`) a Content-Location equal to the target URI (RFC 9110 section 9.3.3);
 * - the status is final, and understood: 206 and 304 are not (this cache does not combine
 *   ranges), nor under `must-understand` a status it does not know or whose own caching rules it
 *   does not implement, such as 226 (section 5.2.2.3);
 * - neither request nor response says `no-store` (sections 5.2.1.5, 5.2.2.5), unless the response
 *   says `must-understand` too and the status is one this cache knows (section 5.2.2.3);
 * - for a shared cache, the response is not `private` (section 5.2.2.7), and a request with
 *   Authorization only with `public`, `s-maxage` or `must-revalidate` (section 3.5);
 * - the response has explicit freshness, `public`, or a heuristically cacheable status.
 */
export function isStorable(input: StorabilityInput): boolean {
  const shared = input.shared ?? true;
  const method = input.method.toUpperCase();
  const { status, requestHeaders, responseHeaders } = input;
  const cc = input.cacheControl ?? parseCacheControl(responseHeaders['cache-control']);
  const explicit = hasExplicitFreshness(responseHeaders, shared, cc);

  if (method === 'POST') {
    if (!explicit) return false;
    if (input.requestUri !== undefined && !sameUri(fieldValue(responseHeaders, 'content-location'), input.requestUri)) return false;
  } else if (method !== 'GET' && method !== 'HEAD') {
    return false;
  }
  if (status < 200 || status === 206 || status === 304) return false;
  const understood = STATUS_CODES[status] !== undefined && !NOT_UNDERSTOOD.has(status);
  if (cc.mustUnderstand === true && !understood) return false;
  // must-understand with a status the cache understands overrides no-store (RFC 9111 section 5.2.2.3).
  if (cc.noStore === true && !(cc.mustUnderstand === true && understood)) return false;
  if (parseCacheControl(requestHeaders['cache-control']).noStore === true) return false;
  if (shared && cc.private !== undefined) return false;
  if (shared && requestHeaders.authorization !== undefined && !allowsAuthorizedReuse(cc)) return false;
  return explicit || cc.public === true || HEURISTICALLY_CACHEABLE.has(status);
}

/**
 * Whether a shared cache may store, and reuse, a response to a request with Authorization: only
 * when its Cache-Control says `public`, `s-maxage` or `must-revalidate` (RFC 9111 section 3.5).
 */
export function allowsAuthorizedReuse(cc: CacheControl): boolean {
  return cc.public === true || cc.sMaxAge !== undefined || cc.mustRevalidate === true;
}

/** The input of {@link isWorthStoring}: that of {@link isStorable}, and when the response arrived. */
export interface StoringInput extends StorabilityInput {
  /** The target URI: this cache answers only GET and HEAD from what it stores. */
  readonly requestUri: string;
  /** When the response arrived (ms since the epoch), for a heuristic freshness lifetime. */
  readonly responseTime: number;
  /** The credential fields (lower-case) the route that answered declared its answer independent of. */
  readonly independentOf?: readonly string[];
  /** The route that answered lets an answer that sets cookies be stored, without its Set-Cookie. */
  readonly storeWithoutSetCookie?: boolean;
}

/**
 * Whether a shared cache stores a response: it may ({@link isStorable}), and it is worth it. A 412
 * answers the request's preconditions, not what the target is: stored, it would answer requests
 * that have none (a cache may store any status, RFC 9111 section 3, and need not). `Vary: *`
 * could never be reused (section 4.1). And the response must be fresh for a while, or carry a
 * validator to be revalidated with (section 4.3.1).
 *
 * A cache may also decline what it may store (section 3), and this one declines, as nginx and
 * Varnish do by default, what could hand one client's state to another: a response that sets
 * cookies, unless its route lets it be stored without them (`storeWithoutSetCookie`), and the
 * response to a request with Cookie or Authorization, unless it varies on them or its route
 * declared itself independent of them ({@link sharesCredentials}).
 */
export function isWorthStoring(input: StoringInput): boolean {
  if (input.status === 412) return false;
  const headers = input.responseHeaders;
  const cacheControl = input.cacheControl ?? parseCacheControl(headers['cache-control']);
  if (!isStorable({ ...input, cacheControl })) return false;
  const vary = parseVary(headers.vary);
  if (vary === '*') return false;
  if (input.storeWithoutSetCookie !== true && setsCookies(headers)) return false;
  if (!sharesCredentials(input.requestHeaders, vary, input.independentOf)) return false;
  if (headers.etag !== undefined || headers['last-modified'] !== undefined) return true;
  return freshnessLifetime({ status: input.status, headers, shared: input.shared ?? true, responseTime: input.responseTime, cacheControl }) > 0;
}

/**
 * Statuses with caching rules of their own that this cache does not implement, though node knows
 * their names (206 is refused before): 226 IM Used (delta encoding, RFC 3229).
 */
const NOT_UNDERSTOOD = new Set([226]);

const BASE = 'http://localhost';

/** Whether a URI reference names the same resource as `target` (both resolved against `target`). */
function sameUri(reference: string | undefined, target: string): boolean {
  if (reference === undefined) return false;
  try {
    const base = new URL(target, BASE);
    return new URL(reference, base).href === base.href;
  } catch {
    return false;
  }
}
