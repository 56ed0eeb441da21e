import * as support from '../../src/converters/media-type-support';
import { WriteTargets } from '../../src/converters/write-targets';
import { XmlObjectConverter } from '../../src/converters/xml/xml-object-converter';
import { parseMediaType } from '../../src/http/media-type';

const XML_TYPES = support.mediaTypes('application/xml', 'text/xml', 'application/*+xml');

describe('WriteTargets(supported).of(wanted)', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each<[string, string, string]>([
    ['a concrete type as it is, without q', 'application/xml;q=0.9', 'application/xml; charset=utf-8'],
    ['a range as the first supported type it includes', 'application/*', 'application/xml; charset=utf-8'],
    ['the charset it asks for, lower-cased', 'text/xml; charset=ISO-8859-1', 'text/xml; charset=iso-8859-1'],
  ])('answers %s', (_name, wanted, contentType) => {
    const target = new WriteTargets(XML_TYPES).of(parseMediaType(wanted));
    expect(target.contentType(target.charset ?? 'utf-8')).toBe(contentType);
  });

  it('works a media type object out once, and formats its Content-Type once per charset', () => {
    const concrete = jest.spyOn(support, 'concreteWriteType');
    const format = jest.spyOn(support, 'contentTypeOf');
    const targets = new WriteTargets(XML_TYPES);
    const wanted = parseMediaType('application/xml');
    for (let i = 0; i < 5; i++) targets.of(wanted).contentType('utf-8');
    targets.of(wanted).contentType('iso-8859-1');
    expect(concrete).toHaveBeenCalledTimes(1);
    expect(format).toHaveBeenCalledTimes(2);
    // Another object of the same type is another target (objects parsed per request are not kept).
    targets.of(parseMediaType('application/xml'));
    expect(concrete).toHaveBeenCalledTimes(2);
  });

  it('throws for a type no supported one fits, and keeps nothing for it', () => {
    const targets = new WriteTargets(support.mediaTypes('application/*+xml'));
    const wanted = parseMediaType('*/*');
    expect(() => targets.of(wanted)).toThrow(TypeError);
    expect(() => targets.of(wanted)).toThrow(TypeError);
  });
});

describe('XmlObjectConverter.write(value, options): the declaration and Content-Type name the bytes', () => {
  const converter = new XmlObjectConverter();
  it.each<[string, string, unknown, string, string]>([
    ['UTF-8 by default', 'application/xml', { a: 'caf\u00e9' }, 'application/xml; charset=utf-8', 'UTF-8'],
    ['the charset asked for', 'text/xml; charset=iso-8859-1', { a: 'caf\u00e9' }, 'text/xml; charset=iso-8859-1', 'ISO-8859-1'],
    ['UTF-8 when the charset asked for cannot carry the text', 'text/xml; charset=iso-8859-1', { a: '\u4e2d' }, 'text/xml; charset=utf-8', 'UTF-8'],
  ])('writes %s', (_name, type, value, contentType, encoding) => {
    const mediaType = parseMediaType(type);
    // Twice with one media type object: the second write answers from the target the first made.
    for (let i = 0; i < 2; i++) {
      const written = converter.write(value, { mediaType, rootName: 'r' });
      expect(written.contentType).toBe(contentType);
      const charset = encoding === 'UTF-8' ? 'utf8' : 'latin1';
      expect(written.body.toString(charset)).toBe(`<?xml version="1.0" encoding="${encoding}"?><r><a>${(value as { a: string }).a}</a></r>`);
    }
  });
});
