import type { HeaderMap } from './header-map';

/**
 * Whether a request carries the conditionals a cache may answer itself from a stored response,
 * If-None-Match and If-Modified-Since (RFC 9111 section 4.3.2).
 */
export function isConditional(headers: HeaderMap): boolean {
  return headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined;
}

/**
 * Whether a request carries preconditions a stored response is not answered over: If-Match and
 * If-Unmodified-Since guard the origin's current state (RFC 9111 section 4.3.2), so the request
 * goes on (a GET with the stored validators added, fresh or not), and the origin answers 412 or
 * the response.
 */
export function hasOriginPreconditions(headers: HeaderMap): boolean {
  return headers['if-match'] !== undefined || headers['if-unmodified-since'] !== undefined;
}
