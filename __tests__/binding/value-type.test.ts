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
