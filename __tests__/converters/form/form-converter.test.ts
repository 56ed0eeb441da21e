import fc from 'fast-check';
import { ProblemType } from '../../../src/errors/problem-types';
import { parseMediaType } from '../../../src/http/media-type';
import { z } from 'zod';
import { Form, FormConverter, type JsonSchemaLike, shapeOf } from '../../../src/converters';
import { readOptions, rejection } from '../../setup/converter-fixture';

const converter = new FormConverter();
const read = (body: string | Buffer, contentType = 'application/x-www-form-urlencoded') =>
  converter.read(Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), readOptions(contentType, 'form'));
const plain = (form: unknown) => ({ ...(form as Form) });

describe('FormConverter.read(body, options)', () => {
  it.each([
    ['a=1&b=2&a=3', { a: ['1', '3'], b: ['2'] }],
    ['tag=x&tag=y&tag=x', { tag: ['x', 'y', 'x'] }],
    ['name=Ada+Lovelace&q=a%2Bb%3Dc%26d', { name: ['Ada Lovelace'], q: ['a+b=c&d'] }],
    ['city=M%C3%BCnchen', { city: ['München'] }],
    ['empty=&flag&=nameless', { empty: [''], flag: [''], '': ['nameless'] }],
    ['a=1&&b=2&', { a: ['1'], b: ['2'] }],
    ['eq=a=b=c', { eq: ['a=b=c'] }],
    ['', {}],
    ['toString=1&hasOwnProperty=2', { toString: ['1'], hasOwnProperty: ['2'] }],
  ])('reads %j as %j', async (body, expected) => {
    const form = await read(body);
    expect(form).toBeInstanceOf(Form);
    expect(plain(form)).toEqual(expected);
  });

  // Issue 17: the `=` of a field is looked for once per `=` of the body, not from every field on.
  it.each([
    ['a&b&c=1', { a: [''], b: [''], c: ['1'] }],
    ['a&b=1&c&d=2=3', { a: [''], b: ['1'], c: [''], d: ['2=3'] }],
    ['=&=&a', { '': ['', ''], a: [''] }],
    ['a&&&=b&c', { a: [''], '': ['b'], c: [''] }],
    ['a=&b&c=d&e', { a: [''], b: [''], c: ['d'], e: [''] }],
    ['a&b&c&', { a: [''], b: [''], c: [''] }],
    ['&&x=1=2&y', { x: ['1=2'], y: [''] }],
  ])('reads %j, fields with and without `=` mixed, as %j', async (body, expected) => {
    expect(plain(await read(body))).toEqual(expected);
  });

  it('splits every body of names, `=` and `&` as URLSearchParams does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('a', 'b', '=', '&'), { maxLength: 40 }), async (characters) => {
        const body = characters.join('');
        const expected: Record<string, string[]> = {};
        for (const [name, value] of new URLSearchParams(body)) (expected[name] ??= []).push(value);
        expect(plain(await read(body))).toEqual(expected);
      }),
    );
  });

  it('keeps the order of names and of each name’s values', async () => {
    const form = (await read('z=1&a=2&z=3&m=4&a=5')) as Form;
    expect(Object.keys(form)).toEqual(['z', 'a', 'm']);
    expect([...Form.entries(form)]).toEqual([['z', '1'], ['z', '3'], ['a', '2'], ['a', '5'], ['m', '4']]);
    expect(Form.first(form, 'a')).toBe('2');
    expect(Form.first(form, 'missing')).toBeUndefined();
  });

  it('decodes with a charset parameter (legacy forms)', async () => {
    expect(plain(await read('city=M%FCnchen', 'application/x-www-form-urlencoded; charset=ISO-8859-1'))).toEqual({ city: ['München'] });
  });

  describe('when the body is malformed', () => {
    it.each([
      ['a=%zz', 2, /'%' is not followed by two hexadecimal digits/],
      ['a=1&b=%4', 6, /'%' is not followed/],
      ['a=1&b%=2', 5, /'%' is not followed/],
      ['a=%C3%28', 2, /not valid UTF-8/],
    ])('answers 400 for %j at position %d', async (body, offset, reason) => {
      const error = await rejection(read(body), 400);
      expect(error.type).toBe(ProblemType.malformedBody);
      expect(error.detail).toMatch(/^The form body is malformed: /);
      expect(error.detail).toMatch(reason);
      expect(error.extensions).toEqual({ offset });
    });
  });

  describe('when names try to reach a prototype', () => {
    it.each(['__proto__[polluted]=yes&__proto__=x', '__proto__=yes', 'constructor=x&prototype=y', '%5F%5Fproto%5F%5F=yes'])(
      'drops them from %j and pollutes nothing',
      async (body) => {
        const form = (await read(`${body}&ok=1`)) as Form;
        expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
        expect(Object.keys(form)).toEqual(body.startsWith('__proto__[') ? ['__proto__[polluted]', 'ok'] : ['ok']);
        expect(Object.getPrototypeOf(form)).toBe(Form.prototype);
        expect(Object.getPrototypeOf(Form.prototype)).toBeNull();
        expect(Object.assign({}, form)).not.toHaveProperty('polluted');
      },
    );
  });

  it('answers 415 for a charset it cannot decode, even when every field is plain ASCII', async () => {
    await rejection(read('a=1', 'application/x-www-form-urlencoded; charset=x-unknown'), 415);
  });

  describe('into an object (a route with a schema)', () => {
    const readObject = (body: string, shape?: JsonSchemaLike) =>
      converter.read(Buffer.from(body, 'latin1'), readOptions('application/x-www-form-urlencoded', 'object', shape === undefined ? {} : { shape }));

    it('makes a field sent once its value, and a repeated one the list', async () => {
      expect(await readObject('title=Dune&tag=a&tag=b')).toEqual({ title: 'Dune', tag: ['a', 'b'] });
    });

    it('coerces to the shape: numbers, booleans, one-item arrays', async () => {
      const shape = shapeOf(z.object({ year: z.number(), ok: z.boolean(), tags: z.array(z.string()), none: z.array(z.string()) }))!;
      expect(await readObject('year=1965&ok=true&tags=sf', shape)).toEqual({ year: 1965, ok: true, tags: ['sf'], none: [] });
    });

    it('is a plain object without forbidden keys', async () => {
      const value = (await readObject('__proto__=1&constructor=2&a=3')) as object;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(value).toEqual({ a: '3' });
    });
  });
});

