import fc from 'fast-check';
import { ProducesCondition } from '../../src/conditions/produces-condition';
import { defaultConverters } from '../../src/converters/converter-registry';
import { type MediaRange, parseAccept, preferredMediaTypes } from '../../src/http/accept-header';
import { decidingRange } from '../../src/http/deciding-range';
import * as mediaTypes from '../../src/http/media-type';
import { type MediaType, includes, parseMediaType, specificity } from '../../src/http/media-type';
import { negotiateWithAccepted, writableOffers, writableRanges } from '../../src/routing/route-compilation';

/** Ranges as parseAccept makes them, any number of them (parseAccept itself reads at most 64). */
function rangesOf(texts: readonly string[]): MediaRange[] {
  return texts.map((text, index) => {
    const { type, subtype, parameters } = parseMediaType(text);
    const { q = '1', ...rest } = parameters;
    return Object.freeze({ type, subtype, parameters: rest, q: Number(q), index });
  });
}

/** The rule, looked up range by range: the most specific including range, the first of equals. */
function scanned(mediaType: MediaType, ranges: readonly MediaRange[]): MediaRange | undefined {
  let best: MediaRange | undefined;
  for (const range of ranges) if (includes(range, mediaType) && (best === undefined || specificity(range) > specificity(best))) best = range;
  return best;
}

/** Counts the range-to-type comparisons (`includes`) that `work` makes. */
function comparisons(work: () => void): number {
  const spy = jest.spyOn(mediaTypes, 'includes');
  try {
    work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('decidingRange(mediaType, ranges)', () => {
  const TYPES = ['text/plain', 'text/html', 'text/html;level=1', 'text/plain;charset=iso-8859-1', 'application/json', 'application/problem+json', 'application/vnd.a+b+json', 'image/png', 'text/*', 'application/*+json'];
  const RANGES = ['*/*', 'text/*', 'application/*', 'text/plain', 'text/html', 'application/json', 'application/*+json', 'application/*+b+json', 'application/problem+json', 'image/png', 'image/*'];
  const PARAMETERS = ['', ';level=1', ';level=2', ';charset=utf-8', ';charset=UTF8', ';charset=latin1', ';charset=iso-8859-1', ';level=1;charset=utf-8', ';x=y'];
  const rangeArb = fc.tuple(fc.constantFrom(...RANGES), fc.constantFrom(...PARAMETERS), fc.constantFrom('', ';q=0', ';q=0.5')).map((parts) => parts.join(''));

  it('decides as the range-by-range rule does, for lists long enough to be indexed', () => {
    fc.assert(
      fc.property(fc.array(rangeArb, { minLength: 9, maxLength: 60 }), fc.constantFrom(...TYPES), (texts, type) => {
        const ranges = rangesOf(texts);
        const mediaType = parseMediaType(type);
        expect(decidingRange(mediaType, ranges)).toBe(scanned(mediaType, ranges));
        // And as parseAccept reads the same field.
        const parsed = parseAccept(texts.join(','));
        expect(decidingRange(mediaType, parsed)?.index).toBe(scanned(mediaType, parsed)?.index);
      }),
      { numRuns: 2000 },
    );
  });

  it.each<[string, string, number | undefined]>([
    ['text/html', 'text/*, a/a, a/b, a/c, a/d, a/e, a/f, a/g, text/html;q=0.5', 8],
    ['text/html', 'text/html;level=1, a/a, a/b, a/c, a/d, a/e, a/f, a/g, text/html', 8],
    ['text/html;level=1', 'text/html, a/a, a/b, a/c, a/d, a/e, a/f, a/g, text/html;level=1', 8],
    ['text/plain', 'text/plain;charset=UTF8, a/a, a/b, a/c, a/d, a/e, a/f, a/g, text/plain;charset=utf-8', 0],
    ['application/problem+json', '*/*, a/a, a/b, a/c, a/d, a/e, a/f, a/g, application/*+json', 8],
    ['image/png', 'text/*, a/a, a/b, a/c, a/d, a/e, a/f, a/g, a/h', undefined],
  ])('decides for %j under %j: the range at %j', (type, header, index) => {
    expect(decidingRange(parseMediaType(type), parseAccept(header))?.index).toBe(index);
  });
});

describe('negotiation is linear in the number of ranges (issue 17: 1,300 ranges cost 51 ms)', () => {
  const R = 1300;
  // Hostile: one group of 650 ranges of one type with distinct parameters, 650 distinct types.
  const hostile = rangesOf([...Array.from({ length: R / 2 }, (_, i) => `text/html;level=${i}`), ...Array.from({ length: R / 2 }, (_, i) => `application/x-${i}`)]);

  it(`ranks ${10} offers under ${R} ranges with at most 4 x (ranges + offers) comparisons`, () => {
    const offers = ['text/html', 'text/html;level=3', 'text/plain', 'application/json', 'application/x-7', 'application/problem+json', 'image/png', 'text/csv', 'application/xml', 'application/x-649'].map(parseMediaType);
    let ranked: MediaType[] = [];
    const count = comparisons(() => (ranked = preferredMediaTypes(offers, hostile)));
    expect(ranked.map(mediaTypes.formatMediaType)).toEqual(['text/html; level=3', 'application/x-7', 'application/x-649']);
    expect(count).toBeLessThanOrEqual(4 * (R + offers.length));
  });

  it(`works out a bytes route's offers from ${R} concrete ranges with at most 4 x ranges comparisons`, () => {
    const registry = defaultConverters();
    // A route producing any type: without produces, bytes are application/octet-stream alone.
    const produces = ProducesCondition.of('*/*');
    const offers = Object.freeze(writableOffers(registry, 'bytes', produces));
    const writable = Object.freeze(writableRanges(registry, 'bytes', produces));
    const accept = Object.freeze(rangesOf(Array.from({ length: R }, (_, i) => `application/x-${i};q=0.${(i % 9) + 1}`)));
    let ranked: readonly MediaType[] = [];
    const count = comparisons(() => (ranked = negotiateWithAccepted(offers, writable, accept, produces)));
    expect(ranked).toHaveLength(R);
    expect(mediaTypes.essence(ranked[0]!)).toBe('application/x-8');
    expect(count).toBeLessThanOrEqual(4 * (R + offers.length + writable.length));
  });
});
