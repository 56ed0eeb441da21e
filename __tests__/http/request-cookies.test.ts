import { requestCookies } from '../../src/http/request-cookies';

describe('requestCookies(field)', () => {
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
    ['a=1; a=2', { a: '1' }],
    ['novalue; a=1', { a: '1' }],
    ['a=x=y', { a: 'x=y' }],
  ])('reads %j as %j', (field, cookies) => {
    expect({ ...requestCookies(field) }).toEqual(cookies);
  });

  it('gives a bag without a prototype, where __proto__ and constructor are only cookies sent', () => {
    const cookies = requestCookies('__proto__=x; constructor=y');
    expect(Object.getPrototypeOf(cookies)).toBeNull();
    expect(cookies.constructor).toBe('y');
    expect(requestCookies('a=1').constructor).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
