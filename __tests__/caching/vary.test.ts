import type { HeaderMap } from '../../src/caching/header-map';
import { normaliseFieldValue, parseVary, selectingHeaders, varyMatches } from '../../src/caching/vary';

describe('parseVary(value)', () => {
  it.each<[string | string[] | undefined, ReturnType<typeof parseVary>]>([
    [undefined, []],
    ['', []],
    ['Accept', ['accept']],
    ['Accept, accept-ENCODING', ['accept', 'accept-encoding']],
    [['Accept', 'Foo'], ['accept', 'foo']],
    ['*', '*'],
    ['*, *', '*'],
    [', *', '*'],
    [['', '*'], '*'],
    ['*, Foo', '*'],
    ['Foo, *', '*'],
  ])('parses %j', (value, expected) => {
    expect(parseVary(value)).toEqual(expected);
  });
});

describe('varyMatches(fields, stored, requestHeaders)', () => {
  const stored = (fields: readonly string[], headers: HeaderMap) => selectingHeaders(fields, headers);
  it.each<[string, string | undefined, HeaderMap, HeaderMap, boolean]>([
    ['matches without Vary', undefined, { accept: 'a' }, { accept: 'b' }, true],
    ['matches equal values', 'Accept', { accept: 'application/json' }, { accept: 'application/json' }, true],
    ['does not match different values', 'Accept', { accept: 'application/json' }, { accept: 'application/xml' }, false],
    ['matches values that differ only in list whitespace', 'Accept', { accept: 'a,b' }, { accept: ' a ,  b' }, true],
    ['matches values split over lines', 'Foo', { foo: 'a, b' }, { foo: ['a', 'b'] }, true],
    ['does not match when the stored request omitted the field', 'Foo', {}, { foo: 'a' }, false],
    ['does not match when the presented request omits the field', 'Foo', { foo: 'a' }, {}, false],
    ['matches when both omit the field', 'Foo', {}, {}, true],
    ['needs every field to match', 'Foo, Bar', { foo: 'a', bar: 'b' }, { foo: 'a', bar: 'c' }, false],
    ['never matches Vary: *', '*', {}, {}, false],
  ])('%s', (_, vary, storedRequest, request, expected) => {
    const fields = parseVary(vary);
    expect(varyMatches(fields, fields === '*' ? {} : stored(fields, storedRequest), request)).toBe(expected);
  });
});

describe('normaliseFieldValue(value)', () => {
  it.each<[string | string[] | undefined, string | null]>([
    [undefined, null],
    ['', ''],
    ['application/json', 'application/json'],
    ['text/html; q=0.9', 'text/html; q=0.9'],
    ['"a b"', '"a b"'],
    [' a', 'a'],
    ['a ', 'a'],
    ['a  b', 'a b'],
    ['a\tb', 'a b'],
    ['a,b', 'a,b'],
    [' a ,  b ', 'a,b'],
    ['a, , b', 'a,b'],
    [['a', 'b'], 'a,b'],
    ['caf\u00e9', 'caf\u00e9'],
    ['\u00a0a', 'a'],
  ])('normalises %j to %j', (value, expected) => {
    expect(normaliseFieldValue(value)).toBe(expected);
  });
});
