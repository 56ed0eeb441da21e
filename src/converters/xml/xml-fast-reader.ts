import { ElementValue } from './xml-convention';

/**
 * A fast reader for the plain XML that APIs exchange, answering exactly the value that xml2js
 * (sax, strict) and `elementToValue` in `xml-reading.ts` make of it, without building a tree.
 * It reads only a conservative subset: an optional `<?xml version="1.0" ...?>` declaration;
 * elements and attributes with ASCII names and no namespace prefixes; attribute values in double
 * or single quotes; text with the five predefined entities and character references; whitespace
 * between the root and the ends of the document. Anything else (comments, CDATA, processing
 * instructions, namespaces, `\r`, unusual characters, anything malformed) answers
 * {@link NOT_PLAIN}, and the caller parses the document with xml2js, which also reports errors with their position.
 */

/** What {@link readPlainXmlValue} answers for a text outside the plain subset. */
export const NOT_PLAIN: unique symbol = Symbol('not plain XML');

const DECLARATION = /^<\?xml version=(?:"1\.0"|'1\.0')(?: encoding=(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?: standalone=(?:"(?:yes|no)"|'(?:yes|no)'))? ?\?>/;
/** Characters text may hold here: tab, newline, and printable characters up to U+FFFD but surrogates. */
const PLAIN_TEXT = /^[^\0-\x08\x0b-\x1f\ud800-\udfff\ufffe\uffff]*$/;
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));/y;
const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09;
}

