import { ProducesCondition } from '../../src/conditions/produces-condition';
import { defaultConverters } from '../../src/converters/converter-registry';
import { oneEditApart, unwritableProduces } from '../../src/routing/unwritable-produces';

describe('oneEditApart(a, b)', () => {
  it.each([
    ['jsn', 'json', true],
    ['jsonn', 'json', true],
    ['jsom', 'json', true],
    ['jsno', 'json', true],
    ['xlm', 'xml', true],
    ['json', 'json', false],
    ['yaml', 'xml', false],
    ['pdf', 'xml', false],
    ['js', 'json', false],
    ['', 'a', true],
    ['ab', 'ba', true],
    ['abc', 'cba', false],
    ['aa', 'aaa', true],
  ])('%j and %j: %j', (a, b, expected) => {
    expect(oneEditApart(a, b)).toBe(expected);
    expect(oneEditApart(b, a)).toBe(expected);
  });
});

describe('unwritableProduces(registry, produces)', () => {
  const registry = defaultConverters();

  describe('when a converter writes every declared type', () => {
    it.each([
      [[]],
      [['application/json']],
      [['application/json', 'application/xml']],
      [['text/plain;charset=iso-8859-1']],
      [['text/csv']],
      [['application/vnd.api+json']],
      [['application/*+json']],
      [['application/atom+xml', 'application/rss+xml']],
      [['application/x-www-form-urlencoded']],
      // Far from every type a converter names: bytes, written by the catch-all on purpose.
      [['image/png']],
      [['application/pdf']],
      [['application/yaml']],
      [['!application/jsn']],
    ])('answers undefined for %j', (types) => {
      expect(unwritableProduces(registry, ProducesCondition.of(...types))).toBeUndefined();
    });
  });

  describe('when a declared type is a near miss only the catch-all writes', () => {
    it.each([
      [['application/jsn'], "'application/jsn', which only the catch-all byte converter writes: did you mean 'application/json'?"],
      [['application/json', 'application/xlm'], "'application/xlm', which only the catch-all byte converter writes: did you mean 'application/xml'?"],
      [['aplication/json'], "did you mean 'application/json'?"],
      [['application/vnd.api+jsn'], "'application/vnd.api+jsn', which only the catch-all byte converter writes: did you mean 'application/*+json'?"],
    ])('names %j', (types, reason) => {
      expect(unwritableProduces(registry, ProducesCondition.of(...types))).toContain(reason);
    });
  });

  describe('when no converter writes a declared type', () => {
    const withoutBytes = registry.remove('byte-array');

    it.each([[['image/png']], [['application/pdf', 'application/json']]])('names the first of %j', (types) => {
      expect(unwritableProduces(withoutBytes, ProducesCondition.of(...types))).toBe(`'${types[0]}', which no converter writes`);
    });

    it('answers undefined for the types the others write', () => {
      expect(unwritableProduces(withoutBytes, ProducesCondition.of('application/json', 'text/csv'))).toBeUndefined();
    });
  });
});
