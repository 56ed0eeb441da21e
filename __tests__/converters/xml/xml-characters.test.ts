import { codePointName, escapeInvalidXmlChars, invalidXmlCharAt } from '../../../src/converters/xml/xml-characters';

describe('invalidXmlCharAt(text): the first character XML 1.0 allows nowhere', () => {
  it.each<[string, string, number]>([
    ['nothing in plain text', '<a>Plain text</a>', -1],
    ['nothing in tab, line feed and carriage return', 'a\tb\nc\rd', -1],
    ['nothing in a surrogate pair (an emoji)', 'x\ud83d\ude00y', -1],
    ['nothing in DEL or C1 controls (allowed, if discouraged)', 'a\u007f\u0085', -1],
    ['nothing in the last characters before U+FFFE', '\ufffd\ufffc', -1],
    ['NUL', 'a\u0000', 1],
    ['a C0 control', 'ab\u0001', 2],
    ['vertical tab and form feed', '\u000b\u000c', 0],
    ['U+FFFE', '\ufffe', 0],
    ['U+FFFF', 'ab\uffff', 2],
    ['a high surrogate without its low half', 'a\ud800b', 1],
    ['a high surrogate at the end', 'ab\ud800', 2],
    ['a low surrogate alone', '\udc00', 0],
    ['a control after a pair', '\ud83d\ude00\u0002', 2],
    ['the first of two', '\u0003\u0004', 0],
  ])('finds %s', (_, text, expected) => {
    expect(invalidXmlCharAt(text)).toBe(expected);
  });

  it('names a character by its code point', () => {
    expect(codePointName('a\u0001', 1)).toBe('U+0001');
    expect(codePointName('\uffff', 0)).toBe('U+FFFF');
  });
});

describe('escapeInvalidXmlChars(text): text XML can carry, whatever it held', () => {
  it.each([
    ['plain', 'plain'],
    ['tab\t, line\n, return\r', 'tab\t, line\n, return\r'],
    ['a\u0001b', 'a\\u0001b'],
    ['\u0000\u001f', '\\u0000\\u001f'],
    ['\ufffe and \uffff', '\\ufffe and \\uffff'],
    ['emoji 😀 kept', 'emoji 😀 kept'],
    ['lone \ud83d high', 'lone \\ud83d high'],
    ['lone \ude00 low', 'lone \\ude00 low'],
    ['reversed \ude00\ud83d', 'reversed \\ude00\\ud83d'],
  ])('%j is written as %j', (text, expected) => {
    const escaped = escapeInvalidXmlChars(text);
    expect(escaped).toBe(expected);
    expect(invalidXmlCharAt(escaped)).toBe(-1);
  });
});
