import { type HeaderMap, fieldValue } from './header-map';
import { normalizedUri, originOf } from './target-uri';
import { isSafeMethod } from '../http/safe-method';

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
 * cache must store them in for the invalidation to find them; empty when nothing is invalidated.
 */
export function invalidatedUris(input: InvalidationInput): string[] {
  if (isSafeMethod(input.method) || input.status < 200 || input.status > 399) return [];
  const target = normalizedUri(input.requestUri);
  if (target === undefined) return [];
  const origin = originOf(target);
  const uris = [target];
  for (const name of ['location', 'content-location']) {
    const reference = fieldValue(input.responseHeaders, name);
    if (reference === undefined) continue;
    const uri = resolveReference(reference, target, origin);
    if (uri !== undefined && originOf(uri) === origin && !uris.includes(uri)) uris.push(uri);
  }
  return uris;
}

/**
 * A URI reference resolved against the target (RFC 3986 section 5.2), in the normal form, with an
 * absolute path kept as it is written (as the cache keys keep request paths); `undefined` for what
 * is not a URI reference.
 */
function resolveReference(reference: string, target: string, origin: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(reference)) return normalizedUri(reference);
  if (reference.startsWith('//')) return normalizedUri(`${origin.slice(0, origin.indexOf(':'))}:${reference}`);
  if (reference.startsWith('/')) return normalizedUri(`${origin}${reference}`);
  try {
    // A relative path (`b/1`, `../c`, `?q`): URL resolves it against the target's path.
    return normalizedUri(new URL(reference, target).href);
  } catch {
    return undefined;
  }
}
