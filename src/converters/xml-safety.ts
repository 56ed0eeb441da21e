import { lineAndColumn, malformedBody, rejectedBody } from './malformed-body';
import { isRegExpSpace } from './regexp-space';

/**
 * Checks an XML text before any parser sees it, in one linear pass:
 *
 * - No document type declaration at all. A DTD is where entities are declared, so refusing it
 *   refuses external entities (XXE, OWASP XML Security Cheat Sheet) and entity expansion ("billion
 *   laughs") at once, before anything is expanded or fetched. Bodies exchanged by an API never need one.
 * - No element nested deeper than `maxDepth`.
 * - Exactly one root element and no text outside it (XML 1.0 section 2.1, production [1]), which
 *   xml2js does not enforce.
 *
 * - An XML declaration only at the very start, in its grammar (section 2.8, production [23]), and
 *   no attribute twice in one start tag (section 3.1, "Unique Att Spec"): sax lets both pass.
 *
 * Comments, CDATA sections, processing instructions and quoted attribute values are skipped, so
 * `<!DOCTYPE` inside them is not mistaken for a declaration. Other well-formedness errors are left
 * to the parser, which reports them with a position.
 */
export function assertSafeXml(text: string, maxDepth: number, format = 'XML'): void {
  let depth = 0;
  let roots = 0;
  let i = text.indexOf('<');
  const skipTo = (terminator: string, from: number, what: string): number => {
    const end = text.indexOf(terminator, from);
    if (end === -1) throw malformedBody(format, `unterminated ${what}`, { offset: i, ...lineAndColumn(text, i) });
    return end + terminator.length;
  };
  const assertNoTextOutsideRoot = (from: number, to: number): void => {
    if (depth !== 0) return;
    const outside = text.slice(from, to === -1 ? text.length : to);
    const stray = outside.search(/[^ \t\r\n\ufeff]/);
    if (stray !== -1) {
      const at = from + stray;
      throw malformedBody(format, 'text outside the root element', { offset: at, ...lineAndColumn(text, at) });
    }
  };
  if (i === -1) throw malformedBody(format, text.trim() === '' ? 'it is empty' : 'it has no root element');
  assertNoTextOutsideRoot(0, i);
  while (i !== -1) {
    if (text.startsWith('<!--', i)) i = skipTo('-->', i + 4, 'comment');
    else if (text.startsWith('<![CDATA[', i)) i = skipTo(']]>', i + 9, 'CDATA section');
    else if (text.startsWith('<?', i)) {
      assertPlacedDeclaration(text, i, format);
      i = skipTo('?>', i + 2, 'processing instruction');
    }
    else if (text.startsWith('<!', i)) {
      if (/^<!DOCTYPE/i.test(text.slice(i, i + 9))) {
        throw rejectedBody(format, 'it contains a document type declaration (<!DOCTYPE>); DTDs and entities are not accepted');
      }
      throw malformedBody(format, `unexpected markup declaration '${text.slice(i, i + 10)}'`, { offset: i, ...lineAndColumn(text, i) });
    } else if (text.startsWith('</', i)) {
      depth--;
      i = skipTo('>', i + 2, 'end tag');
    } else {
      const start = i;
      let j = i + 1;
      let quote = 0;
      let quotes = 0;
      for (; j < text.length; j++) {
        const c = text.charCodeAt(j);
        if (c === 0x22 || c === 0x27) quotes++;
        if (quote !== 0) {
          if (c === quote) quote = 0;
        } else if (c === 0x22 || c === 0x27) quote = c;
        else if (c === 0x3e /* > */) break;
      }
      if (j >= text.length) throw malformedBody(format, 'unterminated start tag', { offset: start, ...lineAndColumn(text, start) });
      // Two quoted values (four quote characters) at least, or no attribute can be given twice.
      if (quotes >= 4) assertUniqueAttributes(text, start, j, format);
      const selfClosing = text.charCodeAt(j - 1) === 0x2f; /* / */
      if (depth === 0 && ++roots > 1) {
        throw malformedBody(format, 'a second root element; a document has exactly one', { offset: start, ...lineAndColumn(text, start) });
      }
      if (!selfClosing && ++depth > maxDepth) {
        throw rejectedBody(format, `it nests elements deeper than ${maxDepth} levels (at line ${lineAndColumn(text, start).line})`);
      }
      i = j + 1;
    }
    const next = text.indexOf('<', i);
    assertNoTextOutsideRoot(i, next);
    i = next;
  }
  if (roots === 0) throw malformedBody(format, 'it has no root element');
}

