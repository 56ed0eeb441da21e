import { parse } from 'cookie';

/** A request's cookies by name, without a prototype: `constructor` is not a cookie a client sent. */
export type RequestCookies = Readonly<Record<string, string>>;

const NO_COOKIES: RequestCookies = Object.freeze(Object.create(null) as RequestCookies);

/**
 * The cookies of a request's Cookie field (RFC 6265 section 5.4: `name=value` pairs separated by
 * `; `), parsed by jshttp's `cookie` package, the parser Express's `req.cookies` middleware uses:
 * values percent-decoded (kept as sent when they do not decode), a quoted value unquoted, the first
 * of a repeated name kept (section 5.4 orders the longest path first, and a browser sends that one
 * first). Node joins repeated Cookie lines with `; ` (as section 5.4 asks a client to send one).
 */
export function requestCookies(field: string | undefined): RequestCookies {
  if (field === undefined || field === '') return NO_COOKIES;
  const parsed = parse(field);
  const cookies = Object.create(null) as Record<string, string>;
  for (const name of Object.keys(parsed)) cookies[name] = parsed[name]!;
  return cookies;
}
