import { ProducesCondition } from '../../src/conditions/produces-condition';
import { defaultConverters } from '../../src/converters/converter-registry';
import { parseAccept } from '../../src/http/accept-header';
import { formatMediaType } from '../../src/http/media-type';
import { negotiateWithAccepted, writableOffers, writableRanges } from '../../src/routing/route-compilation';

describe('negotiateWithAccepted(offers, ranges, accept, produces): a string route, ranked by Accept and remembered', () => {
  const registry = defaultConverters();
  const produces = ProducesCondition.of('text/plain');
  const offers = Object.freeze(writableOffers(registry, 'string', produces));
  const ranges = Object.freeze(writableRanges(registry, 'string', produces));

  it.each([
    ['text/plain', ['text/plain']],
    ['text/plain;charset=iso-8859-1', ['text/plain; charset=iso-8859-1']],
    ['text/*;charset=iso-8859-1', ['text/plain; charset=iso-8859-1']],
    // The more specific range decides for both (RFC 9110 section 12.5.1): q=0.5 each, the server's order.
    ['text/*;charset=iso-8859-1, text/plain;q=0.5', ['text/plain', 'text/plain; charset=iso-8859-1']],
    ['application/json', []],
  ])('ranks the offers for Accept %j as %j', (header, expected) => {
    expect(negotiateWithAccepted(offers, ranges, parseAccept(header), produces).map(formatMediaType)).toEqual(expected);
  });

  it('answers the same list for the same parsed Accept, and another for another', () => {
    const first = negotiateWithAccepted(offers, ranges, parseAccept('text/plain;charset=iso-8859-1'), produces);
    expect(negotiateWithAccepted(offers, ranges, parseAccept('text/plain;charset=iso-8859-1'), produces)).toBe(first);
    expect(negotiateWithAccepted(offers, ranges, parseAccept('text/plain'), produces)).not.toBe(first);
  });
});
