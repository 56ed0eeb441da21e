import { type HeaderMap, fieldValue } from './header-map';
import { normalizedUri } from './target-uri';

/** Methods defined as safe (RFC 9110 section 9.2.1); any other method, even unknown, is unsafe. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** The input of {@link invalidatedUris}. */
export interface InvalidationInput {
  readonly method: string;
  readonly status: number;
  /** The absolute target URI, such as `http://example.com/books/1`. */
  readonly requestUri: string;
  readonly responseHeaders: HeaderMap;
}

/**
 * The URIs whose stored responses a cache invalidates after a response (RFC 9111 section 4.4):
 * after a non-error (2xx, 3xx) response to an unsafe method, the target URI, plus the URIs in
 * Location and Content-Location when they have the target's origin (a different origin could be
 * used to deny service). Absolute URIs in the form {@link normalizedUri} gives, which is the form a
cache must store them in for the invalidation to find them; empty when nothing is invalidated.
 */
export function invalidatedUris(input: InvalidationInput): string[] {
  if (SAFE_METHODS.has(input.method.toUpperCase()) || input.status < 200 || input.status > 399) return [];
  const target = normalizedUri(input.requestUri);
  if (target === undefined) return [];
  const origin = new URL(target).origin;
  const uris = [target];
  for (const name of ['location', 'content-location']) {
    const reference = fieldValue(input.responseHeaders, name);
    if (reference === undefined) continue;
    let resolved: string;
    try {
      resolved = new URL(reference, target).href;
    } catch {
      continue; // Not a URI reference: nothing to invalidate.
    }
    const uri = normalizedUri(resolved);
    if (uri !== undefined && new URL(uri).origin === origin && !uris.includes(uri)) uris.push(uri);
  }
  return uris;
}
