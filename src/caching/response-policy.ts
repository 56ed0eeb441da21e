import { type CacheControl, formatCacheControl, parseCacheControl } from './cache-control';
import type { CredentialField } from './credentials';
import { dateValue } from './freshness';
import { type HeaderMap, type ResponseHeaderMap, fieldLines } from './header-map';
import { formatHttpDate, parseHttpDate } from './http-date';

/** One year in seconds: the longest a representation may be declared fresh (spec, Limits 1). */
export const ONE_YEAR_SECONDS = 31_536_000;

/** The caching policy a route declares for its responses. Durations are in seconds. */
export interface ResponsePolicy {
  /** `max-age`: seconds the response stays fresh in any cache (RFC 9111 section 5.2.2.1). */
  readonly maxAge?: number;
  /** `s-maxage`: seconds it stays fresh in shared caches, overriding `maxAge` there (RFC 9111 section 5.2.2.10). */
  readonly sMaxAge?: number;
  /** `public`: shared caches may store it even when they otherwise would not (RFC 9111 section 5.2.2.9). */
  readonly public?: boolean;
  /** `private`: only the user's own cache may store it (RFC 9111 section 5.2.2.7). */
  readonly private?: boolean;
  /** `no-cache`: a cache must revalidate it before every use (RFC 9111 section 5.2.2.4). */
  readonly noCache?: boolean;
  /** `no-store`: no cache may keep it (RFC 9111 section 5.2.2.5). */
  readonly noStore?: boolean;
  /** `must-revalidate`: once stale, never used without revalidating (RFC 9111 section 5.2.2.2). */
  readonly mustRevalidate?: boolean;
  /** Never changes while fresh (RFC 8246): implies a lifetime of one year. */
  readonly immutable?: boolean;
  /** `stale-while-revalidate`: seconds a stale response may answer while it is revalidated (RFC 5861 section 3). */
  readonly staleWhileRevalidate?: number;
  /** `stale-if-error`: seconds a stale response may answer when the origin fails (RFC 5861 section 4). */
  readonly staleIfError?: number;
  /** An absolute expiry, or `never`: one year after the response's Date. */
  readonly expires?: Date | 'never';
  /**
   * The credential fields the answer does not depend on: the shared cache (`cache()` of
   * `express-represent/cache`) then answers requests that carry them from what it stored, and stores their
   * answers. By default it does neither (as Varnish), since a handler may read them without saying
   * so; a route that binds a cookie (`.cookie()`) needs no declaration, its answers vary by Cookie.
   * A response to a request with Authorization is still stored only when it is `public`, or says
   * `sMaxAge` or `mustRevalidate` (RFC 9111 section 3.5). Written in no header.
   */
  readonly independentOf?: readonly CredentialField[];
  /**
   * The shared cache may store an answer that sets cookies, without its `Set-Cookie` field: the
   * client that got it keeps its cookie, the others get the stored answer without one. By default
   * an answer with Set-Cookie is not stored (as nginx and Varnish; RFC 9111 section 3 lets a cache
   * decline). Written in no header.
   */
  readonly storeWithoutSetCookie?: boolean;
}

/** Methods whose responses are never cacheable (spec, Caching rules 3; RFC 9110 sections 9.3.4, 9.3.5). */
const NEVER_CACHEABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * The headers a declared policy gives a response to `method` at `now`: Cache-Control, Expires and
 * Date, already passed through {@link correctResponseHeaders}.
 */
