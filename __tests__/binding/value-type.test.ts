import fc from 'fast-check';
import { type ValueType, convertValue, describeType } from '../../src/binding/value-type';

describe('convertValue(text, type)', () => {
  it.each<[string, ValueType, unknown]>([
    ['abc', 'string', 'abc'],
    ['', 'string', ''],
    ['42', 'integer', 42],
    ['-7', 'integer', -7],
    ['+7', 'integer', 7],
    ['007', 'integer', 7],
    ['9007199254740991', 'integer', 9007199254740991],
    ['3.5', 'number', 3.5],
    ['-.5', 'number', -0.5],
    ['5.', 'number', 5],
    ['1e3', 'number', 1000],
    ['42', 'number', 42],
    ['true', 'boolean', true],
    ['TRUE', 'boolean', true],
    ['1', 'boolean', true],
    ['yes', 'boolean', true],
    ['on', 'boolean', true],
    ['false', 'boolean', false],
    ['0', 'boolean', false],
    ['no', 'boolean', false],
    ['off', 'boolean', false],
  ])('should convert %j to %s as %j', (text, type, expected) => {
    expect(convertValue(text, type)).toBe(expected);
  });

  it.each<[string, ValueType]>([
    ['', 'integer'],
    ['abc', 'integer'],
    ['4.2', 'integer'],
    ['1e3', 'integer'],
    [' 42', 'integer'],
    ['0x10', 'integer'],
    ['9007199254740993', 'integer'],
    ['', 'number'],
    ['abc', 'number'],
    ['Infinity', 'number'],
    ['NaN', 'number'],
    ['1e999', 'number'],
    ['1,5', 'number'],
    ['', 'boolean'],
    ['maybe', 'boolean'],
    ['2', 'boolean'],
  ])('should not convert %j to %s', (text, type) => {
    expect(convertValue(text, type)).toBeUndefined();
  });
});

describe('convertValue(text, "number") on hostile input', () => {
  // The pattern `number` had before it was made unambiguous: the texts it accepted must stay accepted.
  const AMBIGUOUS_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

  it.each<[string, boolean]>([
    ['0', true],
    ['00012', true],
    ['12.', true],
    ['12.50', true],
    ['.5', true],
    ['+.5e-3', true],
    ['-12.5E+07', true],
    ['1.e5', true],
    ['.', false],
    ['+', false],
    ['1..2', false],
    ['1.2.3', false],
    ['.e5', false],
    ['1e', false],
    ['1e+', false],
    ['1e5.5', false],
    ['--1', false],
    ['1 ', false],
  ])('reads %j as a number: %s, as before', (text, accepted) => {
    expect(convertValue(text, 'number') !== undefined).toBe(accepted);
    expect(AMBIGUOUS_NUMBER.test(text)).toBe(accepted);
  });

  it('accepts exactly the texts the former pattern accepted', () => {
    const text = fc.string({ unit: fc.constantFrom('0', '7', '.', 'e', 'E', '+', '-', 'x', ' '), maxLength: 12 });
    fc.assert(
      fc.property(text, (value) => {
        const converted = convertValue(value, 'number');
        // Values beyond the range of a double (7E700) are refused after the pattern, as before.
        expect(converted !== undefined).toBe(AMBIGUOUS_NUMBER.test(value) && Number.isFinite(Number(value)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses 100,000 digits and a letter (the pattern once backtracked on it for 4.9 s)', () => {
    expect(convertValue(`${'1'.repeat(100_000)}x`, 'number')).toBeUndefined();
    expect(convertValue(`${'1'.repeat(100_000)}.${'1'.repeat(100_000)}x`, 'number')).toBeUndefined();
  });
});

describe('describeType(type)', () => {
  it.each<[ValueType, string]>([
    ['integer', 'an integer'],
    ['number', 'a number'],
    ['boolean', 'a boolean'],
    ['string', 'a string'],
  ])('should name %s as %j', (type, name) => {
    expect(describeType(type)).toBe(name);
  });
});
