import { lineAndColumn, malformedBody, rejectedBody } from '../malformed-body';
import { isRegExpSpace } from '../regexp-space';

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
      for (; j < text.length; j++) {
        const c = text.charCodeAt(j);
        if (quote !== 0) {
          if (c === quote) quote = 0;
        } else if (c === 0x22 || c === 0x27) quote = c;
        else if (c === 0x3e /* > */) break;
      }
      if (j >= text.length) throw malformedBody(format, 'unterminated start tag', { offset: start, ...lineAndColumn(text, start) });
      assertAttributes(text, start, j, format);
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
 * Reads the attributes of a start tag (from `<` at `start` to `>` at `end`) as XML 1.0 production
 * [40] STag gives them: after the element's name, each attribute is a name, `=` (whitespace allowed
 * around it, production [25] Eq) and a quoted value (production [41] Attribute). Refuses a name
 * with no value, a value without quotes, and an attribute given twice (section 3.1, "Unique Att
 * Spec"): sax lets a repeated attribute pass, and reads a name with no value a character at a time,
 * so a megabyte of one such name cost sax 200 ms where this pass takes 15.
 *
 * One pass, each character visited once: a name is a run of characters other than whitespace,
 * `=`, `/`, `>` and quotes. A character no name begins with is left to the parser, which says
 * where it is. A regular expression for the attributes
 * (`([^\s=\/>"']+)\s*=\s*(?:"[^"]*"|'[^']*')`, global) retried every suffix of a long name not
 * followed by `=`: 256 KB of one name blocked the process for 35 s.
 */
function assertAttributes(text: string, start: number, end: number, format: string): void {
  let i = start + 1;
  while (i < end && isNameCharacter(text.charCodeAt(i))) i++;
  let seen: Set<string> | undefined;
  for (;;) {
    i = skipSpace(text, i, end);
    if (i >= end || (text.charCodeAt(i) === 0x2f /* / */ && i + 1 === end)) return;
    const nameStart = i;
    while (i < end && isNameCharacter(text.charCodeAt(i))) i++;
    if (i === nameStart) return;
    const name = text.slice(nameStart, i);
    // Where the attribute is, worked out only for a refusal: lineAndColumn reads from the start of the text.
    const at = (): { offset: number; line: number; column: number } => ({ offset: nameStart, ...lineAndColumn(text, nameStart) });
    i = skipSpace(text, i, end);
    if (i >= end || text.charCodeAt(i) !== 0x3d /* = */) throw malformedBody(format, `the attribute '${name}' has no value`, at());
    i = skipSpace(text, i + 1, end);
    const quote = text.charCodeAt(i);
    if (i >= end || (quote !== 0x22 && quote !== 0x27)) throw malformedBody(format, `the value of the attribute '${name}' is not in quotes`, at());
    const close = text.indexOf(quote === 0x22 ? '"' : "'", i + 1);
    // The scan found the tag's `>` outside quotes, so the value closes before it; if not, the parser says why.
    if (close === -1 || close >= end) return;
    i = close + 1;
    seen ??= new Set<string>();
    if (seen.has(name)) throw malformedBody(format, `the attribute '${name}' is given twice in one start tag`, at());
    seen.add(name);
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