export function responsePolicyHeaders(policy: ResponsePolicy, method: string, now: Date | number): ResponseHeaderMap {
  const date = formatHttpDate(now);
  const oneYear = policy.immutable === true || policy.expires === 'never';
  const cc: CacheControl = {
    ...(policy.public === true && { public: true }),
    ...(policy.private === true && { private: true }),
    ...(policy.noCache === true && { noCache: true }),
    ...(policy.noStore === true && { noStore: true }),
    ...(oneYear ? { maxAge: ONE_YEAR_SECONDS } : policy.maxAge !== undefined && { maxAge: policy.maxAge }),
    ...(policy.sMaxAge !== undefined && { sMaxAge: policy.sMaxAge }),
    ...(policy.mustRevalidate === true && { mustRevalidate: true }),
    ...(policy.immutable === true && { immutable: true }),
    ...(policy.staleWhileRevalidate !== undefined && { staleWhileRevalidate: policy.staleWhileRevalidate }),
    ...(policy.staleIfError !== undefined && { staleIfError: policy.staleIfError }),
  };
  const headers: ResponseHeaderMap = { date };
  const value = formatCacheControl(cc);
  if (value !== '') headers['cache-control'] = value;
  if (oneYear) headers.expires = formatHttpDate(parseHttpDate(date)! + ONE_YEAR_SECONDS * 1000);
  else if (policy.expires instanceof Date) headers.expires = formatHttpDate(policy.expires);
  return correctResponseHeaders(headers, method, now);
}

/**
 * Corrects the final headers of a response (what the route declared and what the handler set)
 * just before they are written. Returns a new map: headers absent from it are to be removed.
 *
 * - Date is always present (RFC 9110 section 6.6.1); a missing or invalid one becomes `now`.
 * - PUT, PATCH and DELETE responses are never cacheable: `no-store`, and any freshness
 *   (max-age, s-maxage, public, immutable, stale-*, Expires) removed (spec, Caching rules 3).
 * - POST responses are not cacheable unless they carry explicit freshness: Expires, max-age,
 *   s-maxage or public (spec, Caching rules 2; RFC 9110 section 9.3.3); otherwise `no-store`.
 * - No representation is fresh for more than a year (spec, Limits 1): a later Expires becomes
 *   Date plus one year, a larger max-age or s-maxage becomes 31536000.
 * - Last-Modified is never later than Date (RFC 9110 section 8.8.2.1).
 */
export function correctResponseHeaders(headers: HeaderMap, method: string, now: Date | number): ResponseHeaderMap {
  const result: ResponseHeaderMap = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    result[name] = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : [...value];
  }
  let date = dateValue(headers);
  if (date === undefined) {
    result.date = formatHttpDate(now);
    date = parseHttpDate(result.date)!;
  }

  const verb = method.toUpperCase();
  const original = parseCacheControl(headers['cache-control']);
  let cc: CacheControl = original;
  if (NEVER_CACHEABLE.has(verb)) {
    const { maxAge, sMaxAge, public: _public, immutable, staleWhileRevalidate, staleIfError, ...rest } = cc;
    cc = { ...rest, noStore: true };
    delete result.expires;
  } else if (verb === 'POST') {
    const explicit = headers.expires !== undefined || cc.maxAge !== undefined || cc.sMaxAge !== undefined || cc.public === true;
    if (!explicit) cc = { ...cc, noStore: true };
  }
  if (cc.maxAge !== undefined && cc.maxAge > ONE_YEAR_SECONDS) cc = { ...cc, maxAge: ONE_YEAR_SECONDS };
  if (cc.sMaxAge !== undefined && cc.sMaxAge > ONE_YEAR_SECONDS) cc = { ...cc, sMaxAge: ONE_YEAR_SECONDS };
  if (cc !== original) {
    const value = formatCacheControl(cc);
    if (value === '') delete result['cache-control'];
    else result['cache-control'] = value;
  }

  const latest = date + ONE_YEAR_SECONDS * 1000;
  const expires = fieldLines(result.expires);
  if (expires.length > 0 && expires.some((line) => (parseHttpDate(line) ?? 0) > latest)) {
    result.expires = formatHttpDate(latest);
  }
  const lastModified = fieldLines(result['last-modified']);
  if (lastModified.length > 0 && lastModified.some((line) => (parseHttpDate(line) ?? 0) > date)) {
    result['last-modified'] = formatHttpDate(date);
  }
  return result;
}
