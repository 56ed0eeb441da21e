import { DEFAULT_MAX_COOKIES, requestCookies } from '../../src/http/request-cookies';

describe('requestCookies(field, maxCookies)', () => {
  it.each<[string | undefined, Record<string, string>]>([
    [undefined, {}],
    ['', {}],
    ['a=1', { a: '1' }],
    ['a=1; b=2', { a: '1', b: '2' }],
    ['a=1;b=2', { a: '1', b: '2' }],
    ['  a = 1 ;  b=2  ', { a: '1', b: '2' }],
    ['a=', { a: '' }],
    ['a="quoted"', { a: 'quoted' }],
    ['a=caf%C3%A9', { a: 'café' }],
    ['a=%E0%A4%A', { a: '%E0%A4%A' }],
    ['a=100%; b=%zz; c=%C3; d=%41', { a: '100%', b: '%zz', c: '%C3', d: 'A' }],
    ['a=1; a=2', { a: '1' }],
    ['novalue; a=1', { a: '1' }],
    ['a=x=y', { a: 'x=y' }],
  ])('reads %j as %j', (field, cookies) => {
    expect({ ...requestCookies(field) }).toEqual(cookies);
  });

  it('gives a bag without a prototype, where __proto__ and constructor are only cookies sent', () => {
    const cookies = requestCookies('__proto__=x; constructor=y')!;
    expect(Object.getPrototypeOf(cookies)).toBeNull();
    expect(cookies.constructor).toBe('y');
    expect(requestCookies('a=1')!.constructor).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it.each<[string, string, number, boolean]>([
    ['as many pairs as the limit', 'a=1; b=2; c=3', 3, true],
    ['one pair more than the limit', 'a=1; b=2; c=3; d=4', 3, false],
    ['empty pairs, which count', 'a=1;;;', 3, false],
    ['a trailing separator, which counts', 'a=1; b=2; c=3;', 3, false],
    ['one pair under a limit of one', 'a=1', 1, true],
  ])('reads a field of %s, or answers undefined past it', (_case, field, max, read) => {
    expect(requestCookies(field, max) !== undefined).toBe(read);
  });

  it(`reads at most ${DEFAULT_MAX_COOKIES} cookies by default`, () => {
    const field = (count: number) => Array.from({ length: count }, (_, i) => `c${i}=%`).join('; ');
    expect(Object.keys(requestCookies(field(DEFAULT_MAX_COOKIES))!)).toHaveLength(DEFAULT_MAX_COOKIES);
    expect(requestCookies(field(DEFAULT_MAX_COOKIES + 1))).toBeUndefined();
  });

  it('reads 1,600 cookies with a bad % each, every value kept as sent', () => {
    const field = Array.from({ length: 1600 }, (_, i) => `c${i}=%E0%A4%Ax${i}`).join('; ');
    const cookies = requestCookies(field, 1600)!;
    expect(Object.keys(cookies)).toHaveLength(1600);
    expect(cookies.c1599).toBe('%E0%A4%Ax1599');
  });
});
