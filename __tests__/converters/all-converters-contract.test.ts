import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { z } from 'zod';
import {
  AtomConverter,
  ByteArrayConverter,
  CsvConverter,
  Feed,
  Form,
  FormConverter,
  JsonConverter,
  RssConverter,
  TextConverter,
  XmlObjectConverter,
  XmlSourceConverter,
  shapeOf,
  type XmlDocument,
} from '../../src/converters';
import { runConverterContract } from '../../testing/converter-contract';

function sampleFeed(): Feed {
  const feed = new Feed({
    title: 'Bookcase news',
    id: 'urn:bookcase:news',
    link: 'https://example.org/bookcase',
    description: 'What is new on the shelf',
    updated: new Date('2024-05-01T10:00:00Z'),
  });
  feed.addItem({
    title: 'A new book',
    id: 'urn:bookcase:1',
    link: 'https://example.org/bookcase/1',
    date: new Date('2024-04-30T09:00:00Z'),
    description: 'Short <b>summary</b>',
    content: '<p>Long content &amp; more</p>',
    author: [{ name: 'Ada', email: 'ada@example.org' }],
  });
  feed.addItem({ title: 'Another', id: 'urn:bookcase:2', link: 'https://example.org/bookcase/2', date: new Date('2024-04-29T09:00:00Z') });
  return feed;
}

function expectSameFeed(read: unknown, written: unknown): void {
  expect(read).toBeInstanceOf(Feed);
  const a = read as Feed;
  const b = written as Feed;
  expect(a.options.title).toBe(b.options.title);
  expect(a.options.link).toBe(b.options.link);
  expect(a.options.updated).toEqual(b.options.updated);
  expect(a.items.map((item) => [item.title, item.id, item.link, item.date.toISOString(), item.description, item.content])).toEqual(
    b.items.map((item) => [item.title, item.id, item.link, item.date.toISOString(), item.description, item.content]),
  );
}

const book = { title: 'Dune', pages: 412, inStock: true, tags: ['sf', 'classic'], publisher: { name: 'Chilton' }, subtitle: null };
const bookShape = shapeOf(
  z.object({
    title: z.string(),
    pages: z.number().int(),
    inStock: z.boolean(),
    tags: z.array(z.string()),
    publisher: z.object({ name: z.string() }),
    subtitle: z.string().nullable(),
  }),
)!;

runConverterContract({
  converter: new TextConverter(),
  samples: [
    // Every type it writes: JSON types are read as raw text, but a string is written as JSON by the JSON converter.
    { kind: 'string', value: 'Héllo, wörld ✓\r\nline two', mediaTypes: ['text/plain', 'text/x-contract', 'application/xml', 'application/x-contract+xml', 'application/x-www-form-urlencoded'] },
    { kind: 'string', value: '', mediaTypes: ['text/plain', 'text/html'] },
  ],
  unsupportedMediaType: 'image/png',
  unwritable: [42, Buffer.from('x')],
});

runConverterContract({
  converter: new FormConverter(),
  samples: [
    { kind: 'form', value: new Form([['name', 'Ada Lovelace'], ['tag', 'a&b=c'], ['tag', 'ünï'], ['empty', '']]) },
    { kind: 'form', value: new Form() },
  ],
  unsupportedMediaType: 'application/json',
  unwritable: [{ a: ['1'] }, 'a=1'],
  readOnlyKinds: ['object'],
});

runConverterContract({
  converter: new ByteArrayConverter(),
  samples: [
    { kind: 'bytes', value: Buffer.from([0, 1, 127, 128, 255]), mediaTypes: ['application/octet-stream', 'image/png', 'text/plain'] },
    { kind: 'bytes', value: Buffer.alloc(0) },
  ],
  unwritable: ['bytes', [1, 2]],
});

runConverterContract({
  converter: new JsonConverter(),
  samples: [
    { kind: 'object', value: book, mediaTypes: ['application/json', 'application/problem+json', 'application/vnd.bookcase.v1+json'] },
    { kind: 'object', value: [1, 'two', [3], { four: 4 }, null] },
    { kind: 'object', value: 42 },
    { kind: 'string', value: 'a "quoted" <b>string</b>\n', readAs: 'object', mediaTypes: ['application/json', 'application/vnd.bookcase.v1+json'] },
  ],
  unsupportedMediaType: 'application/xml',
  unwritable: [undefined, () => 1],
});

runConverterContract({
  converter: new XmlObjectConverter(),
  samples: [
    { kind: 'object', value: book, shape: bookShape, mediaTypes: ['application/xml', 'text/xml', 'application/vnd.bookcase+xml'] },
    { kind: 'object', value: { title: 'No shape', pages: '12' } },
  ],
  unsupportedMediaType: 'application/json',
  unwritable: [{ 'not a name': 1 }, 10n],
});

function xmlDocument(text: string): XmlDocument {
  return new DOMParser().parseFromString(text, 'application/xml');
}

runConverterContract({
  converter: new XmlSourceConverter(),
  samples: [
    {
      kind: 'xml-document',
      value: xmlDocument('<book xmlns="urn:bookcase" id="1"><title>Dune &amp; more</title><!-- c --><![CDATA[<raw>]]></book>'),
      mediaTypes: ['application/xml', 'text/xml', 'application/xhtml+xml'],
      expectSame: (read, written) =>
        expect(new XMLSerializer().serializeToString((read as XmlDocument).documentElement!)).toBe(
          new XMLSerializer().serializeToString((written as XmlDocument).documentElement!),
        ),
    },
  ],
  unsupportedMediaType: 'application/json',
  unwritable: ['<a/>', { nodeType: 1 }],
});

runConverterContract({
  converter: new AtomConverter(),
  samples: [{ kind: 'feed', value: sampleFeed(), expectSame: expectSameFeed }],
  unsupportedMediaType: 'application/rss+xml',
  unwritable: [{ title: 'not a Feed' }],
});

runConverterContract({
  converter: new RssConverter(),
  samples: [{ kind: 'feed', value: sampleFeed(), expectSame: expectSameFeed }],
  unsupportedMediaType: 'application/atom+xml',
  unwritable: [{ title: 'not a Feed' }],
});

runConverterContract({
  converter: new CsvConverter(),
  samples: [
    {
      kind: 'object',
      value: [
        { id: '1', title: 'Dune, part "one"', note: 'line\r\nbreak' },
        { id: '2', title: 'Plain', note: '' },
      ],
    },
    {
      kind: 'object',
      value: [{ id: 3, title: 'Typed', inStock: false }],
      shape: shapeOf(z.array(z.object({ id: z.number(), title: z.string(), inStock: z.boolean() })))!,
    },
  ],
  unsupportedMediaType: 'application/json',
  unwritable: [{ not: 'an array' }, [{ nested: { a: 1 } }]],
});
