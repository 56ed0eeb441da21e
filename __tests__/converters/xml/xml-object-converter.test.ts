import fc from 'fast-check';
import { z } from 'zod';
import { ProblemType } from '../../../src/errors/problem-types';
import { parseMediaType } from '../../../src/http/media-type';
import { JsonConverter, XmlObjectConverter, shapeOf, type JsonSchemaLike } from '../../../src/converters';
import { readOptions, rejection } from '../../setup/converter-fixture';

const xml = new XmlObjectConverter();
const json = new JsonConverter();
const XML = parseMediaType('application/xml');
const JSON_TYPE = parseMediaType('application/json');

const writeXml = async (value: unknown, rootName?: string) =>
  (await xml.write(value, { mediaType: XML, ...(rootName === undefined ? {} : { rootName }) })).body.toString('utf8');
const readXml = (text: string, shape?: JsonSchemaLike) => xml.read(Buffer.from(text), readOptions('application/xml', 'object', shape ? { shape } : {}));

/** What a value reads as after a trip through each format, with the same shape. */
async function viaBoth(value: unknown, shape: JsonSchemaLike): Promise<[unknown, unknown]> {
  const asJson = await json.write(value, { mediaType: JSON_TYPE });
  const asXml = await xml.write(value, { mediaType: XML, rootName: 'book' });
  return [
    await json.read(asJson.body, readOptions('application/json', 'object', { shape })),
    await xml.read(asXml.body, readOptions('application/xml', 'object', { shape })),
  ];
}

const Book = z.object({
  title: z.string(),
  pages: z.number().int(),
  price: z.number(),
  inStock: z.boolean(),
  subtitle: z.string().nullable(),
  tags: z.array(z.string()),
  authors: z.array(z.object({ name: z.string(), born: z.number().optional() })),
  publisher: z.object({ name: z.string(), city: z.string() }),
  ratings: z.array(z.array(z.number())),
  edition: z.union([z.number(), z.string()]).optional(),
});
const bookShape = shapeOf(Book)!;

describe('XmlObjectConverter.write(value, options): the convention', () => {
  it('writes fields as elements, an array field as its element repeated, null as xsi:nil', async () => {
    const text = await writeXml({ title: 'Dune', pages: 412, inStock: true, tags: ['sf', 'classic'], none: null, skipped: undefined, empty: [] }, 'book');
    expect(text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><book xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        '<title>Dune</title><pages>412</pages><inStock>true</inStock><tags>sf</tags><tags>classic</tags><none xsi:nil="true"/></book>',
    );
  });

  it('names the root `root` unless told, and writes an array without a name as <item>s', async () => {
    expect(await writeXml([1, [2, 3], { a: 'x' }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><root><item>1</item><item><item>2</item><item>3</item></item><item><a>x</a></item></root>',
    );
    expect(new XmlObjectConverter({ defaultRootName: 'bookcase' }).write({}, { mediaType: XML }).body.toString()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><bookcase/>',
    );
  });

  it('escapes text and honours toJSON, as JSON does', async () => {
    expect(await writeXml({ text: 'a < b & "c" ]]>', when: new Date('2024-01-02T03:04:05Z') })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><root><text>a &lt; b &amp; "c" ]]&gt;</text><when>2024-01-02T03:04:05.000Z</when></root>',
    );
  });

  it.each([
    ['a field name that is not an XML name', { 'two words': 1 }],
    ['a field name with a colon', { 'a:b': 1 }],
    ['a cycle', (() => { const a: Record<string, unknown> = {}; a['self'] = a; return a; })()],
    ['a bigint', { n: 1n }],
    ['a character XML cannot carry', { text: 'bell \u0007' }],
  ])('refuses %s with a TypeError', (_what, value) => {
    expect(() => xml.write(value, { mediaType: XML })).toThrow(TypeError);
  });

  it('refuses a root name that is not an XML name', () => {
    expect(() => xml.write({}, { mediaType: XML, rootName: '1book' })).toThrow(/root element name/);
  });
});

