import fc from 'fast-check';
import { type QuerySource, compileQueryReader, parseQuery } from '../../src/http/query-parameters';

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

describe('compileQueryReader(names): the values of the names a route binds', () => {
  /** A source whose parsed query counts how often it is asked for. */
  function counted(search: string): { source: QuerySource; parsed: () => number } {
    let parsed = 0;
    const source = {
      search,
      get query() {
        parsed++;
        return parseQuery(search);
      },
    };
    return { source, parsed: () => parsed };
  }

  it.each([
    ['', [undefined, undefined]],
    ['page=3', [['3'], undefined]],
    ['?page=3&sort=name&page=4', [['3', '4'], ['name']]],
    ['page&sort=&=x&&sorted=1&pag=2', [[''], ['']]],
    ['page==a&sort=b=c', [['=a'], ['b=c']]],
    ['page=a+b&sort=%41', [['a b'], ['A']]],
  ] as const)('reads %j as parseQuery does', (search, expected) => {
    expect(compileQueryReader(['page', 'sort']).read(counted(search).source)).toEqual(expected);
  });

  it('reads a query with nothing to decode without parsing it, and one with %-escapes or + as URLSearchParams does', () => {
    const reader = compileQueryReader(['page']);
    const plain = counted('page=3&verbose=false&x=/a?b');
    expect(reader.read(plain.source)).toEqual([['3']]);
    expect(plain.parsed()).toBe(0);
    const escaped = counted('page=%33&x=a+b');
    expect(reader.read(escaped.source)).toEqual([['3']]);
    expect(escaped.parsed()).toBe(1);
  });

  it('agrees with parseQuery on arbitrary query strings, names left out included', () => {
    const names = ['a', 'b', 'ab', undefined, 'a', '__proto__', 'é'];
    const reader = compileQueryReader(names);
    const search = fc.string({ unit: fc.constantFrom('a', 'b', '=', '&', '?', '%', '+', '%41', '%zz', ';', '#', 'é', ' ', '__proto__'), maxLength: 12 });
    fc.assert(
      fc.property(search, (text) => {
        const query = parseQuery(text);
        const read = reader.read({ search: text, query });
        names.forEach((name, index) => expect(read[index]).toEqual(name === undefined ? undefined : query.get(name)));
      }),
      { numRuns: 3000 },
    );
  });
});
