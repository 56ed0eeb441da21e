/**
 * A fast reader for the plain XML that APIs exchange, answering exactly the tree xml2js (sax,
 * strict) builds with the options of `xml-reading.ts`, so that the same value comes out of it.
 * It reads only a conservative subset: an optional `<?xml version="1.0" ...?>` declaration;
 * elements and attributes with ASCII names and no namespace prefixes; attribute values in double
 * or single quotes; text with the five predefined entities and character references; whitespace
 * between the root and the ends of the document. Anything else (comments, CDATA, processing
 * instructions, namespaces, `\r`, unusual characters, anything malformed) answers `undefined`,
 * and the caller parses the document with xml2js, which also reports errors with their position.
 */

/** A node as xml2js builds it (see `Xml2jsNode` in xml-reading.ts). */
export interface FastXmlNode {
  readonly '#name': string;
  readonly $ns: { readonly local: string; readonly uri: string };
  readonly $?: Record<string, { readonly value: string; readonly local: string; readonly uri: string }>;
  readonly $$?: (FastXmlNode | { readonly '#name': '__text__'; readonly _: string })[];
}

const DECLARATION = /^<\?xml version=(?:"1\.0"|'1\.0')(?: encoding=(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?: standalone=(?:"(?:yes|no)"|'(?:yes|no)'))? ?\?>/;
/** Element and attribute names read here: ASCII, no colon, not starting with `xml` (reserved). */
const NAME = /[A-Za-z_][A-Za-z0-9._-]*/y;
const RESERVED = /^xml/i;
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

/** Reads a name at `at`; `undefined` when there is none or it is reserved. */
function readName(text: string, at: number): string | undefined {
  NAME.lastIndex = at;
  const m = NAME.exec(text);
  if (m === null || RESERVED.test(m[0])) return undefined;
  return m[0];
}

/**
 * The root element of `text` as xml2js would build it, or `undefined` when the text is outside
 * the subset described above (then xml2js must read it).
 */
export function readPlainXml(text: string): FastXmlNode | undefined {
  if (text.includes('\r') || !PLAIN_TEXT.test(text)) return undefined;
  let i = 0;
  const declaration = DECLARATION.exec(text);
  if (declaration !== null) i = declaration[0].length;
  else if (text.startsWith('<?')) return undefined;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 0x3c /* < */) return undefined;

  const stack: FastXmlNode[] = [];
  let root: FastXmlNode | undefined;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x3c) {
      // Text up to the next tag.
      const lt = text.indexOf('<', i);
      if (lt === -1) return undefined;
      const parent = stack[stack.length - 1];
      if (parent === undefined) return undefined;
      const raw = text.slice(i, lt);
      if (raw.includes(']]>')) return undefined;
      const decoded = decodeEntities(raw);
      if (decoded === undefined) return undefined;
      (parent.$$ ?? ((parent as { $$?: FastXmlNode['$$'] }).$$ = [])).push({ '#name': '__text__', _: decoded });
      i = lt;
      continue;
    }
    const next = text.charCodeAt(i + 1);
    if (next === 0x2f /* / */) {
      // End tag.
      const name = readName(text, i + 2);
      const open = stack.pop();
      if (name === undefined || open === undefined || open['#name'] !== name) return undefined;
      let j = i + 2 + name.length;
      while (isWhitespace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) !== 0x3e /* > */) return undefined;
      i = j + 1;
      if (stack.length === 0) {
        root = open;
        break;
      }
      continue;
    }
    // Start tag (comments, CDATA, declarations and PIs start with ! or ?, which are not names).
    if (root !== undefined) return undefined;
    const name = readName(text, i + 1);
    if (name === undefined) return undefined;
    let j = i + 1 + name.length;
    let attributes: Record<string, { value: string; local: string; uri: string }> | undefined;
    for (;;) {
      const before = j;
      while (isWhitespace(text.charCodeAt(j))) j++;
      const d = text.charCodeAt(j);
      if (d === 0x3e || (d === 0x2f && text.charCodeAt(j + 1) === 0x3e)) break;
      if (j === before) return undefined;
      const attribute = readName(text, j);
      if (attribute === undefined) return undefined;
      j += attribute.length;
      if (text.charCodeAt(j) !== 0x3d /* = */) return undefined;
      const quote = text.charCodeAt(j + 1);
      if (quote !== 0x22 && quote !== 0x27) return undefined;
      const close = text.indexOf(quote === 0x22 ? '"' : "'", j + 2);
      if (close === -1) return undefined;
      const raw = text.slice(j + 2, close);
      if (raw.includes('<') || raw.includes('\t') || raw.includes('\n')) return undefined;
      const value = decodeEntities(raw);
      if (value === undefined) return undefined;
      attributes ??= Object.create(null) as Record<string, { value: string; local: string; uri: string }>;
      if (Object.hasOwn(attributes, attribute)) return undefined;
      attributes[attribute] = { value, local: attribute, uri: '' };
      j = close + 1;
    }
    const node: FastXmlNode = attributes === undefined ? { '#name': name, $ns: { local: name, uri: '' } } : { '#name': name, $ns: { local: name, uri: '' }, $: attributes };
    const parent = stack[stack.length - 1];
    if (parent !== undefined) (parent.$$ ?? ((parent as { $$?: FastXmlNode['$$'] }).$$ = [])).push(node);
    if (text.charCodeAt(j) === 0x2f) {
      i = j + 2;
      if (parent === undefined) {
        root = node;
        break;
      }
    } else {
      stack.push(node);
      i = j + 1;
    }
  }
  if (root === undefined) return undefined;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  return i === text.length ? root : undefined;
}