describe('XmlObjectConverter.read(body, options): the convention', () => {
  it('reads the root element’s content; repeated elements as arrays, text as strings, without a shape', async () => {
    await expect(readXml('<book><title>Dune</title><pages>412</pages><tag>a</tag><tag>b</tag><empty/></book>')).resolves.toEqual({
      title: 'Dune',
      pages: '412',
      tag: ['a', 'b'],
      empty: '',
    });
  });

  it('reads attributes as fields and text beside them as `value`, and drops namespaces', async () => {
    const text = '<b:book xmlns:b="urn:b" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="7"><b:price currency="EUR">12.5</b:price><gone xsi:nil="true"/></b:book>';
    await expect(readXml(text)).resolves.toEqual({ id: '7', price: { currency: 'EUR', value: '12.5' }, gone: null });
  });

  it('leaks no parser artefacts ($, _, #name) into the value', async () => {
    const value = await readXml('<a x="1"><b>t<![CDATA[<c>]]></b><d><e/></d>text</a>');
    expect(JSON.stringify(value)).not.toMatch(/"\$|"_"|#name|\$\$|__text__/);
    expect(value).toEqual({ x: '1', b: 't<c>', d: { e: '' }, value: 'text' });
  });

  describe('with a shape', () => {
    it('turns numbers and booleans back into numbers and booleans, single elements into arrays', async () => {
      const text = '<book><title>Dune</title><pages>412</pages><price>9.5</price><inStock>1</inStock><subtitle xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/>' +
        '<tags>sf</tags><authors><name>Frank</name><born>1920</born></authors><publisher><name>Chilton</name><city>Philadelphia</city></publisher><ratings><item>5</item></ratings></book>';
      await expect(readXml(text, bookShape)).resolves.toEqual({
        title: 'Dune',
        pages: 412,
        price: 9.5,
        inStock: true,
        subtitle: null,
        tags: ['sf'],
        authors: [{ name: 'Frank', born: 1920 }],
        publisher: { name: 'Chilton', city: 'Philadelphia' },
        ratings: [[5]],
      });
    });

    it('leaves text that is not a number as a string, for validation to report', async () => {
      const value = await readXml('<book><pages>many</pages></book>', bookShape);
      expect(value).toMatchObject({ pages: 'many' });
      expect(Book.safeParse(value).success).toBe(false);
    });

    it('reads a top-level array from the root’s children', async () => {
      const shape = shapeOf(z.array(z.object({ n: z.number() })))!;
      await expect(readXml('<root><item><n>1</n></item><item><n>2</n></item></root>', shape)).resolves.toEqual([{ n: 1 }, { n: 2 }]);
      await expect(readXml('<root><item><n>1</n></item></root>', shape)).resolves.toEqual([{ n: 1 }]);
      await expect(readXml('<root/>', shape)).resolves.toEqual([]);
    });
  });
});

describe('the same object as JSON and as XML', () => {
  const books: unknown[] = [
    {
      title: 'Dune',
      pages: 412,
      price: 9.99,
      inStock: false,
      subtitle: null,
      tags: ['sf', 'classic'],
      authors: [{ name: 'Frank Herbert', born: 1920 }],
      publisher: { name: 'Chilton', city: 'Philadelphia' },
      ratings: [[5, 4], [], [3]],
      edition: 2,
    },
    {
      title: '  spaced  ',
      pages: 0,
      price: -1.5e-7,
      inStock: true,
      subtitle: '',
      tags: [],
      authors: [],
      publisher: { name: '', city: 'Zürich & <Co>' },
      ratings: [],
      edition: 'first',
    },
    { title: 'One tag', pages: 1, price: 1, inStock: true, subtitle: 'x', tags: [''], authors: [{ name: 'A' }], publisher: { name: 'P', city: 'C' }, ratings: [[1]] },
  ];

  it.each(books)('reads back the same fields with the route’s schema (%#)', async (book) => {
    const [fromJson, fromXml] = await viaBoth(book, bookShape);
    expect(fromXml).toEqual(fromJson);
    expect(fromJson).toEqual(book);
    expect(Book.parse(fromXml)).toEqual(Book.parse(fromJson));
  });

  it('reads back the same for any value the schema describes (property)', async () => {
    const text = fc.string({ unit: 'binary' }).map((s) => s.replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd]/g, ''));
    const book = fc.record({
      title: text,
      pages: fc.integer(),
      price: fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
      inStock: fc.boolean(),
      subtitle: fc.option(text, { nil: null }),
      tags: fc.array(text, { maxLength: 4 }),
      authors: fc.array(fc.record({ name: text, born: fc.integer() }, { requiredKeys: ['name'] }), { maxLength: 3 }),
      publisher: fc.record({ name: text, city: text }),
      ratings: fc.array(fc.array(fc.integer(), { maxLength: 3 }), { maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(book, async (value) => {
        const [fromJson, fromXml] = await viaBoth(value, bookShape);
        expect(fromXml).toEqual(fromJson);
      }),
      { numRuns: 200 },
    );
  });

  it('also with a plain JSON Schema as the shape hint', async () => {
    const shape: JsonSchemaLike = {
      type: 'object',
      properties: { ids: { type: 'array', items: { type: 'integer' } }, ok: { type: 'boolean' }, child: { $ref: '#' } },
    };
    const value = { ids: [7], ok: true, child: { ids: [1, 2], ok: false } };
    const [fromJson, fromXml] = await viaBoth(value, shape);
    expect(fromXml).toEqual(fromJson);
  });
});

describe('XmlObjectConverter.read: malformed bodies', () => {
  it.each([
    ['<a><b></a>', /unexpected close tag/, { line: 1, column: 10 }],
    ['<a>\n  <b x=1/>\n</a>', /the value of the attribute 'x' is not in quotes/, { offset: 9, line: 2, column: 6 }],
    ['<a>', /unclosed root tag/, { line: 1, column: 3 }],
    ['<a/><b/>', /a second root element/, { offset: 4, line: 1, column: 5 }],
    ['<a>x</a>\ntrailing', /text outside the root element/, { offset: 9, line: 2, column: 1 }],
    ['<a>&#0;</a>', /invalid character entity/, { line: 1, column: 7 }],
    ['<a><!-- open', /unterminated comment/, { offset: 3, line: 1, column: 4 }],
    ['<p:a/>', /unbound namespace prefix/, { line: 1, column: 6 }],
    ['', /it is empty/, {}],
    ['just text', /no root element/, {}],
  ])('answers 400 for %j with what and where', async (text, reason, position) => {
    const error = await rejection(readXml(text), 400);
    expect(error.type).toBe(ProblemType.malformedBody);
    expect(error.detail).toMatch(/^The XML body is malformed: /);
    expect(error.detail).toMatch(reason);
    expect(error.extensions).toEqual(position);
  });
});
