import { type HeaderMap, type HeaderValue, joinLines, splitList } from './header-map';

/** The request fields a response varies on (lower-case names), or `*`: it varies on things outside the request. */
export type VaryFields = '*' | readonly string[];

/** The normalised values of a request's selecting header fields: `null` for an absent field. */
export type SelectingHeaders = Readonly<Record<string, string | null>>;

/**
 * Parses Vary (RFC 9110 section 12.5.5): field names, case-insensitive, lines combined. A `*`
 * anywhere in the list wins: such a response never matches a later request (RFC 9111 section 4.1).
 */
export function parseVary(value: HeaderValue): VaryFields {
  const text = joinLines(value);
  if (text === undefined) return [];
  const names: string[] = [];
  for (const member of splitList(text)) {
    if (member === '*') return '*';
    const name = member.toLowerCase();
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * Normalises a field value for the comparison of RFC 9111 section 4.1: lines combined, whitespace
 * around list commas and runs of whitespace removed. Case is kept: it matters in most fields.
 */
export function normaliseFieldValue(value: HeaderValue): string | null {
  const text = joinLines(value);
  if (text === undefined) return null;
  // Most selecting values (`application/json`) are their own normal form: nothing to split or fold.
  if (isNormal(text)) return text;
  return splitList(text)
    .map((member) => member.replace(/[ \t]+/g, ' '))
    .join(',');
}

/**
 * Whether a value is its own normal form: visible ASCII and single spaces between, and no comma:
 * no list to split, no whitespace to trim or fold. A lookup compares one per varying field.
 */
function isNormal(text: string): boolean {
  const last = text.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20) {
      if (i === 0 || i === last || text.charCodeAt(i + 1) === 0x20) return false;
    } else if (c < 0x21 || c > 0x7e || c === 0x2c) return false;
  }
  return true;
}

/** The selecting header values of a request for the fields a response varies on. */
export function selectingHeaders(fields: readonly string[], requestHeaders: HeaderMap): SelectingHeaders {
  const selected: Record<string, string | null> = {};
  for (const name of fields) selected[name] = normaliseFieldValue(requestHeaders[name]);
  return selected;
}

/**
 * Whether a stored response, made for a request with `stored` selecting headers, may answer a
 * request with `requestHeaders` (RFC 9111 section 4.1): every field named by Vary has the same
 * normalised value in both, where absent only matches absent. `Vary: *` never matches.
 */
export function varyMatches(fields: VaryFields, stored: SelectingHeaders, requestHeaders: HeaderMap): boolean {
  if (fields === '*') return false;
  for (const name of fields) {
    if ((stored[name] ?? null) !== normaliseFieldValue(requestHeaders[name])) return false;
  }
  return true;
}