describe('FormConverter.write(value, options)', () => {
  const mediaType = parseMediaType('application/x-www-form-urlencoded');

  it('writes every value of every name, in order, percent-encoded as UTF-8', async () => {
    const written = await converter.write(new Form({ name: 'Ada Lovelace', tag: ['a&b', 'ü'] }), { mediaType });
    expect(written.body.toString()).toBe('name=Ada+Lovelace&tag=a%26b&tag=%C3%BC');
    expect(written.contentType).toBe('application/x-www-form-urlencoded');
  });

  it('writes URLSearchParams too', async () => {
    const written = await converter.write(new URLSearchParams([['a', '1'], ['a', '2']]), { mediaType });
    expect(written.body.toString()).toBe('a=1&a=2');
  });
});

describe('new Form(init)', () => {
  it('builds from pairs or from a map, dropping forbidden names', () => {
    expect({ ...new Form([['a', '1'], ['a', '2'], ['__proto__', 'x']]) }).toEqual({ a: ['1', '2'] });
    expect({ ...new Form({ a: '1', b: ['2', '3'], constructor: 'x' }) }).toEqual({ a: ['1'], b: ['2', '3'] });
  });

  it('serializes to JSON as its fields', () => {
    expect(JSON.stringify(new Form({ a: ['1', '2'] }))).toBe('{"a":["1","2"]}');
  });
});
