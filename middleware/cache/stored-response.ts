import { correctedInitialAge, parseAge } from '../../src/caching/age';
import { SET_COOKIE_FIELDS } from '../../src/caching/credentials';
import { type CacheControl, parseCacheControl } from '../../src/caching/cache-control';
import { dateValue, freshnessLifetime } from '../../src/caching/freshness';
import { validatorFields } from '../../src/caching/freshening';
import { allowsAuthorizedReuse } from '../../src/caching/storability';
import { type HeaderMap, splitList } from '../../src/caching/header-map';
import { type VaryFields, parseVary } from '../../src/caching/vary';
import { NOSNIFF_FIELD } from '../../src/http/content-type-options';
import type { StoredResponse } from './store';

/**
 * Fields a cache never stores (RFC 9111 section 3.1): the connection-specific ones of RFC 9110
 * section 7.6.1 and the proxy authentication fields, which belong to one hop.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'proxy-authenticate',
  'proxy-authentication-info',
  'proxy-authorization',
]);

/** Fields a 304 never updates (RFC 9111 section 3.2): it describes no content, so its length is not the stored one's. */
const NOT_UPDATED = new Set(['content-length']);

/** Fields a 304 answered by the cache carries (RFC 9110 section 15.4.5). */
const NOT_MODIFIED_FIELDS = new Set(['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary', 'last-modified']);

/**
 * The header lines of a response less the hop-by-hop ones, including those its Connection names,
 * and less Set-Cookie: a stored response (or a 304 that freshens one) never hands one client's
 * cookies to another.
 */
export function storableHeaderLines(raw: readonly string[]): string[] {
  const connection = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'connection') for (const name of splitList(raw[i + 1]!)) connection.add(name.toLowerCase());
  }
  const lines: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!HOP_BY_HOP.has(name) && !connection.has(name) && !SET_COOKIE_FIELDS.has(name)) lines.push(raw[i]!, raw[i + 1]!);
  }
  return lines;
}

/** Header lines less those whose lower-case name is in `names`. */
export function withoutFields(lines: readonly string[], names: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += 2) if (!names.has(lines[i]!.toLowerCase())) kept.push(lines[i]!, lines[i + 1]!);
  return kept;
}

/** Header lines as a map by lower-case name; a repeated field keeps every line. */
export function headerMapOf(raw: readonly string[]): Record<string, string | string[]> {
  const map: Record<string, string | string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    const previous = map[name];
    map[name] = previous === undefined ? value : typeof previous === 'string' ? [previous, value] : [...previous, value];
  }
  return map;
}

/**
 * Freshens a stored response with a 304 (RFC 9111 sections 3.2 and 4.3.4): every field the 304
 * carries replaces all lines of that field in the stored response, except Content-Length; the
 * body and status stay. The age calculation starts again from the 304.
 */
export function freshen(stored: StoredResponse, notModified: readonly string[], requestTime: number, responseTime: number): StoredResponse {
  const update = storableHeaderLines(notModified);
  const replaced = new Set<string>();
  for (let i = 0; i < update.length; i += 2) replaced.add(update[i]!.toLowerCase());
  for (const name of NOT_UPDATED) replaced.delete(name);
  const rawHeaders = withoutFields(stored.rawHeaders, replaced);
  for (let i = 0; i < update.length; i += 2) {
    if (replaced.has(update[i]!.toLowerCase())) rawHeaders.push(update[i]!, update[i + 1]!);
  }
  return { ...stored, rawHeaders, requestTime, responseTime };
}

/**
 * What the cache needs to know of a stored response on every request, derived once from its
 * stored form and kept beside it.
 */
export interface ResponseView {
  /** The headers by lower-case name, with a targeted cache-control field already in force. */
  readonly headers: HeaderMap;
  readonly cacheControl: CacheControl;
  /** Freshness lifetime and age on arrival, in seconds (RFC 9111 sections 4.2.1, 4.2.3). */
  readonly lifetime: number;
  readonly initialAge: number;
  readonly vary: VaryFields;
  readonly etag: string | undefined;
  readonly lastModified: string | undefined;
  /** A shared cache may answer requests with Authorization from it (RFC 9111 section 3.5). */
  readonly authorizedReuse: boolean;
  /** The header lines to replay, without Age, with Content-Length. */
  readonly replay: readonly string[];
  /** The header lines of a 304 made from it, without Age. */
  readonly notModified: readonly string[];
  /**
   * Whether {@link replay} carries X-Content-Type-Options: an answer made from it adds the field
   * otherwise. Known once per stored response, not looked for per answer. {@link notModified} never
   * carries it (it is not one of the fields a 304 sends), so a 304 always adds it.
   */
  readonly nosniff: boolean;
}

/**
 * A response's freshness lifetime and its age when it arrived, in seconds (RFC 9111 sections
 * 4.2.1, 4.2.3), from its effective headers (`headers`, `cacheControl` parsed from them).
 */
export function freshnessOf(
  response: Pick<StoredResponse, 'status' | 'requestTime' | 'responseTime'>,
  headers: HeaderMap,
  cacheControl: CacheControl = parseCacheControl(headers['cache-control']),
): { readonly lifetime: number; readonly initialAge: number } {
  return {
    lifetime: freshnessLifetime({ status: response.status, headers, shared: true, responseTime: response.responseTime, cacheControl }),
    initialAge: correctedInitialAge({
      ageValue: parseAge(headers.age) ?? 0,
      dateValue: dateValue(headers),
      requestTime: response.requestTime,
      responseTime: response.responseTime,
    }),
  };
}

/**
 * Derives the {@link ResponseView} of a stored response. `effective` turns its headers into the
 * ones that decide caching (for a targeted field such as CDN-Cache-Control).
 */
export function describeResponse(response: StoredResponse, effective: (headers: HeaderMap) => HeaderMap): ResponseView {
  const headers = effective(headerMapOf(response.rawHeaders));
  const cacheControl = parseCacheControl(headers['cache-control']);
  const replay: string[] = [];
  const notModified: string[] = [];
  let hasLength = false;
  let nosniff = false;
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    const name = response.rawHeaders[i]!;
    const lower = name.toLowerCase();
    // A copy stored before Set-Cookie was kept out (by an older version, in a shared store) replays none either.
    if (lower === 'age' || SET_COOKIE_FIELDS.has(lower)) continue;
    if (lower === 'content-length') hasLength = true;
    replay.push(name, response.rawHeaders[i + 1]!);
    if (lower === NOSNIFF_FIELD) nosniff = true;
    if (NOT_MODIFIED_FIELDS.has(lower)) notModified.push(name, response.rawHeaders[i + 1]!);
  }
  if (!hasLength && response.status !== 204 && response.status !== 304) replay.push('Content-Length', String(response.body.byteLength));
  return {
    headers,
    cacheControl,
    ...freshnessOf(response, headers, cacheControl),
    vary: parseVary(headers.vary),
    ...validatorFields(headers),
    authorizedReuse: allowsAuthorizedReuse(cacheControl),
    replay,
    notModified,
    nosniff,
  };
}
