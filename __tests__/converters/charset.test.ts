import { HttpError } from '../../src/errors/http-error';
import { parseMediaType } from '../../src/http/media-type';
import { TextConverter, XmlObjectConverter, charsetOf, decodeText, encodeText } from '../../src/converters';
import { readOptions, rejection } from '../setup/converter-fixture';

describe('decodeText(body, charset)', () => {
  it.each([
    ['utf-8', Buffer.from('Grüße ✓', 'utf8'), 'Grüße ✓'],
    ['UTF-8 with a byte order mark', Buffer.from('\ufeffabc', 'utf8'), 'abc'],
    ['iso-8859-1', Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65]), 'Grüße'],
    ['latin1 bytes 0x80-0x9f (ISO-8859-1, not windows-1252)', Buffer.from([0x80, 0x9f]), '\u0080\u009f'],
    ['us-ascii', Buffer.from('plain'), 'plain'],
    ['utf-16le', Buffer.from('Grüße', 'utf16le'), 'Grüße'],
    ['utf-16be', Buffer.from('Grüße', 'utf16le').swap16(), 'Grüße'],
    ['windows-1252', Buffer.from([0x80, 0x93, 0x94, 0xe9]), '€“”é'],
    ['shift_jis', Buffer.from([0x82, 0xa0]), 'あ'],
  ])('decodes %s', (charset, body, text) => {
    const label = charset.startsWith('UTF-8') ? 'utf-8' : charset.startsWith('latin1') ? 'iso-8859-1' : charset;
    expect(decodeText(body, label)).toBe(text);
  });

  it.each([
    ['utf-8', Buffer.from([0x61, 0xff, 0x62]), 1],
    ['utf-8', Buffer.from([0x61, 0x62, 0xe2, 0x82]), 2],
    ['utf-8', Buffer.from([0xed, 0xa0, 0x80]), 0],
    ['utf-8', Buffer.from([0xc0, 0xaf]), 0],
    ['us-ascii', Buffer.from([0x61, 0xe9]), 1],
  ])('answers 400 for bytes that are not %s, at their offset', (charset, body, offset) => {
    let caught: unknown;
    try {
      decodeText(body, charset);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).status).toBe(400);
    expect((caught as HttpError).extensions).toEqual({ offset });
  });

  it('answers 400 for UTF-16 that does not decode', () => {
    expect(() => decodeText(Buffer.from([0x00, 0xd8, 0x41, 0x00]), 'utf-16le')).toThrow(/not valid UTF-16LE/);
  });

  it('answers 415 for a charset it does not know', () => {
    let caught: unknown;
    try {
      decodeText(Buffer.from('x'), 'x-klingon');
    } catch (error) {
      caught = error;
    }
    expect((caught as HttpError).status).toBe(415);
  });
});

describe('encodeText(text, charset)', () => {
  it.each([
    ['Grüße', 'utf-8', 'utf-8', Buffer.from('Grüße')],
    ['Grüße', 'ISO-8859-1', 'iso-8859-1', Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65])],
    ['Grüße €', 'iso-8859-1', 'utf-8', Buffer.from('Grüße €')],
    ['plain', 'us-ascii', 'us-ascii', Buffer.from('plain')],
    ['é', 'us-ascii', 'utf-8', Buffer.from('é')],
    ['é', 'utf-16le', 'utf-16le', Buffer.from([0xe9, 0x00])],
    ['é', 'utf-16be', 'utf-16be', Buffer.from([0x00, 0xe9])],
    ['é', 'shift_jis', 'utf-8', Buffer.from('é')],
  ])('encodes %j asked as %s in %s', (text, wanted, actual, bytes) => {
    expect(encodeText(text, wanted)).toEqual({ body: bytes, charset: actual });
  });
});

describe('charsetOf(mediaType)', () => {
  it.each([
    ['text/plain', undefined],
    ['text/plain; charset=UTF-8', 'utf-8'],
    ['text/plain; charset="ISO-8859-1"', 'iso-8859-1'],
  ])('%s → %s', (type, charset) => expect(charsetOf(parseMediaType(type))).toBe(charset));
});

describe('TextConverter with charsets', () => {
  const converter = new TextConverter();

  it.each([
    ['text/plain', Buffer.from('Grüße'), 'Grüße'],
    ['text/plain; charset=ISO-8859-1', Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65]), 'Grüße'],
    ['text/plain; charset=utf-16le', Buffer.from('Grüße', 'utf16le'), 'Grüße'],
    ['application/json', Buffer.from('{"raw": true}'), '{"raw": true}'],
  ])('reads %s', async (type, body, text) => {
    await expect(converter.read(body, readOptions(type, 'string'))).resolves.toBe(text);
  });

  it('answers 400 when the bytes do not match the declared charset', async () => {
    await rejection(converter.read(Buffer.from([0x47, 0x72, 0xfc]), readOptions('text/plain; charset=utf-8', 'string')), 400);
  });

  it('answers 415 for an unknown charset', async () => {
    await rejection(converter.read(Buffer.from('x'), readOptions('text/plain; charset=x-unknown', 'string')), 415);
  });

  it.each([
    ['text/plain', 'Grüße', 'text/plain; charset=utf-8', Buffer.from('Grüße')],
    ['text/plain; charset=ISO-8859-1', 'Grüße', 'text/plain; charset=iso-8859-1', Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65])],
    ['text/plain; charset=ISO-8859-1', '€', 'text/plain; charset=utf-8', Buffer.from('€')],
    ['text/*', 'x', 'text/plain; charset=utf-8', Buffer.from('x')],
    ['text/html', '<p>x</p>', 'text/html; charset=utf-8', Buffer.from('<p>x</p>')],
  ])('writes as %s', async (type, text, contentType, body) => {
    expect(await converter.write(text, { mediaType: parseMediaType(type) })).toEqual({ body, contentType });
  });
});

describe('XML charsets', () => {
  const converter = new XmlObjectConverter();

  it.each([
    ['the charset parameter', 'application/xml; charset=ISO-8859-1', Buffer.from('<a>Grüße</a>', 'latin1')],
    ['the encoding declaration', 'application/xml', Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>Grüße</a>', 'latin1')],
    ['a UTF-16 byte order mark over the declaration', 'application/xml', Buffer.from('\ufeff<?xml version="1.0" encoding="UTF-16"?><a>Grüße</a>', 'utf16le')],
    ['UTF-8 when nothing says otherwise', 'text/xml', Buffer.from('<a>Grüße</a>')],
  ])('reads text in the charset named by %s', async (_by, type, body) => {
    await expect(converter.read(body, readOptions(type, 'object'))).resolves.toBe('Grüße');
  });

  it('writes a declaration that agrees with the Content-Type', async () => {
    const latin = await converter.write({ a: 'Grüße' }, { mediaType: parseMediaType('application/xml; charset=iso-8859-1') });
    expect(latin.contentType).toBe('application/xml; charset=iso-8859-1');
    expect(latin.body.toString('latin1')).toBe('<?xml version="1.0" encoding="ISO-8859-1"?><root><a>Grüße</a></root>');
    const fallback = await converter.write({ a: '€' }, { mediaType: parseMediaType('application/xml; charset=iso-8859-1') });
    expect(fallback.contentType).toBe('application/xml; charset=utf-8');
    expect(fallback.body.toString('utf8')).toBe('<?xml version="1.0" encoding="UTF-8"?><root><a>€</a></root>');
  });
});