/** XML 1.0 section 2.2 `Char`, which a character reference must name (sax checks the same). */
function isXmlChar(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

/** Decodes the entities of text or an attribute value; `undefined` for any other use of `&`. */
function decodeEntities(raw: string): string | undefined {
  let amp = raw.indexOf('&');
  if (amp === -1) return raw;
  let out = '';
  let from = 0;
  while (amp !== -1) {
    ENTITY.lastIndex = amp;
    const m = ENTITY.exec(raw);
    if (m === null) return undefined;
    let decoded: string;
    if (m[1] !== undefined) decoded = PREDEFINED[m[1]]!;
    else {
      const code = m[2] !== undefined ? parseInt(m[2], 10) : parseInt(m[3]!, 16);
      if (!isXmlChar(code)) return undefined;
      decoded = String.fromCodePoint(code);
    }
    out += raw.slice(from, amp) + decoded;
    from = ENTITY.lastIndex;
    amp = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}

function isNameStart(c: number): boolean {
  const lower = c | 0x20;
  return (lower >= 0x61 && lower <= 0x7a) || c === 0x5f; // A-Z a-z _
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d; // 0-9 . -
}

/**
 * The end of the name at `at`, or -1 when there is none or it is reserved. Names read here are
 * ASCII (`[A-Za-z_][A-Za-z0-9._-]*`), without a colon, and do not start with `xml` in any case.
 */
function nameEnd(text: string, at: number): number {
  if (!isNameStart(text.charCodeAt(at))) return -1;
  let end = at + 1;
  while (isNameChar(text.charCodeAt(end))) end++;
  const reserved = end - at >= 3 && (text.charCodeAt(at) | 0x20) === 0x78 && (text.charCodeAt(at + 1) | 0x20) === 0x6d && (text.charCodeAt(at + 2) | 0x20) === 0x6c;
  return reserved ? -1 : end;
}

/**
 * The names a document repeats (a list's fields, record after record) as one string each: a
 * repeated name is found by comparison instead of being cut out, hashed and internalised again
 * as a field name.
 */
class RecentNames {
  static readonly #LIMIT = 32;
  readonly #names: string[] = [];

  /** The name `text` holds from `start` to `end`. */
  read(text: string, start: number, end: number): string {
    const length = end - start;
    for (const name of this.#names) if (name.length === length && text.startsWith(name, start)) return name;
    const name = text.slice(start, end);
    if (this.#names.length < RecentNames.#LIMIT) this.#names.push(name);
    return name;
  }
}

/**
 * The value of the root element of `text` (see `elementToValue` in xml-reading.ts), or
 * {@link NOT_PLAIN} when the text is outside the subset described above or nests non-empty
 * elements deeper than `maxDepth` (then `assertSafeXml` and xml2js must read it). A plain text has
 * no DTD, one root element and no text outside it: it passes `assertSafeXml` but for the depth.
 */
export function readPlainXmlValue(text: string, maxDepth = Infinity): unknown {
  if (text.includes('\r') || !PLAIN_TEXT.test(text)) return NOT_PLAIN;
  let i = 0;
  const declaration = DECLARATION.exec(text);
  if (declaration !== null) i = declaration[0].length;
  else if (text.startsWith('<?')) return NOT_PLAIN;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 0x3c /* < */) return NOT_PLAIN;

  const stack: ElementValue[] = [];
  const names = new RecentNames();
  let done = false;
  let root: unknown;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x3c) {
      // Text up to the next tag.
      const lt = text.indexOf('<', i);
      if (lt === -1) return NOT_PLAIN;
      const parent = stack[stack.length - 1];
      if (parent === undefined) return NOT_PLAIN;
      const raw = text.slice(i, lt);
      if (raw.includes(']]>')) return NOT_PLAIN;
      const decoded = decodeEntities(raw);
      if (decoded === undefined) return NOT_PLAIN;
      parent.addText(decoded);
      i = lt;
      continue;
    }
    const next = text.charCodeAt(i + 1);
    if (next === 0x2f /* / */) {
      // End tag: the open element's name, then optional whitespace and `>`.
      const open = stack.pop();
      if (open === undefined) return NOT_PLAIN;
      const name = open.name;
      let j = i + 2 + name.length;
      if (!text.startsWith(name, i + 2) || isNameChar(text.charCodeAt(j))) return NOT_PLAIN;
      while (isWhitespace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) !== 0x3e /* > */) return NOT_PLAIN;
      i = j + 1;
      const value = open.value();
      const parent = stack[stack.length - 1];
      if (parent === undefined) {
        root = value;
        done = true;
        break;
      }
      parent.addField(name, value);
      continue;
    }
    // Start tag (comments, CDATA, declarations and PIs start with ! or ?, which are not names).
    let j = nameEnd(text, i + 1);
    if (j === -1) return NOT_PLAIN;
    const name = names.read(text, i + 1, j);
    const element = new ElementValue(name);
    let seen: Set<string> | undefined;
    for (;;) {
      const before = j;
      while (isWhitespace(text.charCodeAt(j))) j++;
      const d = text.charCodeAt(j);
      if (d === 0x3e || (d === 0x2f && text.charCodeAt(j + 1) === 0x3e)) break;
      if (j === before) return NOT_PLAIN;
      const end = nameEnd(text, j);
      if (end === -1) return NOT_PLAIN;
      const attribute = names.read(text, j, end);
      j = end;
      if (text.charCodeAt(j) !== 0x3d /* = */) return NOT_PLAIN;
      const quote = text.charCodeAt(j + 1);
      if (quote !== 0x22 && quote !== 0x27) return NOT_PLAIN;
      const close = text.indexOf(quote === 0x22 ? '"' : "'", j + 2);
      if (close === -1) return NOT_PLAIN;
      const raw = text.slice(j + 2, close);
      if (raw.includes('<') || raw.includes('\t') || raw.includes('\n')) return NOT_PLAIN;
      const value = decodeEntities(raw);
      if (value === undefined) return NOT_PLAIN;
      // A repeated attribute is an error assertSafeXml reports with its position; xml2js loses an
      // attribute named __proto__ (it is assigned to an object), and the element is then read as
      // if it had none: left to xml2js to say the same.
      seen ??= new Set();
      if (seen.has(attribute) || attribute === '__proto__') return NOT_PLAIN;
      seen.add(attribute);
      element.addField(attribute, value);
      j = close + 1;
    }
    const parent = stack[stack.length - 1];
    if (text.charCodeAt(j) === 0x2f) {
      i = j + 2;
      const value = element.value();
      if (parent === undefined) {
        root = value;
        done = true;
        break;
      }
      parent.addField(name, value);
    } else {
      stack.push(element);
      if (stack.length > maxDepth) return NOT_PLAIN;
      i = j + 1;
    }
  }
  if (!done) return NOT_PLAIN;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  return i === text.length ? root : NOT_PLAIN;
}
