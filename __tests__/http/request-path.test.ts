import fc from 'fast-check';
import { decodePercent } from '../../src/http/percent-decoding';
import { type RequestSegment, originFormOf, splitRequestPath } from '../../src/http/request-path';

/** The plain statement of the rule (split the path on `/`, drop one trailing empty part, the matrix part at the first `;`): the reference the one-pass split must agree with. */
function viaSplit(url: string): RequestSegment[] {
  const q = url.indexOf('?');
  const parts = (q === -1 ? url : url.slice(0, q)).split('/');
  const last = parts.length > 1 && parts[parts.length - 1] === '' ? parts.length - 1 : parts.length;
  return parts.slice(1, last).map((part) => {
    const semi = part.indexOf(';');
    const base = semi === -1 ? part : part.slice(0, semi);
    return { text: decodePercent(base), raw: base, matrix: semi === -1 ? '' : part.slice(semi + 1) };
  });
}

describe('splitRequestPath(url)', () => {
  it.each([
    ['/', []],
    ['', []],
    ['/cars', [{ text: 'cars', raw: 'cars', matrix: '' }]],
    ['/cars/', [{ text: 'cars', raw: 'cars', matrix: '' }]],
    ['/cars/42?x=/y;z', [{ text: 'cars', raw: 'cars', matrix: '' }, { text: '42', raw: '42', matrix: '' }]],
    ['/cars;color=red;year=2012', [{ text: 'cars', raw: 'cars', matrix: 'color=red;year=2012' }]],
    ['/cars/42;color=red', [{ text: 'cars', raw: 'cars', matrix: '' }, { text: '42', raw: '42', matrix: 'color=red' }]],
    ['/a%20b/caf%C3%A9', [{ text: 'a b', raw: 'a%20b', matrix: '' }, { text: 'café', raw: 'caf%C3%A9', matrix: '' }]],
    ['/a%2Fb', [{ text: 'a/b', raw: 'a%2Fb', matrix: '' }]],
    ['/a+b', [{ text: 'a+b', raw: 'a+b', matrix: '' }]],
    ['/a%3Bb;c=d', [{ text: 'a;b', raw: 'a%3Bb', matrix: 'c=d' }]],
    ['/a//b', [{ text: 'a', raw: 'a', matrix: '' }, { text: '', raw: '', matrix: '' }, { text: 'b', raw: 'b', matrix: '' }]],
  ])('should split %j into %j', (url, segments) => {
    expect(splitRequestPath(url)).toEqual(segments);
  });

  it('agrees with splitting the path on slashes, on arbitrary targets', () => {
    const target = fc.string({ unit: fc.constantFrom('a', 'b', '/', '//', ';', '=', ',', '?', '%', '%41', '%2F', '%zz', '%E2%82%AC', '%C3', 'é', '#'), maxLength: 14 });
    fc.assert(
      fc.property(target, (url) => {
        expect(splitRequestPath(url)).toEqual(viaSplit(url));
      }),
      { numRuns: 3000 },
    );
  });

  it('should mark a segment with invalid percent-encoding as undecodable, keeping the raw text', () => {
    expect(splitRequestPath('/cars/%E0%A4%A')).toEqual([
      { text: 'cars', raw: 'cars', matrix: '' },
      { text: undefined, raw: '%E0%A4%A', matrix: '' },
    ]);
  });
});

describe('originFormOf(target): the path and query a request target names (RFC 9112 section 3.2)', () => {
  it.each<[string, string | undefined]>([
    ['/cars/7?x=1', '/cars/7?x=1'],
    ['/', '/'],
    ['http://example.org/cars/7?x=1', '/cars/7?x=1'],
    ['HTTPS://example.org:8443/cars', '/cars'],
    ['http://example.org', '/'],
    ['http://example.org?x=1', '/?x=1'],
    ['http://user@example.org/a', '/a'],
    ['*', undefined],
    ['example.org:443', undefined],
    ['ftp://example.org/a', undefined],
    ['cars/7', undefined],
  ])('%j names %j', (target, expected) => {
    expect(originFormOf(target)).toBe(expected);
  });
});
