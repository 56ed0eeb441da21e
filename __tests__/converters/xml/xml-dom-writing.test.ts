import { DOMImplementation } from '@xmldom/xmldom';
import { parseXmlDocument } from '../../../src/converters/xml/xml-dom';
import { serializeXmlDocument } from '../../../src/converters/xml/xml-dom-writing';
import type { XmlDocument } from '../../../src/converters/xml/xml-document';
import { xmllintErrors } from '../../setup/xml-validators';

/** A document `<root>` with one node added by `add`. */
function documentWith(add: (document: XmlDocument, root: NonNullable<XmlDocument['documentElement']>) => void): XmlDocument {
  const document = new DOMImplementation().createDocument(null, 'root', null);
  add(document, document.documentElement!);
  return document;
}

describe('serializeXmlDocument(document)', () => {
  it.each([
    ['a comment holding --', documentWith((d, r) => r.appendChild(d.createComment('a--b'))), /comment holds '--'/],
    ['a comment ending in -', documentWith((d, r) => r.appendChild(d.createComment('a-'))), /comment holds '--' or ends in '-'/],
    ['a processing instruction holding ?>', documentWith((d, r) => r.appendChild(d.createProcessingInstruction('pi', 'a?>b'))), /holds '\?>'/],
    ['a processing instruction named xml inside the root', documentWith((d, r) => r.appendChild(d.createProcessingInstruction('xml', 'version="1.0"'))), /'xml' is not a processing instruction target/],
    ['an element name with a space', documentWith((d, r) => r.appendChild(d.createElement('a b'))), /'a b' is not an XML element name/],
    ['an attribute name with a quote', documentWith((_, r) => r.setAttribute('a"b', '1')), /'a"b' is not an XML attribute name/],
    ['a control character in a text', documentWith((d, r) => r.appendChild(d.createTextNode('\u0001'))), /a character XML does not allow \(U\+0001\)/],
  ])('refuses %s with a TypeError, which no escape can carry', (_, document, message) => {
    expect(() => serializeXmlDocument(document)).toThrow(TypeError);
    expect(() => serializeXmlDocument(document)).toThrow(message);
  });

  it('writes what can be carried well-formed: escaped text and attributes, a CDATA section split at each ]]>', () => {
    const document = documentWith((d, r) => {
      r.setAttribute('a', '"<&>\n');
      r.setAttributeNS('urn:x', 'x:b', '1');
      r.appendChild(d.createTextNode('a]]>b]]>c <&>'));
      const cdata = d.createCDATASection('x');
      cdata.appendData(']]>y]]>');
      r.appendChild(cdata);
      r.appendChild(d.createComment(' a-b '));
      r.appendChild(d.createProcessingInstruction('pi', 'a?b'));
    });
    const text = serializeXmlDocument(document);
    expect(text).toContain('a]]&gt;b]]&gt;c &lt;&amp;&gt;');
    expect(xmllintErrors([text])).toBe('');
  });

  it('writes a parsed document without the declaration it was read with, which the converter writes anew', () => {
    const document = parseXmlDocument('<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>', 64);
    expect(serializeXmlDocument(document)).toBe('<a>é</a>');
  });
});
