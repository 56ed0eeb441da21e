import { BoundedMemo } from '../http/bounded-memo';

/**
 * The form of an absolute URI in which a cache stores and invalidates it, so that the spellings of
 * one resource that any origin treats alike are one key (RFC 9110 section 4.2.3, RFC 3986 section
 * 6.2.2): the scheme and host lower-cased, the default port dropped, an empty path made `/`, the
 * hex digits of percent-encodings in upper case, the fragment dropped. The path and query are
 * otherwise kept as received: an origin may route `/%70lain` apart from `/plain`, or `/a/../b` apart
 * from `/b`, so decoding or removing dot segments here could serve one resource's copy for another.
 * `undefined` when the text is not an absolute URI (a Host header no URL can hold, say).
 */
export function normalizedUri(uri: string): string | undefined {
  return normalized.get(uri, normalize);
}

/** Keys repeat (a cache looks up the same URIs again and again); a stream of new ones is bounded. */
const normalized = new BoundedMemo<string, string | undefined>(1024);

const ABSOLUTE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^#]*)/;

function normalize(uri: string): string | undefined {
  const parts = ABSOLUTE.exec(uri);
  if (parts === null) return undefined;
  const scheme = parts[1]!.toLowerCase();
  let host: string;
  try {
    // URL knows hosts (case, IPv4 forms, IDNA, default ports) and refuses what is none.
    host = new URL(`${scheme}://${parts[2]!}/`).host;
  } catch {
    return undefined;
  }
  if (host === '') return undefined;
  const rest = parts[3]!;
  const path = rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
  return `${scheme}://${host}${path.includes('%') ? path.replace(/%[0-9a-fA-F]{2}/g, (encoding) => encoding.toUpperCase()) : path}`;
}
