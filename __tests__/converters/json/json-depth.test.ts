import fc from 'fast-check';
import { mayContainForbiddenKey, scanJsonNesting } from '../../../src/converters/json/json-depth';

/** The offset of the first level deeper than `maxDepth`, or -1. */
const jsonDepthViolation = (text: string, maxDepth: number): number => (scanJsonNesting(text, maxDepth, Infinity).exceeded === 'depth' ? scanJsonNesting(text, maxDepth, Infinity).offset : -1);

/** The character-by-character scan scanJsonNesting replaced: the reference it must agree with. */
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

describe('scanJsonNesting(text, maxDepth, Infinity)', () => {
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

/** The objects and arrays of a parsed JSON value, however deep. */
function structuresOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce((sum: number, item) => sum + structuresOf(item), 0);
  if (typeof value === 'object' && value !== null) return 1 + Object.values(value).reduce((sum: number, item) => sum + structuresOf(item), 0);
  return 0;
}

describe('scanJsonNesting(text, maxDepth, maxStructures)', () => {
  it.each<[string, number, 'depth' | 'structures' | undefined, number, number]>([
    ['{"a":[1,2],"b":{}}', 3, undefined, -1, 3],
    ['{"a":[1,2],"b":{}}', 2, 'structures', 15, 2],
    ['[[],[],[]]', 4, undefined, -1, 4],
    ['[[],[],[]]', 3, 'structures', 7, 3],
    ['[]', 0, 'structures', 0, 0],
    ['"[{[{"', 0, undefined, -1, 0],
    ['["[", "{", "\\\\", {}]', 1, 'structures', 17, 1],
    ['["\\"[{", {}]', 2, undefined, -1, 2],
    ['["\\\\\\"[", []]', 1, 'structures', 10, 1],
    ['{"k\\u005b": "\\u007b", "v": []}', 2, undefined, -1, 2],
    ['"unterminated [[[', 0, undefined, -1, 0],
    ['[[[[', 10, 'depth', 3, 3],
  ])('scans %j with at most %i structures: %s at %i, %i counted', (text, maxStructures, exceeded, offset, structures) => {
    const maxDepth = text === '[[[[' ? 3 : 64;
    expect(scanJsonNesting(text, maxDepth, maxStructures)).toEqual({ exceeded, offset, structures });
  });

  it('counts exactly the objects and arrays of the parsed value, strings and their escapes skipped', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.constantFrom<number | string | undefined>(undefined, 1, '\t'), (value, space) => {
        const text = JSON.stringify(value, null, space);
        const scan = scanJsonNesting(text, Infinity, Infinity);
        expect(scan.exceeded).toBeUndefined();
        expect(scan.structures).toBe(structuresOf(JSON.parse(text)));
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses at the structure one past the limit, and at no other', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.nat({ max: 30 }), (value, maxStructures) => {
        const text = JSON.stringify(value);
        const count = structuresOf(value);
        const scan = scanJsonNesting(text, Infinity, maxStructures);
        expect(scan.exceeded).toBe(count > maxStructures ? 'structures' : undefined);
        if (scan.exceeded !== undefined) expect('[{').toContain(text[scan.offset]);
      }),
      { numRuns: 1000 },
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
