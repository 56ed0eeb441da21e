import { BoundedMemo } from '../http/bounded-memo';

/**
 * The form of an absolute URI in which a cache stores and invalidates it, so that two spellings
 * of one resource are one key (RFC 9110 section 4.2.3, RFC 3986 section 6.2.2): what WHATWG URL
 * makes of it (scheme and host lower-cased, the default port dropped, dot segments removed,
 * characters outside the URI grammar percent-encoded, as in `{` → `%7B`), without the fragment, with
 * percent-encoded unreserved characters decoded (`%7e` → `~`) and other percent-encodings in upper
 * case. `undefined` when the text is not an absolute URI (a Host header no URL can hold, say).
 */
export function normalizedUri(uri: string): string | undefined {
  return normalized.get(uri, normalize);
}

/** Keys repeat (a cache looks up the same URIs again and again); a stream of new ones is bounded. */
const normalized = new BoundedMemo<string, string | undefined>(1024);

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

function normalize(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  url.hash = '';
  const href = url.href;
  if (!href.includes('%')) return href;
  return href.replace(/%([0-9A-Fa-f]{2})/g, (encoding: string, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : encoding.toUpperCase();
  });
}
