/** Methods defined as safe (RFC 9110 section 9.2.1); any other method, even unknown, is unsafe. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * Whether a method is safe (RFC 9110 section 9.2.1): read-only by definition, so a cache need not
 * invalidate after it, and pipelined requests that are all safe may be answered in parallel (RFC
 * 9112 section 9.3.2). Unknown methods are unsafe.
 */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}
