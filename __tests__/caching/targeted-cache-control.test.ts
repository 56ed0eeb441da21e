import { effectiveCacheHeaders, parseDictionary, parseTargetedField, selectTargetedField } from '../../src/caching/targeted-cache-control';

describe('parseDictionary(text)', () => {
  it.each<[string, Record<string, unknown> | undefined]>([
    ['', {}],
    ['max-age=60', { 'max-age': 60 }],
    ['max-age=60, private', { 'max-age': 60, private: true }],
    ['a=1.5, b="x y", c=tok, d=?0, e=:aGk=:', { a: 1.5, b: 'x y', c: { token: 'tok' }, d: false, e: { bytes: 'aGk=' } }],
    ['a=(1 2);p=3, b;q', { a: [1, 2], b: true }],
    ['max-age=10000, &&&&&', undefined],
    ['Max-Age=5', undefined],
    ['a=1,', undefined],
    ['a="unterminated', undefined],
  ])('parses %j', (text, expected) => {
    const parsed = parseDictionary(text);
    expect(parsed === undefined ? undefined : Object.fromEntries(parsed)).toEqual(expected);
  });
});

describe('parseTargetedField(text)', () => {
  it.each<[string | undefined, ReturnType<typeof parseTargetedField>]>([
    [undefined, undefined],
    ['', undefined],
    ['max-age=60, no-store', { maxAge: 60, noStore: true }],
    ['max-age="60"', {}],
    ['max-age=-1, private', { private: true }],
    ['max-age=10000, &&&&&', undefined],
  ])('reads %j', (text, expected) => {
    expect(parseTargetedField(text)).toEqual(expected);
  });
});

describe('selectTargetedField(headers, targets)', () => {
  it('answers the first valid field of the target list as Cache-Control', () => {
    const headers = { 'cdn-cache-control': 'max-age=60', 'acme-cache-control': 'max-age=&', 'cache-control': 'no-store' };
    expect(selectTargetedField(headers, ['acme-cache-control', 'cdn-cache-control'])).toBe('max-age=60');
  });

  it('answers undefined when no target field is valid', () => {
    expect(selectTargetedField({ 'cdn-cache-control': 'max-age=1, &&' }, ['cdn-cache-control'])).toBeUndefined();
  });
});

describe('effectiveCacheHeaders(headers, targets)', () => {
  const headers = { 'cache-control': 'max-age=60', expires: 'Sun, 06 Nov 1994 08:49:37 GMT', 'cdn-cache-control': 'max-age=600' };
  it.each<[string, Record<string, string>, readonly string[], Record<string, string | undefined>]>([
    ['leaves the headers alone without targets', headers, [], headers],
    ['puts a valid targeted field in place of Cache-Control and drops Expires', headers, ['cdn-cache-control'], { ...headers, 'cache-control': 'max-age=600', expires: undefined }],
    ['leaves the headers alone when the targeted field is absent', { 'cache-control': 'max-age=60' }, ['cdn-cache-control'], { 'cache-control': 'max-age=60' }],
    ['leaves the headers alone when the targeted field is invalid', { 'cache-control': 'max-age=60', 'cdn-cache-control': '&&&' }, ['cdn-cache-control'], { 'cache-control': 'max-age=60', 'cdn-cache-control': '&&&' }],
  ])('%s', (_, given, targets, expected) => {
    expect(effectiveCacheHeaders(given, targets)).toEqual(expected);
  });
});
