import fc from 'fast-check';
import { decodePercent } from '../../src/http/percent-decoding';

/** What the native decoder gives, its URIError as `undefined`: the reference the decoder must equal. */
function nativeDecoding(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

describe('decodePercent(text)', () => {
  it.each<[string, string, string | undefined]>([
    ['text without %', 'plain text', 'plain text'],
    ['the empty text', '', ''],
    ['an ASCII escape', 'a%20b', 'a b'],
    ['escapes in either case', '%2f%2F', '//'],
    ['a two-byte character', 'caf%C3%A9', 'café'],
    ['a three-byte character', '%E2%82%AC', '€'],
    ['a four-byte character (a surrogate pair)', '%F0%9F%98%80', '😀'],
    ['the last code point', '%F4%8F%BF%BF', '\u{10FFFF}'],
    ['characters left as they are around escapes', 'é=%41;+', 'é=A;+'],
    ['a lone %', '100%', undefined],
    ['a % and one hex digit', '%4', undefined],
    ['a % and a non-hex digit', '%4G', undefined],
    ['a % before a non-hex pair', '%zz', undefined],
    ['a sequence cut short', '%E0%A4%A', undefined],
    ['a lead byte without continuation', '%C3', undefined],
    ['a lead byte before plain text', '%C3A', undefined],
    ['a continuation byte alone', '%80', undefined],
    ['an overlong encoding', '%C0%80', undefined],
    ['an encoded surrogate', '%ED%A0%80', undefined],
    ['a code point past U+10FFFF', '%F4%90%80%80', undefined],
    ['a byte that is never UTF-8', '%FF', undefined],
    ['a good escape then a bad one', '%41%', undefined],
  ])('decodes %s: %j', (_case, text, expected) => {
    expect(decodePercent(text)).toBe(expected);
    expect(nativeDecoding(text)).toBe(expected);
  });

  it('decodes as decodeURIComponent does, undefined where it throws', () => {
    const byte = fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`);
    const encoded = fc.string({ unit: 'grapheme', maxLength: 3 }).map(encodeURIComponent);
    const unit = fc.oneof(byte, encoded, fc.constantFrom('%', '%4', '%ED%A0%80', '%F0%9F%98', 'a', 'é', '+'));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const text = units.join('');
        expect(decodePercent(text)).toBe(nativeDecoding(text));
      }),
      { numRuns: 2000 },
    );
  });
});
