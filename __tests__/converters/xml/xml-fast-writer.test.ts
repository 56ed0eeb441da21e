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

describe('toXml(value, rootName): user text never becomes markup', () => {
  it.each<[string, string, string]>([
    ['a closing tag and a new element', '</a><evil/>', '&lt;/a&gt;&lt;evil/&gt;'],
    ['an entity reference', '&amp; &lt; &#60;', '&amp;amp; &amp;lt; &amp;#60;'],
    ['the end of a CDATA section', 'x]]>y', 'x]]&gt;y'],
    ['a processing instruction', '<?php ?>', '&lt;?php ?&gt;'],
    ['a comment', '<!-- -->', '&lt;!-- --&gt;'],
    ['markup among ordinary text', 'caf\u00e9 < 3 & 4 > 2', 'caf\u00e9 &lt; 3 &amp; 4 &gt; 2'],
  ])('escapes %s', (_name, text, escaped) => {
    expect(writePlainXml({ a: text }, 'root')).toBe(`<root><a>${escaped}</a></root>`);
    expect(toXml({ a: text }, 'root')).toBe(toXmlWithBuilder({ a: text }, 'root'));
  });

  it.each<[string, string]>([
    ['a C0 control character', 'a\u0001b'],
    ['a NUL', '\u0000'],
    ['U+FFFE', '\ufffe'],
    ['U+FFFF', '\uffff'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', 'x\udc00'],
  ])('refuses %s, which XML cannot carry even escaped, with a TypeError', (_name, text) => {
    expect(writePlainXml({ a: text }, 'root')).toBeUndefined();
    expect(() => toXml({ a: text }, 'root')).toThrow(TypeError);
  });

  it('leaves a value nested deeper than its open-object bound to the Builder, which writes the same bytes', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i++) deep = { a: deep };
    expect(writePlainXml(deep, 'root')).toBeUndefined();
    expect(toXml(deep, 'root')).toBe(toXmlWithBuilder(deep, 'root'));
    let shallow: unknown = 'leaf';
    for (let i = 0; i < 10; i++) shallow = { a: shallow };
    expect(writePlainXml(shallow, 'root')).toBe(toXmlWithBuilder(shallow, 'root'));
  });

  it('writes the same object twice in one document when it is no cycle', () => {
    const shared = { b: 1 };
    const value = { x: shared, y: [shared, shared] };
    expect(writePlainXml(value, 'root')).toBe('<root><x><b>1</b></x><y><b>1</b></y><y><b>1</b></y></root>');
    expect(writePlainXml(value, 'root')).toBe(toXmlWithBuilder(value, 'root'));
  });

  it('leaves an array field that holds itself to the Builder, which reports the cycle', () => {
    const list: unknown[] = [1];
    list.push(list);
    expect(writePlainXml({ list }, 'root')).toBeUndefined();
    expect(viaToXml({ list }, 'root')).toBe(viaBuilder({ list }, 'root'));
  });
});
