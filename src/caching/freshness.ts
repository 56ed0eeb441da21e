import { type CacheControl, parseCacheControl } from './cache-control';
import { type HeaderMap, fieldLines } from './header-map';
import { parseHttpDate } from './http-date';

/**
 * Status codes that are heuristically cacheable (RFC 9110 section 15.1): a cache may assign them a
 * freshness lifetime of its own when the response gives none.
 */
export const HEURISTICALLY_CACHEABLE = new Set([200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]);

/** The fraction of the time since Last-Modified used as heuristic lifetime (RFC 9111 section 4.2.2). */
export const HEURISTIC_FRACTION = 0.1;

/** The input of {@link freshnessLifetime}. */
export interface FreshnessInput {
  readonly status: number;
  /** The response's headers by lower-case name. */
  readonly headers: HeaderMap;
  /** A shared cache uses s-maxage; a private one ignores it. */
  readonly shared: boolean;
  /** When the response was received (ms): stands in for a missing or invalid Date. */
  readonly responseTime: number;
  /** The parsed Cache-Control, when the caller has it already (or uses a targeted field instead). */
  readonly cacheControl?: CacheControl;
}

/**
 * The freshness lifetime of a response in seconds (RFC 9111 section 4.2.1): s-maxage (shared
 * caches only), else max-age, else Expires minus Date, else a heuristic (section 4.2.2): 10% of
 * the time between Last-Modified and Date, for heuristically cacheable statuses or with `public`.
 * An Expires that is not an HTTP-date (such as `0`) is in the past (section 5.3); several
 * different Expires lines make the response stale (section 4.2.1).
 */
export function freshnessLifetime(input: FreshnessInput): number {
  const { headers, shared } = input;
  const cc = input.cacheControl ?? parseCacheControl(headers['cache-control']);
  if (shared && cc.sMaxAge !== undefined) return cc.sMaxAge;
  if (cc.maxAge !== undefined) return cc.maxAge;
  const date = dateValue(headers) ?? input.responseTime;
  const expiresLines = fieldLines(headers.expires);
  if (expiresLines.length > 0) {
    if (expiresLines.some((line) => line !== expiresLines[0])) return 0;
    const expires = parseHttpDate(expiresLines[0]);
    return expires === undefined ? 0 : Math.max(0, (expires - date) / 1000);
  }
  if (HEURISTICALLY_CACHEABLE.has(input.status) || cc.public === true) {
    const lastModifiedLines = fieldLines(headers['last-modified']);
    const lastModified = lastModifiedLines.length === 1 ? parseHttpDate(lastModifiedLines[0]) : undefined;
    if (lastModified !== undefined) return Math.max(0, ((date - lastModified) / 1000) * HEURISTIC_FRACTION);
  }
  return 0;
}

/** Whether the response states its own freshness: max-age, s-maxage (shared caches) or Expires. */
export function hasExplicitFreshness(headers: HeaderMap, shared: boolean, cc = parseCacheControl(headers['cache-control'])): boolean {
  return cc.maxAge !== undefined || (shared && cc.sMaxAge !== undefined) || headers.expires !== undefined;
}

/** The Date field's value (ms), or `undefined` when it is absent or not a single HTTP-date. */
export function dateValue(headers: HeaderMap): number | undefined {
  const lines = fieldLines(headers.date);
  return lines.length === 1 ? parseHttpDate(lines[0]) : undefined;
}

/** What {@link decideReuse} weighs. */
export interface ReuseInput {
  /** Freshness lifetime and current age of the stored response, in seconds. */
  readonly lifetime: number;
  readonly age: number;
  /** The stored response's Cache-Control and the presented request's. */
  readonly response: CacheControl;
  readonly request: CacheControl;
  readonly shared: boolean;
}

/**
 * How a stored response may be used for a request (RFC 9111 section 4):
 * - `fresh`: it is fresh enough for the request (`max-age`, `min-fresh`, section 5.2.1);
 * - `stale`: it is stale, but the request's `max-stale` accepts it and nothing forbids serving it
 *   stale (section 4.2.4);
 * - `stale-while-revalidate`: it is stale, within the response's `stale-while-revalidate` window
 *   (RFC 5861 section 3), and the request asks for nothing fresher (no `min-fresh`): it answers at
 *   once while the cache validates it in the background;
 * - `revalidate`: it must be validated with the origin first: `no-cache` in the request or
 *   response (sections 5.2.1.4, 5.2.2.4), too old for the request, or stale.
 */
export function decideReuse(input: ReuseInput): 'fresh' | 'stale' | 'stale-while-revalidate' | 'revalidate' {
  const { lifetime, age, request, response } = input;
  if (request.noCache !== undefined || response.noCache !== undefined) return 'revalidate';
  if (request.maxAge !== undefined && age > request.maxAge) return 'revalidate';
  if (lifetime > age) {
    return request.minFresh !== undefined && lifetime - age < request.minFresh ? 'revalidate' : 'fresh';
  }
  if (!mayServeStale(input)) return 'revalidate';
  if (request.maxStale !== undefined && age - lifetime <= request.maxStale) return 'stale';
  if (response.staleWhileRevalidate !== undefined && age - lifetime <= response.staleWhileRevalidate && request.minFresh === undefined) {
    return 'stale-while-revalidate';
  }
  return 'revalidate';
}

/**
 * Whether a stale response may answer when the origin fails with a 5xx or cannot be reached:
 * within `stale-if-error` of the request or response (RFC 5861 section 4), unless serving stale
 * is forbidden.
 */
export function staleIfErrorAllows(input: ReuseInput): boolean {
  const window = input.request.staleIfError ?? input.response.staleIfError;
  return window !== undefined && mayServeStale(input) && input.age - input.lifetime <= window;
}

/**
 * Whether a stale response may be served at all, as when the cache is disconnected from the
 * origin (RFC 9111 section 4.2.4): not with no-cache (section 5.2.2.4) or must-revalidate
 * (section 5.2.2.2), nor in a shared cache with proxy-revalidate or s-maxage (sections 5.2.2.8,
 * 5.2.2.10).
 */
export function mayServeStale({ response, shared }: Pick<ReuseInput, 'response' | 'shared'>): boolean {
  if (response.mustRevalidate === true || response.noCache !== undefined) return false;
  return !(shared && (response.proxyRevalidate === true || response.sMaxAge !== undefined));
}

/**
 * Whether a stale response answers instead of the origin's `status`: a 5xx within
 * `stale-if-error` (RFC 5861 section 4), or a 502 or 504, which say the origin could not be
 * reached, when nothing forbids serving stale (RFC 9111 section 4.2.4).
 */
export function staleAnswersFailure(status: number, reuse: ReuseInput): boolean {
  if (status >= 500 && staleIfErrorAllows(reuse)) return true;
  return (status === 502 || status === 504) && mayServeStale(reuse);
}
