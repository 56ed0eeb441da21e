import { type Element, type Node, XMLSerializer } from '@xmldom/xmldom';
import { stripXmlDeclaration } from './xml-charset';
import { assertWritableXml } from './xml-characters';
import type { XmlDocument } from './xml-document';
import { isXmlName } from './xml-writing';

/**
 * A DOM document as XML text without its declaration, well-formed whatever the DOM holds.
 * xmldom's serializer escapes text and attribute values and splits a CDATA section at each `]]>`;
 * what no escape can carry is refused with a `TypeError` before anything is sent: a character XML
 * allows nowhere (XML 1.0 section 2.2), a comment holding `--` or ending in `-` (section 2.5), a
 * processing instruction holding `?>` (section 2.6), a name that is not a qualified XML name
 * (Namespaces in XML 1.0 section 4). A DOM accepts all of these, since scripts build it freely.
 */
export function serializeXmlDocument(document: XmlDocument): string {
  assertCarriable(document as unknown as Node);
  // A parsed document keeps its declaration as a processing instruction, whose encoding may no
  // longer be true: the caller writes one naming the charset actually used.
  const text = stripXmlDeclaration(new XMLSerializer().serializeToString(document));
  assertWritableXml(text, 'XML');
  return text;
}

function isQualifiedName(name: string): boolean {
  const parts = name.split(':');
  return parts.length <= 2 && parts.every(isXmlName);
}

function refuse(reason: string): never {
  throw new TypeError(`The value cannot be written as XML: ${reason}`);
}

/** Walks the tree without recursion, so that a deep DOM cannot overflow the stack. */
function assertCarriable(root: Node): void {
  const pending: Node[] = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.nodeType === 1) {
      const element = node as Element;
      if (!isQualifiedName(element.tagName)) refuse(`'${element.tagName}' is not an XML element name`);
      const { attributes } = element;
      for (let i = 0; i < attributes.length; i++) {
        const { name } = attributes.item(i)!;
        if (!isQualifiedName(name)) refuse(`'${name}' is not an XML attribute name`);
      }
    } else if (node.nodeType === 8) {
      const data = node.nodeValue ?? '';
      if (data.includes('--') || data.endsWith('-')) refuse("a comment holds '--' or ends in '-', which no comment can carry");
    } else if (node.nodeType === 7) {
      const target = node.nodeName;
      // A parsed document keeps its XML declaration as its first child, an instruction named `xml`,
      // which is written in its place and then replaced; anywhere else that name is reserved (section 2.6).
      const declaration = node.parentNode === root && root.firstChild === node;
      if (!isXmlName(target) || (target.toLowerCase() === 'xml' && !declaration)) refuse(`'${target}' is not a processing instruction target`);
      if ((node.nodeValue ?? '').includes('?>')) refuse("a processing instruction holds '?>', which would end it");
    }
    for (let child = node.firstChild; child !== null; child = child.nextSibling) pending.push(child);
  }
}