/** XML 1.0 production [23] XMLDecl: version 1.x, then optionally encoding and standalone, in that order. */
const XML_DECLARATION =
  /<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\r\n]*\?>/y;

/** The target of a processing instruction, after its `<?`. */
const PI_TARGET = /<\?([^ \t\r\n?]*)/y;

/** A processing instruction whose target is `xml` is the XML declaration: first in the document (after a BOM), and well formed. */
function assertPlacedDeclaration(text: string, at: number, format: string): void {
  PI_TARGET.lastIndex = at;
  const name = PI_TARGET.exec(text)?.[1] ?? '';
  if (name.toLowerCase() !== 'xml') return;
  const first = at === 0 || (at === 1 && text.charCodeAt(0) === 0xfeff);
  XML_DECLARATION.lastIndex = at;
  if (first && XML_DECLARATION.test(text)) return;
  const reason = first ? 'the XML declaration is not one XML 1.0 reads (version 1.x, then encoding, then standalone yes or no)' : 'an XML declaration after the start of the document';
  throw malformedBody(format, reason, { offset: at, ...lineAndColumn(text, at) });
}

/**
 * Refuses a start tag (from `<` at `start` to `>` at `end`) that gives one attribute twice. One pass,
 * each character visited once: a name is a run of characters other than whitespace, `=`, `/`, `>`
 * and quotes; it is an attribute when `=` and a quoted value follow (whitespace allowed around
 * `=`, XML 1.0 production [25] Eq), and the value is skipped. A regular expression for the same
 * (`([^\s=\/>"']+)\s*=\s*(?:"[^"]*"|'[^']*')`, global) retried every suffix of a long name not
 * followed by `=`: 256 KB of one name blocked the process for 35 s.
 */
function assertUniqueAttributes(text: string, start: number, end: number, format: string): void {
  const seen = new Set<string>();
  let i = start;
  while (i < end) {
    if (!isNameCharacter(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const nameStart = i;
    while (i < end && isNameCharacter(text.charCodeAt(i))) i++;
    const nameEnd = i;
    i = skipSpace(text, i, end);
    if (i >= end || text.charCodeAt(i) !== 0x3d /* = */) continue;
    i = skipSpace(text, i + 1, end);
    const quote = text.charCodeAt(i);
    if (i >= end || (quote !== 0x22 && quote !== 0x27)) continue;
    const close = text.indexOf(quote === 0x22 ? '"' : "'", i + 1);
    // No closing quote in the tag: not a value; what follows is read as names again.
    if (close === -1 || close >= end) continue;
    const name = text.slice(nameStart, nameEnd);
    if (seen.has(name)) {
      throw malformedBody(format, `the attribute '${name}' is given twice in one start tag`, { offset: nameStart, ...lineAndColumn(text, nameStart) });
    }
    seen.add(name);
    i = close + 1;
  }
}

/** Not whitespace (what `\s` matched in the scan's former regular expression), `=`, `/`, `>`, `"` or `'`. */
function isNameCharacter(c: number): boolean {
  return c !== 0x3d && c !== 0x2f && c !== 0x3e && c !== 0x22 && c !== 0x27 && !isRegExpSpace(c);
}

function skipSpace(text: string, from: number, end: number): number {
  let i = from;
  while (i < end && isRegExpSpace(text.charCodeAt(i))) i++;
  return i;
}
