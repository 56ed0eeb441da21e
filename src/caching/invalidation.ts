import { type HeaderMap, fieldValue } from './header-map';

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
 * used to deny service). Absolute URIs, without fragment; empty when nothing is invalidated.
 */
export function invalidatedUris(input: InvalidationInput): string[] {
  if (SAFE_METHODS.has(input.method.toUpperCase()) || input.status < 200 || input.status > 399) return [];
  let target: URL;
  try {
    target = new URL(input.requestUri);
  } catch {
    return [];
  }
  target.hash = '';
  const uris = [target.href];
  for (const name of ['location', 'content-location']) {
    const reference = fieldValue(input.responseHeaders, name);
    if (reference === undefined) continue;
    try {
      const uri = new URL(reference, target);
      uri.hash = '';
      if (uri.origin === target.origin && !uris.includes(uri.href)) uris.push(uri.href);
    } catch {
      // Not a URI reference: nothing to invalidate.
    }
  }
  return uris;
}
