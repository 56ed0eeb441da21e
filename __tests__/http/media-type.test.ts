import {
  InvalidMediaTypeError,
  includes,
  isCompatible,
  parseContentType,
  parseMediaType,
  specificity,
} from '../../src/http/media-type';

describe('parseMediaType(text)', () => {
  it.each([
    ['application/json', { type: 'application', subtype: 'json', parameters: {} }],
    ['Application/JSON', { type: 'application', subtype: 'json', parameters: {} }],
    [' text/plain ; Charset=UTF-8 ', { type: 'text', subtype: 'plain', parameters: { charset: 'UTF-8' } }],
    ['text/*', { type: 'text', subtype: '*', parameters: {} }],
    ['*/*', { type: '*', subtype: '*', parameters: {} }],
    ['application/*+json', { type: 'application', subtype: '*+json', parameters: {} }],
    ['text/html; level=1; q=0.5', { type: 'text', subtype: 'html', parameters: { level: '1', q: '0.5' } }],
    ['multipart/form-data; boundary="a b"', { type: 'multipart', subtype: 'form-data', parameters: { boundary: 'a b' } }],
    // OWS is spaces and tabs (RFC 9110 section 5.6.6).
    ['application/json;\tcharset=utf-8', { type: 'application', subtype: 'json', parameters: { charset: 'utf-8' } }],
    ['text/html \t;\t level=1', { type: 'text', subtype: 'html', parameters: { level: '1' } }],
    // A ; inside a quoted value separates nothing, so y is given once.
    ['a/b; x="1;y=2"; y=3', { type: 'a', subtype: 'b', parameters: { x: '1;y=2', y: '3' } }],
  ])('should parse %j', (text, expected) => {
    expect(parseMediaType(text)).toEqual(expected);
  });

  it.each([
    '',
    'json',
    'application/',
    '/json',
    '*/json',
    'text/plain; charset',
    'a b/c',
    'text/plain;;',
  ])('should reject %j', (text) => {
    expect(() => parseMediaType(text)).toThrow(InvalidMediaTypeError);
  });
});

describe('parseContentType(text): the media type of a body, stricter', () => {
  // A parameter given twice is an error (RFC 6838 section 4.3), whatever the case of its name.
  it.each(['application/json; charset=utf-8; charset=iso-8859-1', 'text/plain; Charset=utf-8; charset=utf-8', 'a/b; x="1"; y=2; x=3'])(
    'should reject %j, which parseMediaType reads as the content-type package does',
    (text) => {
      expect(() => parseContentType(text)).toThrow(InvalidMediaTypeError);
      expect(() => parseMediaType(text)).not.toThrow();
    },
  );

  it('should parse what parseMediaType parses otherwise', () => {
    expect(parseContentType('a/b; x="1;x=2"')).toEqual({ type: 'a', subtype: 'b', parameters: { x: '1;x=2' } });
  });
});

describe('includes(range, candidate)', () => {
  it.each([
    ['*/*', 'image/png', true],
    ['text/*', 'text/plain', true],
    ['text/*', 'application/json', false],
    ['application/json', 'application/json', true],
    ['application/json', 'application/xml', false],
    ['application/*+json', 'application/problem+json', true],
    ['application/*+json', 'application/json', true],
    ['application/*+json', 'application/xml', false],
    ['text/plain;charset=utf-8', 'text/plain;charset=UTF-8', true],
    ['text/plain;charset=utf-8', 'text/plain', true],
    ['text/plain;charset=iso-8859-1', 'text/plain', false],
    ['application/json;charset=UTF-8', 'application/json', true],
    ['application/*;charset=utf-8', 'application/xml', true],
    ['application/json;charset=utf-16', 'application/json', false],
    ['image/png;charset=utf-8', 'image/png', false],
    ['application/json;charset=utf8', 'application/json', true],
    ['text/plain;charset=latin1', 'text/plain;charset=ISO-8859-1', true],
    ['text/plain;charset=x-unknown', 'text/plain;charset=X-Unknown', true],
    ['text/plain', 'text/plain;charset=utf-8', true],
    ['text/html;level=1', 'text/html;level=2', false],
    ['text/plain', 'text/*', false],
  ])('%j includes %j: %s', (range, candidate, expected) => {
    expect(includes(parseMediaType(range), parseMediaType(candidate))).toBe(expected);
  });
});

describe('isCompatible(a, b)', () => {
  it.each([
    ['text/*', 'text/plain', true],
    ['*/*', 'application/json', true],
    ['application/json', 'application/xml', false],
    ['application/*+json', 'application/vnd.api+json', true],
    ['application/*+json', 'application/*+json', true],
    ['application/*+json', 'application/*+xml', false],
    ['text/plain', 'application/plain', false],
  ])('%j and %j are compatible: %s', (a, b, expected) => {
    expect(isCompatible(parseMediaType(a), parseMediaType(b))).toBe(expected);
    expect(isCompatible(parseMediaType(b), parseMediaType(a))).toBe(expected);
  });
});

describe('specificity(mediaType)', () => {
  it('should rank concrete over suffix wildcard over subtype wildcard over full wildcard, parameters adding', () => {
    const ranked = ['text/plain;charset=utf-8', 'application/json', 'application/*+json', 'application/*', '*/*'];
    const scores = ranked.map((text) => specificity(parseMediaType(text)));
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(new Set(scores).size).toBe(scores.length);
  });

  it('should not count q as a parameter', () => {
    expect(specificity(parseMediaType('text/plain;q=0.5'))).toBe(specificity(parseMediaType('text/plain')));
  });
});
