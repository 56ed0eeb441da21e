import { splitRequestPath } from '../http/request-path';
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
  return targetUri(`${scheme}://${host}`, parts[3]!);
}

/**
 * The target URI of a request (RFC 9112 section 3.3) in the normal form of {@link normalizedUri},
 * from its origin as the server names it (`http://a.example:8080`, built from a parsed and checked
 * authority or configured, never from a Host field's text) and its origin-form target as received
 * (`/path?query`): an empty path made `/`, percent-encodings' hex digits upper-cased, a fragment
 * dropped. Nothing in the target can change the origin: it is appended, never parsed with it.
 */
export function targetUri(origin: string, target: string): string {
  const fragment = target.indexOf('#');
  const rest = fragment === -1 ? target : target.slice(0, fragment);
  const path = rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
  return `${origin}${path.includes('%') ? path.replace(/%[0-9a-fA-F]{2}/g, (encoding) => encoding.toUpperCase()) : path}`;
}

/** `scheme://host[:port]` of a normalized URI: everything before its path. */
export function originOf(uri: string): string {
  const path = uri.indexOf('/', uri.indexOf('//') + 2);
  return path === -1 ? uri : uri.slice(0, path);
}

/**
 * The spellings an origin may take for one resource, as one text: of a normalized URI, the path
 * split into segments as the router splits it ({@link splitRequestPath}: matrix parameters
 * `;name=value` and a trailing slash removed) with percent-encoded unreserved characters decoded
 * (RFC 3986 section 6.2.2.2), and an empty query dropped. Too coarse to key stored responses by (an
 * origin may tell `/a;v=1` from `/a`), it is what invalidation uses: a successful PUT to
 * `/%62ookcase`, `/bookcase/` or `/bookcase;x=1` changes what `/bookcase` answers, and removing one
 * copy too many costs only a miss (RFC 9111 section 4.4).
 */
export function uriFamily(uri: string): string {
  return families.get(uri, familyOf);
}

/** A cache stores and invalidates the same keys again and again; a stream of new ones is bounded. */
const families = new BoundedMemo<string, string>(1024);

function familyOf(uri: string): string {
  const origin = originOf(uri);
  const target = uri.slice(origin.length);
  const queryAt = target.indexOf('?');
  const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
  const path = `/${splitRequestPath(target)
    .map((segment) => segment.raw)
    .join('/')}`.replace(UNRESERVED_ENCODING, (encoding) => String.fromCharCode(Number.parseInt(encoding.slice(1), 16)));
  return `${origin}${path}${query === '' ? '' : `?${query}`}`;
}

/** `%41`-`%5A`, `%61`-`%7A`, `%30`-`%39`, `%2D`, `%2E`, `%5F`, `%7E`: ALPHA, DIGIT, `-`, `.`, `_`, `~` (RFC 3986 section 2.3). */
const UNRESERVED_ENCODING = /%(?:4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2[DE]|5F|7E)/gi;
