import { ProducesCondition } from '../../src/conditions/produces-condition';
import { defaultConverters } from '../../src/converters/converter-registry';
import { parseAccept } from '../../src/http/accept-header';
import { formatMediaType } from '../../src/http/media-type';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { z } from 'zod';
import { declaredAnswerKind, negotiateWithAccepted, writableOffers, writableRanges } from '../../src/routing/route-compilation';

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

describe('declaredAnswerKind(returns): the kind of value a route declares it answers with', () => {
  const book = z.object({ title: z.string() });
  it.each([
    ['no .returns()', undefined, undefined],
    ['a zod object', 'object', { schema: book }],
    ['a zod object answered with 201', 'object', { schema: book, status: 201 }],
    ['an array', 'object', { schema: z.array(book) }],
    ['a number', 'object', { schema: z.number() }],
    ['an object or null', 'object', { schema: book.nullable() }],
    ['a string', 'string', { schema: z.string() }],
    ['a string literal', 'string', { schema: z.literal('ok') }],
    ['a valibot object described by toStandardJsonSchema', 'object', { schema: toStandardJsonSchema(v.object({ title: v.string() })) }],
    // Not known before the handler has answered: nothing is negotiated early.
    ['a string or a number', undefined, { schema: z.union([z.string(), z.number()]) }],
    ['a transform, which cannot describe its output', undefined, { schema: z.string().transform((s) => s.length) }],
    ['a valibot schema that does not describe itself', undefined, { schema: v.object({ title: v.string() }) }],
    ['a 204, which has no content', undefined, { schema: book, status: 204 }],
  ] as const)('for %s is %s', (_name, expected, returns) => {
    expect(declaredAnswerKind(returns)).toBe(expected);
  });
});
