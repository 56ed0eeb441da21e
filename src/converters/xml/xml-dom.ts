import { DOMParser, type Element, MIME_TYPE, type Node, ParseError } from '@xmldom/xmldom';
import { malformedBody } from '../malformed-body';
import { codePointName, invalidXmlCharAt } from './xml-characters';
import type { XmlDocument } from './xml-document';
import { assertSafeXml } from './xml-safety';

interface Locator {
  readonly lineNumber?: number;
  readonly columnNumber?: number;
}

/**
 * Parses an XML text into a DOM document with @xmldom/xmldom after {@link assertSafeXml} has
 * passed it. Every problem the parser reports, warnings included (an unquoted attribute value is
 * only a warning to xmldom), is a 400 with its line and column: a body that is not well-formed XML
 * (XML 1.0 section 2.1) is not read half-way.
 */
export function parseXmlDocument(text: string, maxDepth: number, format = 'XML'): XmlDocument {
  assertSafeXml(text, maxDepth, format);
  let reported: string | undefined;
  const parser = new DOMParser({
    onError: (_level, message) => {
      reported = message;
      throw new Error(message);
    },
  });
  let document: XmlDocument;
  try {
    document = parser.parseFromString(text, MIME_TYPE.XML_APPLICATION);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    const locator = (error.locator ?? {}) as Locator;
    // Problems thrown from onError arrive wrapped ("Reporting error ... caused ..."): keep the original.
    const message = reported ?? error.message;
    const reason = lowerFirst(message.split('\n')[0]!.replace(/^\[xmldom \w+\]\s*/, ''));
    const position =
      locator.lineNumber !== undefined && locator.lineNumber > 0
        ? { line: locator.lineNumber, ...(locator.columnNumber === undefined ? {} : { column: locator.columnNumber }) }
        : undefined;
    throw malformedBody(format, reason, position, error);
  }
  // The text was checked for characters XML allows nowhere; a character reference can still name one.
  if (text.includes('&#')) assertNoInvalidReferences(document as unknown as Node, format);
  return document;
}

/** Text, CDATA and attribute values hold only characters XML allows (a `&#1;` names one it does not). */
function assertNoInvalidReferences(node: Node, format: string): void {
  const check = (value: string | null, at: Node): void => {
    if (value === null) return;
    const invalid = invalidXmlCharAt(value);
    if (invalid === -1) return;
    const { lineNumber, columnNumber } = at as Node & Locator;
    const position = lineNumber === undefined ? undefined : { line: lineNumber, ...(columnNumber === undefined ? {} : { column: columnNumber }) };
    throw malformedBody(format, `a character reference to a character XML does not allow (${codePointName(value, invalid)})`, position);
  };
  if (node.nodeType === 3 || node.nodeType === 4) check(node.nodeValue, node);
  if (node.nodeType === 1) {
    const attributes = (node as Element).attributes;
    for (let i = 0; i < attributes.length; i++) check(attributes.item(i)!.value, node);
  }
  for (let child = node.firstChild; child !== null; child = child.nextSibling) assertNoInvalidReferences(child, format);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The direct child elements of an element with a namespace and local name, in document order. */
export function childElements(parent: Element, namespace: string | null, localName: string): Element[] {
  const result: Element[] = [];
  for (let node = parent.firstChild; node !== null; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    if (element.localName === localName && (element.namespaceURI ?? null) === namespace) result.push(element);
  }
  return result;
}

/** The first such child element, or `undefined`. */
export function childElement(parent: Element, namespace: string | null, localName: string): Element | undefined {
  return childElements(parent, namespace, localName)[0];
}

/** The text of the first such child element (trimmed), or `undefined` when there is none or it is empty. */
export function childText(parent: Element, namespace: string | null, localName: string): string | undefined {
  const text = childElement(parent, namespace, localName)?.textContent?.trim();
  return text === undefined || text === '' ? undefined : text;
}
