import {
  ConditionSyntaxError,
  expressionHolds,
  expressionsCompatible,
  parseNameValueExpression,
} from '../../src/conditions/name-value-expression';

describe('parseNameValueExpression(text, caseInsensitiveName)', () => {
  it.each([
    ['debug', false, { name: 'debug', value: undefined, negated: false }],
    ['!legacy', false, { name: 'legacy', value: undefined, negated: true }],
    ['mode=fast', false, { name: 'mode', value: 'fast', negated: false }],
    ['mode!=slow', false, { name: 'mode', value: 'slow', negated: true }],
    [' mode = fast ', false, { name: 'mode', value: 'fast', negated: false, text: 'mode = fast' }],
    ['! legacy', false, { name: 'legacy', value: undefined, negated: true }],
    ['mode=', false, { name: 'mode', value: '', negated: false }],
    ['q=a=b', false, { name: 'q', value: 'a=b', negated: false }],
    ['q=a!=b', false, { name: 'q', value: 'a!=b', negated: false }],
    ['Mode=Fast', false, { name: 'Mode', value: 'Fast', negated: false }],
    ['X-Api-Version=2', true, { name: 'x-api-version', value: '2', negated: false, text: 'X-Api-Version=2' }],
  ])('should parse %j (case-insensitive: %s)', (text, caseInsensitive, expected) => {
    expect(parseNameValueExpression(text, caseInsensitive)).toMatchObject(expected);
  });

  it.each(['', '   ', '=fast', '!=slow', '!', '!!debug', 'my mode=fast', '!a=b'])('should reject %j', (text) => {
    expect(() => parseNameValueExpression(text, false)).toThrow(ConditionSyntaxError);
    expect(() => parseNameValueExpression(text, false)).toThrow(`Invalid condition '${text}'`);
  });
});

describe('expressionHolds(expression, values)', () => {
  it.each<[string, string[] | undefined, boolean]>([
    ['debug', undefined, false],
    ['debug', [''], true],
    ['debug', ['1'], true],
    ['!debug', undefined, true],
    ['!debug', [''], false],
    ['mode=fast', ['fast'], true],
    ['mode=fast', ['slow', 'fast'], true],
    ['mode=fast', ['slow'], false],
    ['mode=fast', undefined, false],
    ['mode!=slow', undefined, true],
    ['mode!=slow', ['fast'], true],
    ['mode!=slow', ['slow'], false],
    ['mode=', [''], true],
    ['mode=', ['x'], false],
  ])('%j holds for %j: %s', (text, values, holds) => {
    expect(expressionHolds(parseNameValueExpression(text, false), values)).toBe(holds);
    // A single value given as itself (a header sent once) holds as the list of it does.
    if (values?.length === 1) expect(expressionHolds(parseNameValueExpression(text, false), values[0])).toBe(holds);
  });
});

describe('expressionsCompatible(a, b)', () => {
  it.each<[string, string, boolean]>([
    ['a', 'b', true],
    ['debug', 'debug', true],
    ['debug', '!debug', false],
    ['!debug', '!debug', true],
    ['mode=fast', 'mode=fast', true],
    ['mode=fast', 'mode=slow', false],
    ['mode=fast', 'mode!=fast', false],
    ['mode=fast', 'mode!=slow', true],
    ['mode=fast', 'mode', true],
    ['mode=fast', '!mode', false],
    ['mode!=slow', '!mode', true],
    ['mode!=slow', 'mode!=fast', true],
  ])('%j and %j can hold together: %s', (a, b, compatible) => {
    const ea = parseNameValueExpression(a, false);
    const eb = parseNameValueExpression(b, false);
    expect(expressionsCompatible(ea, eb)).toBe(compatible);
    expect(expressionsCompatible(eb, ea)).toBe(compatible);
  });
});
