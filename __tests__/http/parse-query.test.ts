import fc from 'fast-check';
import { parseQuery } from '../../src/http/query-parameters';

/** URLSearchParams itself: the reference parseQuery must agree with. */
function viaUrlSearchParams(search: string): [string, string[]][] {
  const query = new Map<string, string[]>();
  if (search !== '') for (const [name, value] of new URLSearchParams(search)) query.set(name, [...(query.get(name) ?? []), value]);
  return [...query];
}

describe('parseQuery(search)', () => {
  it.each([
    ['', []],
    ['a=1&b=2&a=3', [['a', ['1', '3']], ['b', ['2']]]],
    ['?a=1', [['a', ['1']]]],
    ['a&&b=&=c&d==e', [['a', ['']], ['b', ['']], ['', ['c']], ['d', ['=e']]]],
    ['q=a+b%20c', [['q', ['a b c']]]],
    ['b=1&2=x&b=3', [['b', ['1', '3']], ['2', ['x']]]],
  ] as const)('reads %j as URLSearchParams does', (search, expected) => {
    expect([...parseQuery(search)]).toEqual(expected);
    expect(viaUrlSearchParams(search)).toEqual(expected);
  });

  it('agrees with URLSearchParams on arbitrary query strings', () => {
    const search = fc.string({ unit: fc.constantFrom('a', 'b', '=', '&', '?', '%', '+', '%41', '%zz', ';', '#', 'é', ' ', '__proto__', 'constructor'), maxLength: 12 });
    fc.assert(
      fc.property(search, (text) => {
        expect([...parseQuery(text)]).toEqual(viaUrlSearchParams(text));
      }),
      { numRuns: 3000 },
    );
  });
});
