/**
 * One header's value as Node gives it: `IncomingMessage.headers` has strings (and string arrays
 * for `set-cookie`), `ServerResponse.getHeaders()` may also hold numbers and arrays.
 */
export type HeaderValue = string | number | readonly string[] | undefined;

/**
 * Header fields by lower-case name, the shape of `req.headers` and `res.getHeaders()`. Every rule in
 * `src/caching` reads headers through this type, so tests can pass plain objects.
 */
export type HeaderMap = Readonly<Record<string, HeaderValue>>;

/**
 * Response header fields by lower-case name as a response is built and written: text, or the lines
 * of a field sent more than once (`Set-Cookie`). A {@link HeaderMap} too, for the rules that read it.
 */
export type ResponseHeaderMap = Record<string, string | string[]>;

/**
 * The field value of `name` (lower-case) with several field lines combined into one, as
 * RFC 9110 section 5.3 allows for list-based fields: joined with `, `.
 */
export function fieldValue(headers: HeaderMap, name: string): string | undefined {
  return joinLines(headers[name]);
}

/** Combines the lines of a header value into one field value (RFC 9110 section 5.3). */
export function joinLines(value: HeaderValue): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return value.length === 0 ? undefined : value.join(', ');
}

/** The separate field lines of a header value, for singleton fields where duplicates matter. */
export function fieldLines(value: HeaderValue): readonly string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  return value;
}

export { splitList } from '../http/header-list';
