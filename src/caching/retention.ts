import type { CacheControl } from './cache-control';

/** What decides how long a shared store keeps a response: see {@link retentionSeconds}. */
export interface RetentionInput {
  /** The freshness lifetime, in seconds (RFC 9111 section 4.2.1). */
  readonly lifetime: number;
  /** The current age, in seconds (RFC 9111 section 4.2.3). */
  readonly age: number;
  /** The response's directives. */
  readonly cacheControl: CacheControl;
  /** Whether it carries a validator (an ETag or Last-Modified), so that a stale copy can be revalidated. */
  readonly validatable: boolean;
  /** How long, in seconds, a stale response that can be revalidated is kept for that. */
  readonly revalidationWindow: number;
}

/**
 * How long, in seconds, a shared store keeps a response: what is left of its freshness, plus the
 * longest time it may still be of use once stale. That is the window in which it may be served
 * stale (`stale-while-revalidate`, `stale-if-error`, RFC 5861 sections 3 and 4) unless
 * `must-revalidate`, `proxy-revalidate` or `s-maxage` forbid a shared cache to serve it stale (RFC
 * 9111 sections 5.2.2.2, 5.2.2.8, 5.2.2.10), or, when it carries a validator, the window in which a
 * conditional request may freshen it with a 304 instead of fetching it whole (section 4.3). 0 says
 * it is of no further use and need not be kept.
 */
export function retentionSeconds({ lifetime, age, cacheControl, validatable, revalidationWindow }: RetentionInput): number {
  const fresh = Math.max(0, lifetime - age);
  const mayServeStale = cacheControl.mustRevalidate !== true && cacheControl.proxyRevalidate !== true && cacheControl.sMaxAge === undefined;
  const servedStale = mayServeStale ? Math.max(cacheControl.staleWhileRevalidate ?? 0, cacheControl.staleIfError ?? 0) : 0;
  return fresh + Math.max(servedStale, validatable ? revalidationWindow : 0);
}
