/**
 * Splits a list-based field value on commas outside quoted strings (RFC 9110 section 5.6.1),
 * trimming optional whitespace and dropping empty elements, which recipients must ignore. With
 * `separator` `;`, the parameters of a media type or a directive the same way (section 5.6.6).
 * With `limit`, the first `limit` elements only: the rest of the value is not looked at.
 */
export function splitList(value: string, separator: ',' | ';' = ',', limit = Infinity): string[] {
  const parts: string[] = [];
  const split = separator.charCodeAt(0);
  let start = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x22 /* " */) quoted = !quoted;
    else if (c === 0x5c /* \ */ && quoted) i++;
    else if (c === split && !quoted) {
      pushTrimmed(parts, value.slice(start, i));
      if (parts.length === limit) return parts;
      start = i + 1;
    }
  }
  if (parts.length < limit) pushTrimmed(parts, value.slice(start));
  return parts;
}

function pushTrimmed(parts: string[], part: string): void {
  const trimmed = part.trim();
  if (trimmed !== '') parts.push(trimmed);
}
