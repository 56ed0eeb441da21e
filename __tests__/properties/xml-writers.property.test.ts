import { DOMImplementation } from '@xmldom/xmldom';
import fc from 'fast-check';
import { AtomConverter, Feed, RssConverter, XmlObjectConverter, XmlSourceConverter } from '../../src/converters';
import { invalidXmlCharAt } from '../../src/converters/xml/xml-characters';
import { BadRequest } from '../../src/errors/http-error';
import { toProblemDocument } from '../../src/errors/problem-document';
import { problemXml } from '../../src/converters/xml/problem-xml';
import { parseMediaType } from '../../src/http/media-type';
import { xmllintErrors } from '../setup/xml-validators';

/**
 * Every XML writer, given any text: a document libxml2's xmllint (a parser the library does not
 * use) reads as well-formed XML, or, for a text holding a character XML allows nowhere, a
 * `TypeError` before any byte is written. The problem writer never refuses (a problem must reach
 * the client): it writes such a character as `\u0001`. Texts mix arbitrary code units (lone
 * surrogates included) with what breaks naive writers: `]]>` (twice), CDATA and comment markers,
 * markup, references, line ends, U+FFFE.
 */

const HOSTILE = [']]>', ']]>]]>', '<![CDATA[', '<!--', '--', '-', '?>', '<', '>', '&', '&amp;', '"', "'", '\r', '\r\n', '\t', '\u0000', '\u0001', '\u001f', '\u0085', '\u2028', '\ud800', '\udfff', '\ud83d\ude00', '\ufffe', '\uffff', '\ufffd', 'é', '<img src=x onerror=alert(1)>'];
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const text = fc.array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: codeUnit, maxLength: 4 }), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 8 }).map((parts) => parts.join(''));
const NUM_RUNS = 150;
const XML = parseMediaType('application/xml');

/**
 * Writes a document per generated text with `write`; checks that a refusal is a `TypeError` for
 * a text XML cannot carry and nothing else; then has xmllint read every document written, in one run.
 */
function expectWellFormed(write: (text: string) => string | Uint8Array, refuses = true): void {
  const documents: (string | Uint8Array)[] = [];
  fc.assert(
    fc.property(text, (value) => {
      const carriable = invalidXmlCharAt(value) === -1;
      let document: string | Uint8Array;
      try {
        document = write(value);
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        expect(refuses && !carriable).toBe(true);
        return;
      }
      expect(carriable || !refuses).toBe(true);
      documents.push(document);
    }),
    { numRuns: NUM_RUNS, examples: [[']]>a]]>b'], ['a]]>b]]>c'], ['\u0001'], ['\ud800'], ['\ufffe']] },
  );
  expect(documents.length).toBeGreaterThan(0);
  expect(xmllintErrors(documents)).toBe('');
}

function feedOf(value: string): Feed {
  const feed = new Feed({ id: 'urn:x', title: value, description: value, link: 'http://example.test/', copyright: value, stylesheet: `http://example.test/${value}`, author: { name: value, email: value } });
  feed.addCategory(value);
  feed.addContributor({ name: value });
  feed.addItem({ title: value, id: value, link: `http://example.test/?${value}`, date: new Date(0), description: value, content: value, author: [{ name: value, email: 'a@example.test' }], category: [{ name: value, term: value, domain: value, scheme: value }] });
  feed.addExtension({ name: 'x:ext', objects: { _attributes: { 'xmlns:x': 'urn:x', a: value }, _text: value, _cdata: value } });
  return feed;
}

describe('every XML writer, given any text', () => {
  it('XmlObjectConverter writes well-formed XML or refuses the text with a TypeError', () => {
    const converter = new XmlObjectConverter();
    expectWellFormed((value) => converter.write({ name: value, list: [value, { deeper: value }], n: null }, { mediaType: XML }).body);
  });

  it('XmlSourceConverter writes well-formed XML for text, attributes and CDATA, or refuses with a TypeError', () => {
    const converter = new XmlSourceConverter();
    expectWellFormed((value) => {
      const document = new DOMImplementation().createDocument(null, 'root', null);
      const root = document.documentElement!;
      root.setAttribute('a', value);
      root.appendChild(document.createTextNode(value));
      // The DOM refuses `]]>` in a new CDATA section, not appended later: the serializer splits it.
      const cdata = document.createCDATASection('x');
      cdata.appendData(value);
      root.appendChild(cdata);
      return converter.write(document, { mediaType: XML }).body;
    });
  });

  it('AtomConverter writes well-formed Atom or refuses the text with a TypeError', () => {
    const converter = new AtomConverter();
    expectWellFormed((value) => converter.write(feedOf(value), { mediaType: parseMediaType('application/atom+xml') }).body);
  });

  it('RssConverter writes well-formed RSS or refuses the text with a TypeError', () => {
    const converter = new RssConverter();
    expectWellFormed((value) => converter.write(feedOf(value), { mediaType: parseMediaType('application/rss+xml') }).body);
  });

  it('problemXml writes a well-formed problem for any detail and extension, never refusing', () => {
    expectWellFormed((value) => problemXml({ ...toProblemDocument(new BadRequest(value), `/x?${value}`), title: value, [value]: value, ok: [value, { n: value }] }), false);
  });
});
