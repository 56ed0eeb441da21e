import { type CacheControl, parseCacheControl } from './cache-control';
import { type HeaderMap, fieldValue } from './header-map';

/**
 * The cache directives of a request (RFC 9111 section 5.2.1). Without Cache-Control,
 * `Pragma: no-cache` means `no-cache` (section 5.4); with it, Pragma is ignored.
 */
export function requestDirectives(headers: HeaderMap): CacheControl {
  const cacheControl = headers['cache-control'];
  if (cacheControl !== undefined) return parseCacheControl(cacheControl);
  const pragma = fieldValue(headers, 'pragma');
  return pragma !== undefined && /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(pragma) ? { noCache: true } : {};
}
