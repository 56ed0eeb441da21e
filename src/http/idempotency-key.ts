/** The most characters an `Idempotency-Key` may have by default: a UUID has 36, and a server keeps every key it is sent for a while. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** What an `Idempotency-Key` field says: no key, a key, or a value that is not one (400). */
export type IdempotencyKeyField = { readonly kind: 'absent' } | { readonly kind: 'key'; readonly key: string } | { readonly kind: 'invalid'; readonly reason: string };

/**
 * The `Idempotency-Key` request field (draft-ietf-httpapi-idempotency-key-header section 2): a
 * Structured Field String (RFC 8941 section 3.3.3), `"8e03978e-40d5-43e8-bc93-6894a57f9324"`.
 * Several field lines, or one with a list, are invalid: a request has one key. The key is the
 * string unescaped (`\"` and `\\`), 1 to `maxLength` characters; an empty one names nothing and is
 * invalid too. Pure: `value` is the field as node gives it (a string, or lines as an array).
 */
export function parseIdempotencyKey(value: string | readonly string[] | undefined, maxLength = MAX_IDEMPOTENCY_KEY_LENGTH): IdempotencyKeyField {
  if (value === undefined) return { kind: 'absent' };
  if (typeof value !== 'string') {
    if (value.length === 0) return { kind: 'absent' };
    if (value.length > 1) return { kind: 'invalid', reason: 'The request carries several Idempotency-Key fields' };
    value = value[0]!;
  }
  // RFC 8941 section 4.2: leading and trailing spaces are discarded before parsing. Found by
  // index, not by `/ +$/`, which backtracks quadratically over a long run of spaces.
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) === 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) === 0x20) end--;
  const text = value.slice(start, end);
  if (text[0] !== '"') return { kind: 'invalid', reason: 'Idempotency-Key is a Structured Field String: a key in double quotes' };
  let key = '';
  let i = 1;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      const next = text[++i];
      // Section 4.2.5: only DQUOTE and backslash are escaped.
      if (next !== '"' && next !== '\\') return { kind: 'invalid', reason: 'Idempotency-Key escapes only \\" and \\\\' };
      key += next;
    } else if (c === '"') {
      break;
    } else {
      const code = c.charCodeAt(0);
      // Section 3.3.3: printable ASCII (%x20-7E) only.
      if (code < 0x20 || code > 0x7e) return { kind: 'invalid', reason: 'Idempotency-Key holds printable ASCII characters only' };
      key += c;
    }
  }
  if (i >= text.length) return { kind: 'invalid', reason: 'Idempotency-Key has no closing double quote' };
  if (i !== text.length - 1) return { kind: 'invalid', reason: 'Idempotency-Key is one string, with nothing after it (no parameters, no list)' };
  if (key.length === 0) return { kind: 'invalid', reason: 'Idempotency-Key is empty' };
  if (key.length > maxLength) return { kind: 'invalid', reason: `Idempotency-Key has more than ${maxLength} characters` };
  return { kind: 'key', key };
}
