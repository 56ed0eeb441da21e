/**
 * Why a cache sent a request on (RFC 9211 section 2.2, `fwd`): `uri-miss` (nothing stored for the
 * URI), `vary-miss` (stored, but no variant the request selects), `stale` (the stored response
 * was stale, or must be validated), `request` (the request's directives or preconditions asked
 * for the origin), `method` (a method the cache does not answer).
 */
export type ForwardReason = 'uri-miss' | 'vary-miss' | 'stale' | 'request' | 'method';

/** One cache's entry in the Cache-Status field (RFC 9211 section 2). */
export interface CacheStatusEntry {
  /** The cache answered from a stored response without going to the origin (section 2.1). */
  readonly hit?: boolean;
  /** Why the request went on to the origin (section 2.2). */
  readonly fwd?: ForwardReason;
  /** The status the origin answered the forwarded request with (section 2.3). */
  readonly fwdStatus?: number;
  /** The response's remaining freshness lifetime in seconds, negative once stale (section 2.4). */
  readonly ttl?: number;
  /** The origin's response was stored (section 2.5). */
  readonly stored?: boolean;
  /** The request waited for another one's answer instead of going on itself (section 2.6). */
  readonly collapsed?: boolean;
  /** The cache key (section 2.7). */
  readonly key?: string;
  /** Anything else worth saying (section 2.8), a token. */
  readonly detail?: string;
}

/** What {@link forwardReason} weighs. */
export interface ForwardInput {
  /** Whether anything is stored for the URI. */
  readonly storedUri: boolean;
  /** Whether a stored variant matches the request's Vary. */
  readonly selected: boolean;
  /** Whether that variant was stale (as opposed to usable but for the request's demands). */
  readonly stale: boolean;
}

/**
 * Why a GET or HEAD goes on (RFC 9211 section 2.2): nothing stored for the URI, no variant the
 * request selects, a stored response that is stale, or else something the request asked (its
 * `no-cache`, `max-age`, `min-fresh`, or If-Match / If-Unmodified-Since for the origin).
 */
export function forwardReason({ storedUri, selected, stale }: ForwardInput): ForwardReason {
  if (!storedUri) return 'uri-miss';
  if (!selected) return 'vary-miss';
  return stale ? 'stale' : 'request';
}

/** A token (RFC 8941 section 3.3.4): the cache's name, when it is one, goes unquoted. */
const TOKEN = /^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*$/;
/** What an sf-string may hold (RFC 8941 section 3.3.3): printable ASCII. */
const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * A cache's Cache-Status member as far as it can be formatted once per cache (RFC 9211 section 2):
 * its name (a token, or else an sf-string, RFC 8941), and the member of a plain hit but for its ttl.
 */
export interface CacheStatusPrefix {
  /** The name the member opens with. */
  readonly name: string;
  /** The name with the `hit` parameter, which a hit that says nothing more continues with its `ttl`. */
  readonly hit: string;
}

/** Formats a cache's name for its Cache-Status members: once per cache, not per answer. */
export function cacheStatusPrefix(name: string): CacheStatusPrefix {
  const formatted = TOKEN.test(name) ? name : sfString(name);
  return { name: formatted, hit: `${formatted}; hit` };
}

/**
 * One cache's Cache-Status member (RFC 9211 section 2), a Structured Field List member (RFC 8941):
 * its name (a token, or else a string; `prefix` formatted once by {@link cacheStatusPrefix}), then
 * its parameters, `ttl` in whole seconds. A key that is not printable ASCII cannot be an sf-string
 * and is left out.
 */
export function formatCacheStatus({ name, hit }: CacheStatusPrefix, entry: CacheStatusEntry): string {
  // A hit starts from its name and `hit` formatted once: most answers of a cache add only a ttl.
  let member = entry.hit === true ? hit : name;
  if (entry.fwd !== undefined) member += `; fwd=${entry.fwd}`;
  if (entry.fwdStatus !== undefined) member += `; fwd-status=${entry.fwdStatus}`;
  member += ttlParameter(entry.ttl);
  if (entry.stored === true) member += '; stored';
  if (entry.collapsed === true) member += '; collapsed';
  if (entry.key !== undefined && PRINTABLE.test(entry.key)) member += `; key=${sfString(entry.key)}`;
  if (entry.detail !== undefined && TOKEN.test(entry.detail)) member += `; detail=${entry.detail}`;
  return member;
}

/** The `ttl` parameter (RFC 9211 section 2.4), in whole seconds; none for a ttl that is not a number. */
function ttlParameter(ttl: number | undefined): string {
  return ttl !== undefined && Number.isFinite(ttl) ? `; ttl=${Math.trunc(ttl)}` : '';
}

/** An sf-string (RFC 8941 section 3.3.3): quoted, with `"` and `\` escaped. */
function sfString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
