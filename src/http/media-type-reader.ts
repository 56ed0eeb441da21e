import type { MediaType } from './media-type-value';

/**
 * The most parameters a media type may carry (RFC 9110 section 5.6.6 sets no limit). Registered
 * types use one or two (`charset`, `boundary`, `profile`); a text with more is not read as a media
 * type at all: an Accept range with more is ignored like any range that does not parse, a
 * Content-Type with more is answered 415 like any Content-Type that does not parse. It bounds the
 * objects one range or one body type can make and the work of comparing their parameters.
 */
export const MAX_PARAMETERS = 16;

/** What to do with a parameter given twice: keep the last (as the `content-type` package does), or refuse the text. */
export type RepeatedParameters = 'keep-last' | 'refuse';

/**
 * Reads a media type or media range (RFC 9110 section 8.3.1) with its parameters (section 5.6.6):
 * `type "/" subtype *( OWS ";" OWS name OWS "=" OWS ( token / quoted-string ) )`, after trimming
 * the text. Type, subtype and parameter names are lower-cased, quoted values unquoted. It answers
 * the reason as a string when the text is not one, and never throws: Accept members that are not
 * media ranges are ordinary input, and an exception per member made a 14 KB `x,x,x,…` Accept cost
 * 100 times a normal request. One pass over the text, no regular expression, so linear in its length.
 *
 * The grammar is the `content-type` package's (tokens may hold `*`; no empty parameter), with two
 * departures towards the RFC: OWS is spaces and tabs everywhere, and qdtext admits a tab
 * (the package admits U+000B in its place).
 */
export function readMediaType(text: string, repeated: RepeatedParameters = 'keep-last'): MediaType | string {
  const s = text.trim();
  const slash = tokenEnd(s, 0);
  if (slash === 0 || s.charCodeAt(slash) !== 0x2f /* / */) return 'expected a type and a slash';
  const end = tokenEnd(s, slash + 1);
  if (end === slash + 1) return 'expected a subtype';
  const type = s.slice(0, slash).toLowerCase();
  const subtype = s.slice(slash + 1, end).toLowerCase();
  if (type === '*' && subtype !== '*') return 'a wildcard type needs a wildcard subtype';
  const parameters: Record<string, string> = Object.create(null) as Record<string, string>;
  let count = 0;
  let i = end;
  for (;;) {
    i = skipSpace(s, i);
    if (i === s.length) break;
    if (s.charCodeAt(i) !== 0x3b /* ; */) return `unexpected '${s[i]}' at ${i}`;
    i = skipSpace(s, i + 1);
    const nameEnd = tokenEnd(s, i);
    if (nameEnd === i) return `expected a parameter name at ${i}`;
    const name = s.slice(i, nameEnd).toLowerCase();
    i = skipSpace(s, nameEnd);
    if (s.charCodeAt(i) !== 0x3d /* = */) return `expected '=' after the parameter ${name}`;
    i = skipSpace(s, i + 1);
    let value: string;
    if (s.charCodeAt(i) === 0x22 /* " */) {
      const quoted = readQuoted(s, i);
      if (quoted === undefined) return `the value of the parameter ${name} is not a quoted string`;
      [value, i] = quoted;
    } else {
      const valueEnd = tokenEnd(s, i);
      if (valueEnd === i) return `expected a value for the parameter ${name}`;
      value = s.slice(i, valueEnd);
      i = valueEnd;
    }
    if (++count > MAX_PARAMETERS) return `more than ${MAX_PARAMETERS} parameters`;
    // RFC 6838 section 4.3: a parameter given twice is an error.
    if (repeated === 'refuse' && name in parameters) return `the parameter ${name} is given twice`;
    parameters[name] = value;
  }
  return { type, subtype, parameters };
}

/** tchar (RFC 9110 section 5.6.2): `!#$%&'*+-.^_`|~`, digits and letters. */
const TCHAR = new Uint8Array(128);
for (const c of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") TCHAR[c.charCodeAt(0)] = 1;

function tokenEnd(s: string, from: number): number {
  let i = from;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c >= 128 || TCHAR[c] === 0) break;
    i++;
  }
  return i;
}

/** OWS: spaces and horizontal tabs (RFC 9110 section 5.6.3). */
function skipSpace(s: string, from: number): number {
  let i = from;
  while (i < s.length && (s.charCodeAt(i) === 0x20 || s.charCodeAt(i) === 0x09)) i++;
  return i;
}

/**
 * The value of the quoted-string at `from` and the index after its closing quote (RFC 9110
 * section 5.6.4); `undefined` when it is not closed or holds a character it may not.
 */
function readQuoted(s: string, from: number): [string, number] | undefined {
  let value = '';
  let run = from + 1;
  for (let i = from + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) return [value + s.slice(run, i), i + 1];
    if (c === 0x5c /* \ */) {
      const escaped = s.charCodeAt(i + 1);
      if (!(escaped === 0x09 || (escaped >= 0x20 && escaped <= 0xff && escaped !== 0x7f))) return undefined;
      value += s.slice(run, i);
      run = ++i;
      continue;
    }
    if (!(c === 0x09 || (c >= 0x20 && c <= 0xff && c !== 0x7f))) return undefined;
  }
  return undefined;
}
