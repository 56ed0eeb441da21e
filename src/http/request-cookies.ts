import { parse } from 'cookie';
import { decodePercent } from './percent-decoding';

/** A request's cookies by name, without a prototype: `constructor` is not a cookie a client sent. */
export type RequestCookies = Readonly<Record<string, string>>;

/**
 * The most cookies a Cookie field may hold by default. Above the 180 a domain may set in Chrome
 * (RFC 6265 section 6.1 asks browsers for at least 50), so a site's own cookies fit; below the
 * 4,000 short pairs that fit in Node's 16 KiB request head.
 */
export const DEFAULT_MAX_COOKIES = 200;

const NO_COOKIES: RequestCookies = Object.freeze(Object.create(null) as RequestCookies);

/** A value percent-decoded, or kept as sent when it does not decode: never an exception (see {@link decodePercent}). */
const decodeValue = (value: string): string => decodePercent(value) ?? value;

/**
 * The cookies of a request's Cookie field (RFC 6265 section 5.4: `name=value` pairs separated by
 * `; `), parsed by jshttp's `cookie` package, the parser Express's `req.cookies` middleware uses:
 * values percent-decoded (kept as sent when they do not decode), a quoted value unquoted, the first
 * of a repeated name kept (section 5.4 orders the longest path first, and a browser sends that one
 * first). Node joins repeated Cookie lines with `; ` (as section 5.4 asks a client to send one).
 *
 * `undefined` when the field holds more than `maxCookies` pairs (counted as its `;` separators
 * plus one, before anything is parsed): the request is refused rather than read in part, since
 * the cookie a route binds may be among those left out.
 */
export function requestCookies(field: string | undefined, maxCookies: number = DEFAULT_MAX_COOKIES): RequestCookies | undefined {
  if (field === undefined || field === '') return NO_COOKIES;
  if (exceedsPairs(field, maxCookies)) return undefined;
  const parsed = parse(field, { decode: decodeValue });
  const cookies = Object.create(null) as Record<string, string>;
  for (const name of Object.keys(parsed)) cookies[name] = parsed[name]!;
  return cookies;
}

/** Whether `field` has more than `max` `;`-separated pairs; stops at the first one past it. */
function exceedsPairs(field: string, max: number): boolean {
  let pairs = 1;
  for (let at = field.indexOf(';'); at !== -1; at = field.indexOf(';', at + 1)) if (++pairs > max) return true;
  return false;
}
