/**
 * Characters XML 1.0 does not allow anywhere in a document, not even as character references
 * (section 2.2, production [2] Char): the C0 controls but tab, line feed and carriage return, and
 * U+FFFE and U+FFFF; and surrogates, which are allowed only in pairs (checked one by one).
 */
const NOT_XML = '\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\uD800-\\uDFFF\\uFFFE\\uFFFF';
const SUSPECT = new RegExp(`[${NOT_XML}]`, 'g');
/** A surrogate pair (two characters, kept), or one character XML allows nowhere. */
const PAIR_OR_SUSPECT = new RegExp(`[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|[${NOT_XML}]`, 'g');

/**
 * The offset of the first character XML 1.0 does not allow (a C0 control but tab, line feed and
 * carriage return; U+FFFE, U+FFFF; a surrogate without its pair), or -1. A parser must refuse such a
 * document (it is not well-formed) and a writer cannot write one: there is no escape for them.
 */
export function invalidXmlCharAt(text: string): number {
  SUSPECT.lastIndex = 0;
  for (let match = SUSPECT.exec(text); match !== null; match = SUSPECT.exec(text)) {
    const at = match.index;
    const c = text.charCodeAt(at);
    if (c < 0xd800 || c > 0xdbff) return at;
    const next = text.charCodeAt(at + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return at;
    // A pair (an emoji, say): go on after its second half.
    SUSPECT.lastIndex = at + 2;
  }
  return -1;
}

/**
 * Text with every character XML 1.0 allows nowhere written as a JSON-style escape (`\u0001`), for
 * text that must go out as XML whatever it holds: a problem's detail that quotes a client's value.
 */
export function escapeInvalidXmlChars(text: string): string {
  if (invalidXmlCharAt(text) === -1) return text;
  // A surrogate pair matches as two characters and stays; anything else matched is one to escape.
  return text.replace(PAIR_OR_SUSPECT, (match) => (match.length === 2 ? match : `\\u${match.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** `U+0001`: how an error names a character. */
export function codePointName(text: string, at: number): string {
  return `U+${text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Refuses to send XML no parser can read: a value whose text holds a character XML allows nowhere
 * (a control character, say) cannot be written as XML at all, not even escaped.
 */
export function assertWritableXml(xml: string, label: string): void {
  const invalid = invalidXmlCharAt(xml);
  if (invalid !== -1) throw new TypeError(`The value cannot be written as ${label}: a character XML does not allow (${codePointName(xml, invalid)})`);
}
