import { DOMParser } from '@xmldom/xmldom';
import { expectTypeOf } from 'expect-type';
import { z } from 'zod';
import { MultipartParts } from '../../src';
import { type BodyTypeOf, Feed, Form, Multipart, XmlDocument, bodyKindOf, valueKindOf } from '../../src/converters';

describe('bodyKindOf(token)', () => {
  class Book {}
  it.each([
    ['String', String, 'string'],
    ['Buffer', Buffer, 'bytes'],
    ['Uint8Array', Uint8Array, 'bytes'],
    ['Form', Form, 'form'],
    ['Object', Object, 'object'],
    ['XmlDocument', XmlDocument, 'xml-document'],
    ['Feed', Feed, 'feed'],
    ['Array', Array, 'object'],
    ['Multipart', Multipart, 'multipart'],
    ['MultipartParts', MultipartParts, 'multipart'],
    ['a class of the service', Book, undefined],
    ['Date', Date, undefined],
    ['a zod schema (the route compiles it as a schema first)', z.object({ title: z.string() }), undefined],
  ])('maps %s to %s', (_name, token, kind) => {
    expect(bodyKindOf(token)).toBe(kind);
  });
});

describe('valueKindOf(value)', () => {
  it.each([
    ['a string', 'text', 'string'],
    ['an empty string', '', 'string'],
    ['a Buffer', Buffer.from('x'), 'bytes'],
    ['a Uint8Array', new Uint8Array(2), 'bytes'],
    ['a Form', new Form({ a: '1' }), 'form'],
    ['URLSearchParams', new URLSearchParams('a=1'), 'form'],
    ['a DOM document', new DOMParser().parseFromString('<a/>', 'application/xml'), 'xml-document'],
    ['a Feed', new Feed({ title: 't' }), 'feed'],
    ['a plain object', { a: 1 }, 'object'],
    ['an array', [1, 2], 'object'],
    ['a number', 42, 'object'],
    ['a boolean', false, 'object'],
    ['null', null, 'object'],
    ['a Date', new Date(0), 'object'],
  ])('answers %s → %s', (_name, value, kind) => {
    expect(valueKindOf(value)).toBe(kind);
  });
});

describe('BodyTypeOf<Token>', () => {
  it('gives handlers the type of their declared body', () => {
    expectTypeOf<BodyTypeOf<StringConstructor>>().toEqualTypeOf<string>();
    expectTypeOf<BodyTypeOf<BufferConstructor>>().toEqualTypeOf<Buffer>();
    expectTypeOf<BodyTypeOf<Uint8ArrayConstructor>>().toEqualTypeOf<Uint8Array>();
    expectTypeOf<BodyTypeOf<typeof Form>>().toEqualTypeOf<Form>();
    expectTypeOf<BodyTypeOf<typeof XmlDocument>>().toEqualTypeOf<XmlDocument>();
    expectTypeOf<BodyTypeOf<typeof Feed>>().toEqualTypeOf<Feed>();
    expectTypeOf<BodyTypeOf<ObjectConstructor>>().toEqualTypeOf<unknown>();
  });

  it('types a Form as a multi-value map', () => {
    expectTypeOf<Form['name']>().toEqualTypeOf<string[]>();
    const form = new Form({ a: '1' });
    expectTypeOf(form['a']).toEqualTypeOf<string[] | undefined>();
  });
});
