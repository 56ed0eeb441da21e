import { createHash } from 'node:crypto';
import type { HeaderMap } from '../../src/caching/header-map';
import {
  MAX_SURROGATE_KEY_BYTES,
  MAX_SURROGATE_KEYS_BYTES,
  isSurrogateKey,
  responseSurrogateKeys,
  surrogateKey,
  surrogateKeyFields,
  surrogateKeyHeaders,
  surrogateKeys,
} from '../../src/caching/surrogate-keys';

describe('surrogateKey(value): the token a value tags responses with', () => {
  it.each<[string, string, string | undefined]>([
    ['keeps a key as it is', 'user:7', 'user:7'],
    ['keeps unreserved characters, colons, slashes and at signs', 'a-b.c_d~e:f/g@h', 'a-b.c_d~e:f/g@h'],
    ['encodes a space, which separates Surrogate-Key', 'user:a b', 'user:a%20b'],
    ['encodes a comma, which separates Cache-Tag', 'user:a,b', 'user:a%2Cb'],
    ['encodes CR and LF, which would end the field', 'user:7\r\nSet-Cookie: x=1', 'user:7%0D%0ASet-Cookie:%20x=1'.replace('=', '%3D')],
    ['encodes a tab and other control characters', 'a\tb\u0000', 'a%09b%00'],
    ['encodes a percent sign, so that no two values make one key', 'a%20b', 'a%2520b'],
    ['encodes quotes, backslashes and regular-expression syntax but the dot', 'a"b\\c(d)*+?|[]^$', 'a%22b%5Cc%28d%29%2A%2B%3F%7C%5B%5D%5E%24'],
    ['encodes other characters in UTF-8', 'élan', '%C3%A9lan'],
    ['makes no key of an empty value', '', undefined],
  ])('%s', (_, value, expected) => {
    expect(surrogateKey(value)).toBe(expected);
  });

  it('hashes a key longer than MAX_SURROGATE_KEY_BYTES, the same way every time', () => {
    const long = 'x'.repeat(MAX_SURROGATE_KEY_BYTES + 1);
    const key = `#${createHash('sha256').update(long).digest('base64url')}`;
    expect(surrogateKey(long)).toBe(key);
    expect(surrogateKey(' '.repeat(400))).toBe(`#${createHash('sha256').update(' '.repeat(400)).digest('base64url')}`);
    expect(surrogateKey('x'.repeat(MAX_SURROGATE_KEY_BYTES))).toBe('x'.repeat(MAX_SURROGATE_KEY_BYTES));
  });

  it('never makes a key with a separator, a quote or a control character, whatever the value', () => {
    for (let code = 0; code < 0x3000; code++) {
      const key = surrogateKey(`k${String.fromCharCode(code)}`)!;
      expect(key).toMatch(/^[A-Za-z0-9\-._~:/@%#]+$/);
    }
  });
});

describe('isSurrogateKey(text)', () => {
  it.each<[string, boolean]>([
    ['bookcase', true],
    ['user:7', true],
    ['user 7', false],
    ['a,b', false],
    ['', false],
    ['x'.repeat(MAX_SURROGATE_KEY_BYTES + 1), false],
  ])('%j is %s', (text, expected) => {
    expect(isSurrogateKey(text)).toBe(expected);
  });
});

describe('surrogateKeys(values)', () => {
  it('makes each value a key once, in order, numbers too, and drops empty ones', () => {
    expect(surrogateKeys(['b', 'a b', 7, '', 'b', '7'])).toEqual(['b', 'a%20b', '7']);
  });

  it('refuses what is neither a string nor a number', () => {
    expect(() => surrogateKeys([{} as string])).toThrow(TypeError);
  });
});

describe('surrogateKeyFields(names) and surrogateKeyHeaders(keys, fields)', () => {
  it('separates Surrogate-Key and xkey with spaces, any other field with commas', () => {
    const fields = surrogateKeyFields(['Surrogate-Key', 'Cache-Tag', 'xkey']);
    expect(surrogateKeyHeaders(['a', 'b'], fields)).toEqual([
      ['surrogate-key', 'a b'],
      ['cache-tag', 'a, b'],
      ['xkey', 'a b'],
    ]);
  });

  it('gives no field for no key', () => {
    expect(surrogateKeyHeaders([], surrogateKeyFields(['Surrogate-Key']))).toEqual([]);
  });

  it('refuses a name that is not a field name', () => {
    expect(() => surrogateKeyFields(['Surrogate Key'])).toThrow(TypeError);
    expect(() => surrogateKeyFields(['X:\r\n'])).toThrow(TypeError);
  });

  it('refuses keys longer together than MAX_SURROGATE_KEYS_BYTES, which a cache in front would not take', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `user:${i}`);
    expect(() => surrogateKeyHeaders(many, surrogateKeyFields(['Surrogate-Key']))).toThrow(RangeError);
    expect(many.slice(0, 100).join(' ').length).toBeLessThan(MAX_SURROGATE_KEYS_BYTES);
    expect(() => surrogateKeyHeaders(many.slice(0, 100), surrogateKeyFields(['Surrogate-Key']))).not.toThrow();
  });
});

describe('responseSurrogateKeys(headers, fields): the keys a response carries', () => {
  it.each<[string, HeaderMap, string[]]>([
    ['reads a space-separated Surrogate-Key', { 'surrogate-key': 'a b  c' }, ['a', 'b', 'c']],
    ['reads a comma-separated Cache-Tag', { 'cache-tag': 'a, b,c' }, ['a', 'b', 'c']],
    ['reads both, each key once', { 'surrogate-key': 'a b', 'cache-tag': 'b, c' }, ['a', 'b', 'c']],
    ['reads several field lines', { 'surrogate-key': ['a', 'b'] }, ['a', 'b']],
    ['reads nothing from other fields', { 'x-tag': 'a' }, []],
  ])('%s', (_, headers, expected) => {
    expect(responseSurrogateKeys(headers, ['Surrogate-Key', 'Cache-Tag'])).toEqual(expected);
  });
});
