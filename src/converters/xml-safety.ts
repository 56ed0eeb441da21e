import { lineAndColumn, malformedBody, rejectedBody } from './malformed-body';

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
    else if (text.startsWith('<?', i)) i = skipTo('?>', i + 2, 'processing instruction');
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
