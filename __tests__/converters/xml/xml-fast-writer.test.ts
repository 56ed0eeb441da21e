import fc from 'fast-check';
import { writePlainXml } from '../../../src/converters/xml/xml-fast-writer';
import { toXml, toXmlWithBuilder } from '../../../src/converters/xml/xml-writing';

/** What the Builder writes for a value: the text, or the error message. */
function viaBuilder(value: unknown, root: string): string {
  try {
    return toXmlWithBuilder(value, root);
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

function viaToXml(value: unknown, root: string): string {
  try {
    return toXml(value, root);
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

describe('writePlainXml(value, rootName)', () => {
  it.each<[string, unknown]>([
    ['a string', 'x'],
    ['an empty string', ''],
    ['a number', 42.5],
    ['a boolean', false],
    ['an empty object', {}],
    ['an empty array', []],
    ['nested arrays', [[1, 2], [], ['']]],
    ['a field array', { a: [1, { b: 'x' }, [2, 3]] }],
    ['escaped text', { a: '<&>"\'\t\n' }],
    ['a Date', { at: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) }],
    ['undefined and functions', { a: undefined, b: () => 1, c: 1 }],
    ['the sample payload', { records: [{ id: 0, name: 'Reader 0', email: 'reader0@example.org', active: true, score: 0 }] }],
  ])('writes %s exactly as the Builder does', (_name, value) => {
    expect(writePlainXml(value, 'root')).toBe(toXmlWithBuilder(value, 'root'));
  });

  it.each<[string, unknown, string]>([
    ['a null', { a: null }, 'root'],
    ['a non-finite number', { a: Number.NaN }, 'root'],
    ['a carriage return', { a: 'x\ry' }, 'root'],
    ['an emoji', { a: '\ud83d\ude00' }, 'root'],
    ['a control character', { a: '\u0001' }, 'root'],
    ['a custom toJSON', { a: { toJSON: () => 'x' } }, 'root'],
    ['a non-ASCII name', { é: 1 }, 'root'],
    ['an invalid name', { '1a': 1 }, 'root'],
    ['a bigint', { a: 1n }, 'root'],
    ['a sparse array', [1, , 2], 'root'], // eslint-disable-line no-sparse-arrays
    ['a non-ASCII root', {}, 'rööt'],
  ])('leaves %s to the Builder', (_name, value, root) => {
    expect(writePlainXml(value, root)).toBeUndefined();
    expect(viaToXml(value, root)).toBe(viaBuilder(value, root));
  });

  it('leaves a cycle to the Builder, which reports it', () => {
    const value: Record<string, unknown> = { a: 1 };
    value.self = value;
    expect(writePlainXml(value, 'root')).toBeUndefined();
    expect(viaToXml(value, 'root')).toBe(viaBuilder(value, 'root'));
  });

  it('writes every value exactly as the Builder does, or leaves it to the Builder', () => {
    const name = fc.constantFrom('a', 'b', 'value', 'item', 'x-y', 'n.m', '_z', 'é', '1a', '__proto__', 'toJSON');
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\t', '\r', '&', '<', '>', '"', "'", 'é', '中', '\u0001', '\ud83d\ude00', '\u0085'), maxLength: 6 });
    const leaf = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date({ noInvalidDate: true }));
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('tree'), { maxLength: 3 }),
      object: fc.dictionary(name, tie('tree'), { maxKeys: 4 }),
    }));
    fc.assert(
      fc.property(tree, (value) => {
        expect(viaToXml(value, 'root')).toBe(viaBuilder(value, 'root'));
      }),
      { numRuns: 500 },
    );
  });
});
