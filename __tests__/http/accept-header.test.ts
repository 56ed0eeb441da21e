import { MAX_RANGES, acceptanceOf, parseAccept, preferredMediaTypes } from '../../src/http/accept-header';
import { parseMediaType } from '../../src/http/media-type';
import * as reader from '../../src/http/media-type-reader';
import { MAX_PARAMETERS } from '../../src/http/media-type-reader';
import { thrownExceptions } from '../setup/thrown-exceptions';

const ranges = (header: string | undefined) => parseAccept(header).map((r) => `${r.type}/${r.subtype};q=${r.q}`);

describe('parseAccept(header)', () => {
  it.each<[string | undefined, string[]]>([
    [undefined, ['*/*;q=1']],
    ['', ['*/*;q=1']],
    ['  ', ['*/*;q=1']],
    ['application/json', ['application/json;q=1']],
    ['text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.8', ['text/html;q=1', 'application/xhtml+xml;q=1', 'application/xml;q=0.9', '*/*;q=0.8']],
    ['text/*;q=0', ['text/*;q=0']],
    ['text/plain;q=1.000', ['text/plain;q=1']],
    ['text/plain;Q=0.5', ['text/plain;q=0.5']],
    ['text/plain;q=0.', ['text/plain;q=0']],
  ])('should parse %j into %j', (header, expected) => {
    expect(ranges(header)).toEqual(expected);
  });

  it.each([
    ['json, text/plain', ['text/plain;q=1']],
    ['*/json, text/plain', ['text/plain;q=1']],
    ['text/html;q=1.5, text/plain', ['text/plain;q=1']],
    ['text/html;q=-1, text/plain', ['text/plain;q=1']],
    ['text/html;q=0.1234, text/plain', ['text/plain;q=1']],
    ['text/html;q=abc, text/plain', ['text/plain;q=1']],
    ['text/html;q=, text/plain', ['text/plain;q=1']],
    ['text/html,,text/plain', ['text/html;q=1', 'text/plain;q=1']],
  ])('should ignore the invalid ranges of %j', (header, expected) => {
    expect(ranges(header)).toEqual(expected);
  });

  it('should not split on commas inside quoted parameter values', () => {
    expect(parseAccept('text/html;x="a,b";q=0.5, text/plain').map((r) => r.parameters)).toEqual([{ x: 'a,b' }, {}]);
  });

  it('should number the ranges in header order', () => {
    expect(parseAccept('a/b, c/d;q=0.1, e/f').map((r) => r.index)).toEqual([0, 1, 2]);
  });
});

describe('acceptanceOf(mediaType, ranges)', () => {
  const q = (mediaType: string, header: string) => acceptanceOf(parseMediaType(mediaType), parseAccept(header))?.q;

  it.each<[string, string, number | undefined]>([
    ['application/json', '*/*', 1],
    ['application/json', 'text/html', undefined],
    ['text/html', 'text/*;q=0.3, text/html;q=0.7', 0.7],
    ['text/plain', 'text/*;q=0.3, text/html;q=0.7', 0.3],
    ['text/html', 'text/*, text/html;q=0', undefined],
    ['text/plain', 'text/*, text/html;q=0', 1],
    ['image/png', 'text/*, */*;q=0.1', 0.1],
    ['text/html', 'text/html;level=1, text/html;q=0.5', 0.5],
    ['text/html;level=1', 'text/html;level=1, text/html;q=0.5', 1],
    ['application/json', 'application/json;q=0, */*', undefined],
  ])('should accept %j under %j with weight %j (the most specific range decides; q=0 excludes)', (mediaType, header, weight) => {
    expect(q(mediaType, header)).toBe(weight);
  });
});

describe('preferredMediaTypes(offers, ranges)', () => {
  const prefer = (offers: string[], header: string | undefined): string[] =>
    preferredMediaTypes(offers.map(parseMediaType), parseAccept(header)).map((m) => `${m.type}/${m.subtype}`);

  it.each<[string[], string | undefined, string[]]>([
    [['application/json', 'application/xml'], undefined, ['application/json', 'application/xml']],
    [['application/json', 'application/xml'], 'application/xml, application/json;q=0.9', ['application/xml', 'application/json']],
    [['application/json', 'application/xml'], 'application/*, application/xml', ['application/xml', 'application/json']],
    [['application/json', 'application/xml'], 'application/xml;q=0.5, application/json;q=0.5', ['application/xml', 'application/json']],
    [['application/json', 'application/xml'], '*/*, application/json;q=0', ['application/xml']],
    [['application/json', 'application/xml'], 'text/html', []],
    [['text/plain', 'text/csv'], 'text/*', ['text/plain', 'text/csv']],
  ])('should rank %j under %j as %j (weight, specificity, header order, server order)', (offers, header, expected) => {
    expect(prefer(offers, header)).toEqual(expected);
  });
});

describe(`parseAccept(header): at most MAX_RANGES (${MAX_RANGES}) members read, none at the cost of an exception`, () => {
  const fillers = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `text/x-${tag}-${i}`);

  it.each<[string, string, string[]]>([
    ['the last member within the limit counts', [...fillers(MAX_RANGES - 1, 'a'), 'application/json'].join(','), ['application/json']],
    ['a member past the limit is ignored', [...fillers(MAX_RANGES, 'b'), 'application/json'].join(','), []],
    ['members that are not ranges count', [...Array<string>(MAX_RANGES).fill('x'), 'application/json'].join(','), []],
    ['empty members do not count (RFC 9110 section 5.6.1)', `${','.repeat(500)}application/json`, ['application/json']],
  ])('%s', (_, header, expected) => {
    const ranges = parseAccept(header);
    expect(ranges.length).toBeLessThanOrEqual(MAX_RANGES);
    expect(ranges.filter((r) => r.subtype === 'json').map((r) => `${r.type}/${r.subtype}`)).toEqual(expected);
  });

  it('ignores a range with more than MAX_PARAMETERS parameters, as one that does not parse', () => {
    const many = Array.from({ length: MAX_PARAMETERS + 1 }, (_, i) => `p${i}=1`).join(';');
    expect(ranges(`application/json;${many}, text/plain`)).toEqual(['text/plain;q=1']);
  });

  it('reads a 14 KB Accept of invalid members with no exception, looking at 64 members only', () => {
    const header = `${'x,'.repeat(7000)}application/json`;
    const reads = jest.spyOn(reader, 'readMediaType');
    try {
      let ranges: readonly unknown[] = [];
      expect(thrownExceptions(() => (ranges = parseAccept(header)))).toBe(0);
      expect(ranges).toEqual([]);
      expect(reads).toHaveBeenCalledTimes(MAX_RANGES);
    } finally {
      reads.mockRestore();
    }
  });
});
