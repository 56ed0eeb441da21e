import fc from 'fast-check';
import { jsonDepthViolation, mayContainForbiddenKey } from '../../../src/converters/json/json-depth';

/** The character-by-character scan jsonDepthViolation replaced: the reference it must agree with. */
function reference(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

describe('jsonDepthViolation(text, maxDepth)', () => {
  it.each<[string, number, number]>([
    ['{"a":[1,2]}', 2, -1],
    ['{"a":[1,2]}', 1, 5],
    ['[[[', 2, 2],
    ['["[[[[", 1]', 1, -1],
    ['["\\\\", [1]]', 1, 7],
    ['["\\"[", [1]]', 1, 8],
    ['"unterminated [[[', 0, -1],
    ['"ends in a backslash \\', 0, -1],
  ])('answers %j at depth %i with %i', (text, maxDepth, expected) => {
    expect(jsonDepthViolation(text, maxDepth)).toBe(expected);
    expect(reference(text, maxDepth)).toBe(expected);
  });

  it('agrees with the character-by-character scan on arbitrary JSON-like text', () => {
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ',', ':', ' ', '1'), maxLength: 40 });
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 5 }), (value, maxDepth) => {
        expect(jsonDepthViolation(value, maxDepth)).toBe(reference(value, maxDepth));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('mayContainForbiddenKey(text)', () => {
  it.each<[string, boolean]>([
    ['{"__proto__":1}', true],
    ['{"constructor":1}', true],
    ['{"prototype":1}', true],
    ['{"\\u005f_proto__":1}', true],
    ['{"\\u005F\\u005F\\u0070roto__":1}', true],
    ['{"\\u0063onstructor":1}', true],
    ['{"prot\\u006Ftype":1}', true],
    ['{"a":"caf\\u00e9"}', false],
    ['{"a":"a constructor"}', false],
    ['{"a":"the __proto__ field"}', false],
    ['{"constructors":1}', false],
    ['{"__proto__x":1}', false],
    ['{"\\u0043onstructor":1}', false],
    ['{"\\\\u0063onstructor":1}', false],
  ])('answers for %s: %s', (text, expected) => {
    expect(mayContainForbiddenKey(text)).toBe(expected);
    // Whatever it answers, it never misses a key JSON.parse reads as a forbidden one.
    const keys: string[] = [];
    JSON.parse(text, (key: string, value: unknown) => (keys.push(key), value));
    if (keys.some((key) => ['__proto__', 'constructor', 'prototype'].includes(key))) expect(expected).toBe(true);
  });
});
