import fc from 'fast-check';
import { assertSafeXml } from '../../../src/converters';
import { HttpError } from '../../../src/errors/http-error';

/** The detail assertSafeXml refuses a text with, or `undefined` when it passes it. */
function refusal(text: string): string | undefined {
  try {
    assertSafeXml(text, 64);
    return undefined;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return error.detail;
  }
}

/**
 * The scan the linear one replaced: a global regular expression over the start tag, which retried
 * every suffix of a long name not followed by `=` (quadratic). Its verdicts are the reference.
 */
function formerDuplicate(tag: string): { name: string; offset: number } | undefined {
  const attribute = /([^\s=\/>"']+)\s*=\s*(?:"[^"]*"|'[^']*')/g;
  const seen = new Set<string>();
  for (let match = attribute.exec(tag); match !== null; match = attribute.exec(tag)) {
    if (seen.has(match[1]!)) return { name: match[1]!, offset: match.index };
    seen.add(match[1]!);
  }
  return undefined;
}

describe('assertSafeXml(text): no attribute twice in one start tag (XML 1.0 section 3.1, Unique Att Spec)', () => {
  it.each<[string, string, string]>([
    ['a name given twice', '<book id="1" lang="en" id="2"/>', "the attribute 'id' is given twice in one start tag at position 23 (line 1, column 24)"],
    ['in a nested element, single quotes', "<a>\n  <b x='1' x=\"1\"/></a>", "the attribute 'x' is given twice in one start tag at position 15 (line 2, column 12)"],
    ['spaces around =', '<a x = "1" y="2" x\t=\n"3"/>', "the attribute 'x' is given twice in one start tag at position 17 (line 1, column 18)"],
    ['no space between attributes', '<a x="1"y="2"x="3"/>', "the attribute 'x' is given twice in one start tag at position 13 (line 1, column 14)"],
    ['a value holding the other quote and a >', '<a x="it\'s > 1" x=\'say "2"\'></a>', "the attribute 'x' is given twice in one start tag at position 16 (line 1, column 17)"],
  ])('answers 400 to %s, naming the attribute and its position', (_case, text, reason) => {
    expect(refusal(text)).toBe(`The XML body is malformed: ${reason}.`);
  });

  it.each<[string, string]>([
    ['distinct names', '<a x="1" y="2" z="3"/>'],
    ['the same name on two elements', '<a x="1" y="2"><b x="1" y="2"/></a>'],
    ['a name repeated inside a value', '<a x="1" y="x=\'2\'"/>'],
    ['names that differ by prefix', '<a x="1" p:x="2" xmlns:p="urn:p"/>'],
    ['names that differ by case', '<a x="1" X="2"/>'],
  ])('passes %s', (_case, text) => {
    expect(refusal(text)).toBeUndefined();
  });

  it('answers 400 to a 256 KB name that has no value, at the name (the former scan retried every suffix of it)', () => {
    const detail = refusal(`<bookcase a="1" b="2" ${'d'.repeat(256 * 1024)} a="3"/>`);
    expect(detail).toMatch(/^The XML body is malformed: the attribute 'd{100,}… at position 22 \(line 1, column 23\)\.$/);
  });

  it.each<[string, string, RegExp]>([
    ['a name with no value', '<a x="1" y/>', /the attribute 'y' has no value at position 9 /],
    ['a name and = with no value', '<a x="1" y= />', /the value of the attribute 'y' is not in quotes at position 9 /],
    ['a value without quotes', '<a x=1/>', /the value of the attribute 'x' is not in quotes at position 3 /],
  ])('answers 400 to %s (XML 1.0 production [41])', (_case, text, reason) => {
    expect(refusal(text)).toMatch(reason);
  });

  it('refuses the same duplicates as the regular expression it replaced, at the same position', () => {
    // Attribute lists: names, whitespace of several kinds around `=` and between attributes (`\s`
    // reads more than XML's four), and quoted values holding `=` and the other quote.
    const space = fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff');
    const attribute = fc
      .tuple(space, fc.constantFrom('x', 'y', 'xy', 'ab:c'), fc.constantFrom('', ' ', '\t'), fc.constantFrom('"1"', "'2'", '""', '"a=\'b\'"', "'x=\"1\"'"))
      .map(([before, name, around, value]) => `${before}${name}${around}=${around}${value}`);
    fc.assert(
      fc.property(fc.array(attribute, { maxLength: 12 }), (attributes) => {
        const tag = `<r${attributes.join('')}`;
        const duplicate = formerDuplicate(tag);
        const detail = refusal(`${tag}/>`);
        if (duplicate === undefined) expect(detail).toBeUndefined();
        else expect(detail).toMatch(`the attribute '${duplicate.name}' is given twice in one start tag at position ${duplicate.offset} `);
      }),
      { numRuns: 5_000 },
    );
  });
});
