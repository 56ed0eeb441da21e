import {
  type EntityTag,
  formatEntityTag,
  parseEntityTag,
  parseEntityTagList,
  strongEntityTag,
  strongMatch,
  weakMatch,
} from '../../src/caching/entity-tag';

const strong = (opaque: string): EntityTag => ({ weak: false, opaque });
const weak = (opaque: string): EntityTag => ({ weak: true, opaque });

describe('parseEntityTag(text)', () => {
  it.each<[string, EntityTag | undefined]>([
    ['"xyzzy"', strong('xyzzy')],
    ['W/"xyzzy"', weak('xyzzy')],
    ['""', strong('')],
    [' "a,b" ', strong('a,b')],
    ['xyzzy', undefined],
    ['"xyzzy', undefined],
    ['w/"xyzzy"', undefined],
    ['"a" "b"', undefined],
    ['"a b"', undefined],
  ])('should parse %j', (text, expected) => {
    expect(parseEntityTag(text)).toEqual(expected);
  });

  it('should format back what it parsed', () => {
    expect(formatEntityTag(parseEntityTag('W/"v1"')!)).toBe('W/"v1"');
    expect(formatEntityTag(parseEntityTag('"v1"')!)).toBe('"v1"');
  });
});

describe('parseEntityTagList(header)', () => {
  it.each<[string | undefined, ReturnType<typeof parseEntityTagList>]>([
    [undefined, undefined],
    ['', []],
    [' , ', []],
    ['*', '*'],
    [' * ', '*'],
    ['"a"', [strong('a')]],
    ['"a", W/"b" ,"c,d"', [strong('a'), weak('b'), strong('c,d')]],
    ['"a", bogus, "c"', [strong('a'), strong('c')]],
  ])('should parse %j', (header, expected) => {
    expect(parseEntityTagList(header)).toEqual(expected);
  });
});

describe('strongMatch(a, b) and weakMatch(a, b)', () => {
  // The table of RFC 9110 section 8.8.3.2.
  it.each<[EntityTag, EntityTag, boolean, boolean]>([
    [weak('1'), weak('1'), false, true],
    [weak('1'), weak('2'), false, false],
    [weak('1'), strong('1'), false, true],
    [strong('1'), strong('1'), true, true],
  ])('should compare %j with %j as RFC 9110 says', (a, b, strongly, weakly) => {
    expect(strongMatch(a, b)).toBe(strongly);
    expect(weakMatch(a, b)).toBe(weakly);
  });
});

describe('strongEntityTag(body)', () => {
  it('should give identical bytes the identical strong tag', () => {
    expect(strongEntityTag('hello')).toBe(strongEntityTag(Buffer.from('hello')));
    expect(parseEntityTag(strongEntityTag('hello'))?.weak).toBe(false);
  });

  it('should give different bytes different tags', () => {
    expect(strongEntityTag('hello')).not.toBe(strongEntityTag('hellO'));
  });
});
