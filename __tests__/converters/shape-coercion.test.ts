import { z } from 'zod';
import { type JsonSchemaLike, coerceToShape, shapeOf } from '../../src/converters';

describe('coerceToShape(value, shape)', () => {
  it.each<[string, unknown, JsonSchemaLike, unknown]>([
    ['an integer', '42', { type: 'integer' }, 42],
    ['a number', ' -1.5e3 ', { type: 'number' }, -1500],
    ['a number that is not one (left for validation)', '4x', { type: 'number' }, '4x'],
    ['an empty number (left for validation)', '', { type: 'number' }, ''],
    ['true', 'true', { type: 'boolean' }, true],
    ['0 as a boolean (XML Schema)', '0', { type: 'boolean' }, false],
    ['yes as a boolean (left)', 'yes', { type: 'boolean' }, 'yes'],
    ['a string that looks numeric', '007', { type: 'string' }, '007'],
    ['an empty element as an object', '', { type: 'object', properties: {} }, {}],
    ['an empty element as null', '', { type: 'null' }, null],
    ['a const number', '3', { const: 3 }, 3],
    ['an enum boolean', 'false', { enum: [true, false] }, false],
    ['a single item as an array (property)', { tags: 'a' }, { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }, { tags: ['a'] }],
    ['an absent array as empty', {}, { type: 'object', properties: { tags: { type: 'array' } } }, { tags: [] }],
    ['an absent optional scalar stays absent', {}, { type: 'object', properties: { n: { type: 'number' } } }, {}],
    ['wrapped root items', { item: ['1', '2'] }, { type: 'array', items: { type: 'number' } }, [1, 2]],
    ['a wrapped root with one item', { item: '1' }, { type: 'array', items: { type: 'number' } }, [1]],
    ['nested arrays', { m: [{ item: ['1'] }, ''] }, { properties: { m: { items: { items: { type: 'integer' } } } } }, { m: [[1], []] }],
    ['additionalProperties', { a: '1', b: '2' }, { type: 'object', additionalProperties: { type: 'number' } }, { a: 1, b: 2 }],
    ['prefixItems', { item: ['1', 'x'] }, { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }] }, [1, 'x']],
    ['a $ref into $defs', { n: '1' }, { $ref: '#/$defs/N', $defs: { N: { properties: { n: { type: 'number' } } } } }, { n: 1 }],
    ['a recursive $ref', { n: '1', child: { n: '2' } }, { properties: { n: { type: 'number' }, child: { $ref: '#' } } }, { n: 1, child: { n: 2 } }],
    ['allOf', { a: '1', b: 'true' }, { allOf: [{ properties: { a: { type: 'number' } } }, { properties: { b: { type: 'boolean' } } }] }, { a: 1, b: true }],
    ['a number|string union in order', '2', { anyOf: [{ type: 'number' }, { type: 'string' }] }, 2],
    ['a string|number union in order', '2', { anyOf: [{ type: 'string' }, { type: 'number' }] }, '2'],
    ['a type list in order', 'true', { type: ['boolean', 'string'] }, true],
    ['null stays null', null, { type: 'number' }, null],
    ['true schema', { a: '1' }, true, { a: '1' }],
  ])('coerces %s', (_case, value, shape, expected) => {
    expect(coerceToShape(value, shape)).toEqual(expected);
  });

  it('picks the branch of a discriminated union by its discriminator', () => {
    const Shape = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('book'), pages: z.number() }),
      z.object({ kind: z.literal('disc'), minutes: z.number(), tracks: z.array(z.string()) }),
    ]);
    const shape = shapeOf(Shape)!;
    expect(coerceToShape({ kind: 'disc', minutes: '74', tracks: 'one' }, shape)).toEqual({ kind: 'disc', minutes: 74, tracks: ['one'] });
    expect(coerceToShape({ kind: 'book', pages: '10' }, shape)).toEqual({ kind: 'book', pages: 10 });
  });

  it('does not copy prototype keys', () => {
    const value = JSON.parse('{"__proto__": {"polluted": 1}, "a": "1"}') as unknown;
    const result = coerceToShape(value, { type: 'object', properties: { a: { type: 'number' } } }) as object;
    expect(result).toEqual({ a: 1 });
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });
});

describe('shapeOf(schema)', () => {
  it('uses the input JSON Schema a Standard Schema exposes (zod 4)', () => {
    expect(shapeOf(z.object({ n: z.number().default(1) }))).toMatchObject({ type: 'object', properties: { n: { type: 'number' } } });
  });

  it('works the shape out once per schema', () => {
    const schema = z.object({ a: z.string() });
    expect(shapeOf(schema)).toBe(shapeOf(schema));
  });

  it('takes a plain JSON Schema as the explicit hint', () => {
    const hint: JsonSchemaLike = { type: 'array', items: { type: 'integer' } };
    expect(shapeOf(hint)).toBe(hint);
  });

  it('has no shape for schemas that cannot describe themselves', () => {
    const opaque = { '~standard': { version: 1, vendor: 'x', validate: () => ({ value: 1 }) } };
    expect(shapeOf(opaque)).toBeUndefined();
    expect(shapeOf(z.custom<string>(() => true).transform((s) => s.length))).toBeUndefined();
    expect(shapeOf(undefined)).toBeUndefined();
  });
});
