import fc from 'fast-check';
import type { BodyConverter, BodyKind } from '../../src/converters';
import { countOperations, startCountingBlocks, stopCountingBlocks } from '../setup/operation-count';

/**
 * Every reader of request input costs what its input's size costs (issue 17): each is fed inputs
 * built to make a parser backtrack or rescan (long runs of one character, brackets nested to the
 * depth limit, separators repeated, quotes never closed, long digit runs, many parameters, deep
 * pointers), each a repetition of a unit fast-check draws from the characters that matter to the
 * reader, at two sizes: half its limit and its limit (the 1 MiB body limit, what fits in a header
 * field or a request target under node's 16 KiB head, the most operations of a JSON Patch). The
 * work is counted in operations, never timed (countOperations: character visits, characters
 * searched natively, blocks of the code under test executed). Linear means doubling the input
 * costs at most RATIO times the operations, and the operations stay under OPERATIONS_PER_CHARACTER
 * per character of input (and of the document a patch is applied to); a quadratic reader fails
 * both. Whether an input is read or refused (most are malformed on purpose), it must be answered:
 * a refusal is an HttpError with a 4xx status, never anything else.
 */

jest.setTimeout(600_000);

// Block counters are compiled into the code loaded after this: every module measured is imported below.
startCountingBlocks();
afterAll(stopCountingBlocks);

/** One unit repeated to fill `size` characters, as many whole times as fit. */
const fill = (size: number, unit: string): string => unit.repeat(Math.max(1, Math.floor(size / unit.length)));

/** A unit: a hand-picked hostile one, or a short run of the characters that matter to the reader. */
const unitsOf = (chosen: readonly string[], alphabet: string): fc.Arbitrary<string> =>
  fc.oneof(fc.constantFrom(...chosen), fc.string({ unit: fc.constantFrom(...alphabet), minLength: 1, maxLength: 6 }));

/** An input shape: the unit drawn, and how it is built to a size. */
interface Shape {
  readonly name: string;
  readonly units: fc.Arbitrary<string>;
  readonly build: (size: number, unit: string) => string;
}

/** A reader as requests reach it, through its public entry point, with its two sizes and its shapes. */
interface Reader {
  readonly name: string;
  /** Half the limit and the limit, in the unit `build` takes (characters, or operations). */
  readonly sizes: readonly [number, number];
  /** Characters read besides the input (the document a patch is applied to). */
  readonly fixed?: number;
  readonly read: (input: string) => unknown;
  readonly shapes: readonly Shape[];
}

/** At most this many times the operations when the input doubles (a quadratic reader takes 4). */
const RATIO = 2.5;
/** Operations that do not grow with the input (setup, one error), allowed on top of the ratio. */
const CONSTANT = 20_000;
/** At most this many operations per character of input. */
const OPERATIONS_PER_CHARACTER = 64;
/** Drawn units per shape: each costs two reads at up to the limit. */
const RUNS = 2;

/**
 * A module of the code under test, loaded now (after block counting started) from this file's
 * module registry. `require`, typed, rather than `import()`: the project compiles tests as
 * CommonJS, where a dynamic `import()` would need the ECMAScript resolution's file extensions.
 */
function load<T extends object>(path: string): T {
  return jest.requireActual<T>(path);
}

function loadReaders(): readonly Reader[] {
  const { DEFAULT_BODY_LIMIT } = load<typeof import('../../src/exchange/body-reader')>('../../src/exchange/body-reader');
  const { AtomConverter, CsvConverter, DEFAULT_MAX_DEPTH, FormConverter, JsonConverter, RssConverter, XmlObjectConverter, XmlSourceConverter } = load<typeof import('../../src/converters')>('../../src/converters');
  const { parseMediaType } = load<typeof import('../../src/http/media-type')>('../../src/http/media-type');
  const { parseAccept, preferredMediaTypes } = load<typeof import('../../src/http/accept-header')>('../../src/http/accept-header');
  const { createRequestInfo } = load<typeof import('../../src/conditions/request-info')>('../../src/conditions/request-info');
  const { compileBinding, resolveBinding } = load<typeof import('../../src/binding/value-binding')>('../../src/binding/value-binding');
  const { evaluatePreconditions } = load<typeof import('../../src/caching/conditional-request')>('../../src/caching/conditional-request');
  const { matrixOf, splitRequestPath } = load<typeof import('../../src/http/request-path')>('../../src/http/request-path');
  const { PATCH_TYPES, applyPatchDocument } = load<typeof import('../../routes/http/patch-document')>('../../routes/http/patch-document');
  const { MAX_PATCH_OPERATIONS } = load<typeof import('../../routes/patch/json-patch')>('../../routes/patch/json-patch');

  /** Bodies: up to the body limit, with room for a shape's fixed parts. */
  const BODY = DEFAULT_BODY_LIMIT - 1024;
  /** A header field or a request target: what fits in node's 16 KiB request head beside the rest. */
  const FIELD = 14_000;
  const half = (limit: number): readonly [number, number] => [Math.floor(limit / 2), limit];

  const body = (converter: BodyConverter, contentType: string, kind: BodyKind) => {
    const mediaType = parseMediaType(contentType);
    return (input: string): Promise<unknown> => converter.read(Buffer.from(input), { mediaType, kind, maxDepth: DEFAULT_MAX_DEPTH });
  };

  const xmlShapes: Shape[] = [
    { name: 'a start tag with a long name and no value (the reproduction)', units: unitsOf(['d', 'd ', 'd=', 'd="'], 'd= "\'/'), build: (size, unit) => `<bookcase a="1" b="2" ${fill(size, unit)}/>` },
    { name: 'elements nested past the depth limit', units: unitsOf(['<a>', '<a b="1">', '<a/><a>'], '<a>/ '), build: (size, unit) => `<r>${fill(size, unit)}` },
    { name: 'a comment never closed', units: unitsOf(['-', '--', '- -'], '-<!>'), build: (size, unit) => `<a x="1"><!--${fill(size, unit)}` },
    { name: 'a CDATA section never closed', units: unitsOf([']', ']]', ']>'], ']>[<!'), build: (size, unit) => `<a x="1"><![CDATA[${fill(size, unit)}` },
    { name: 'an attribute value never closed', units: unitsOf(['&', '>', "'", '<'], '&>\'<a='), build: (size, unit) => `<a x="1" y="${fill(size, unit)}` },
    { name: 'many start tags with attributes', units: unitsOf(['<a x="1" y="2"/>', '<a x="1"/>\n', "<a x='1' y='2' z='3'/>"], '<a x="1"/>'), build: (size, unit) => `<r>${fill(size, unit)}</r>` },
    { name: 'many attributes and entity references', units: unitsOf([' a="&amp;"', '&amp;', '&#', '&'], '&#;amp x'), build: (size, unit) => `<a b="${fill((2 * size) / 3, unit)}">${fill(size / 3, unit)}</a>` },
  ];
  const RSS_ITEM = '<rss version="2.0"><channel><title>t</title><link>https://example.org/</link><description>d</description><item><title>i</title>';

  const document = { name: 'Big', books: Array.from({ length: 10_000 }, (_, i) => ({ isbn: String(9780000000000 + i), title: `Book ${i}`, author: `Author ${i}`, year: 1900 + (i % 100) })) };
  const documentSize = JSON.stringify(document).length;
  const json = new JsonConverter();
  const patch = (type: (typeof PATCH_TYPES)[number]) => {
    const read = body(json, type, 'object');
    return async (input: string): Promise<unknown> => applyPatchDocument(type, document, await read(input));
  };
  /** `count` operations, the unit one of them, in a JSON Patch array. */
  const operations = (count: number, unit: string): string => `[${Array.from({ length: count }, () => unit).join(',')}]`;

  const offers = ['application/json', 'application/xml', 'text/html', 'application/atom+xml'].map(parseMediaType);
  const bindings = [
    compileBinding('query', 'n', { type: 'number', array: true, required: false }),
    compileBinding('query', 'i', { type: 'integer', required: false }),
    compileBinding('query', 'b', { type: 'boolean', required: false }),
    compileBinding('query', 's', { required: false }),
  ];
  const numberHeader = compileBinding('header', 'x-n', { type: 'number' });
  const answered = (work: () => unknown): unknown => {
    try {
      return work();
    } catch (error) {
      return error;
    }
  };

  return [
    ...(
      [
        ['XML (object)', new XmlObjectConverter(), 'application/xml', 'object', ''],
        ['XML (document)', new XmlSourceConverter(), 'text/xml', 'xml-document', ''],
        ['Atom', new AtomConverter(), 'application/atom+xml', 'feed', '<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>'],
        ['RSS', new RssConverter(), 'application/rss+xml', 'feed', RSS_ITEM],
      ] as const
    ).map(
      ([name, converter, contentType, kind, head]): Reader => ({
        name,
        sizes: half(BODY),
        read: body(converter, contentType, kind),
        shapes: [
          ...xmlShapes.map((shape) => ({ ...shape, build: (size: number, unit: string) => `${head}${shape.build(size - head.length, unit)}` })),
          { name: 'an RSS author of `@(` repeated', units: unitsOf(['@(', '(', '@ ('], '@() x'), build: (size, unit) => `${RSS_ITEM}<author>x${fill(size - RSS_ITEM.length, unit)}</author></item></channel></rss>` },
        ],
      }),
    ),
    {
      name: 'JSON',
      sizes: half(BODY),
      read: body(json, 'application/json', 'object'),
      shapes: [
        { name: 'brackets nested past the depth limit', units: unitsOf(['[', '{"a":', '[{"a":'], '[{"a:'), build: (size, unit) => fill(size, unit) },
        { name: 'a string never closed, of escapes', units: unitsOf(['\\"', '\\\\', '\\u00', '\\'], '\\"u0a'), build: (size, unit) => `["${fill(size, unit)}` },
        { name: 'a long run of digits and signs', units: unitsOf(['1', '1e', '-1.', '0'], '0123456789.eE+-'), build: (size, unit) => `[${fill(size, unit)}x]` },
        { name: 'separators repeated', units: unitsOf([',', ':', '[,', '{"a":1,'], ',:[]{}"a1 '), build: (size, unit) => `[${fill(size, unit)}` },
        { name: 'members named like a prototype', units: unitsOf(['{"__proto__":1},', '"\\u005f_proto__",'], '_proto"\\u,{}:'), build: (size, unit) => `[${fill(size, unit)}1]` },
      ],
    },
    {
      name: 'form',
      sizes: half(BODY),
      read: body(new FormConverter(), 'application/x-www-form-urlencoded', 'form'),
      shapes: [
        { name: 'fields without `=`', units: unitsOf(['a&', '&', 'a'], 'a&'), build: (size, unit) => `${fill(size, unit)}=1` },
        { name: 'many `=`', units: unitsOf(['=', 'a=', '=&'], 'a=&'), build: (size, unit) => fill(size, unit) },
        { name: 'percent signs and pluses', units: unitsOf(['%', '%4', '%41', '+', '%C3'], '%4A1+&='), build: (size, unit) => `a=${fill(size, unit)}` },
      ],
    },
    {
      name: 'CSV',
      sizes: half(BODY),
      read: body(new CsvConverter(), 'text/csv', 'object'),
      shapes: [
        { name: 'a quote never closed', units: unitsOf(['"', '""', 'a', '\n'], '",\na'), build: (size, unit) => `a,b\n"${fill(size, unit)}` },
        { name: 'separators repeated', units: unitsOf([',', ',,\n', '\r\n'], ',\r\n'), build: (size, unit) => `a,b\n${fill(size, unit)}` },
        { name: 'quotes inside fields', units: unitsOf(['a"', '"a"b', '"",'], '"a,'), build: (size, unit) => `a\n${fill(size, unit)}` },
      ],
    },
    {
      name: 'Accept',
      sizes: half(FIELD),
      read: (input) => preferredMediaTypes(offers, parseAccept(input)),
      shapes: [
        { name: 'members that are not ranges', units: unitsOf(['x,', ',', 'a/', 'x/y;'], 'x/,;='), build: (size, unit) => fill(size, unit) },
        { name: 'many parameters', units: unitsOf([';a=b', ';q=1', ';', ';a="'], ';=aq1" '), build: (size, unit) => `application/json${fill(size, unit)}` },
        { name: 'a quote never closed', units: unitsOf(['\\"', '"', ',', '\\'], '"\\,; '), build: (size, unit) => `text/html;a="${fill(size, unit)}` },
        { name: 'many valid ranges', units: unitsOf(['text/t,', '*/*;q=0.1,', 'a/b;q=0.001,'], 'ab/*;q=0.1,'), build: (size, unit) => fill(size, unit) },
      ],
    },
    {
      name: 'Content-Type',
      sizes: half(FIELD),
      read: (input) => createRequestInfo('POST', '/', { 'content-type': input }).contentType,
      shapes: [
        { name: 'many parameters', units: unitsOf(['; p=v', ';', '; p=', ';p="v"'], ';p=v" '), build: (size, unit) => `application/json${fill(size, unit)}` },
        { name: 'a quote never closed', units: unitsOf(['\\"', '\\', 'a'], '"\\a '), build: (size, unit) => `text/plain; charset="${fill(size, unit)}` },
        { name: 'a long type', units: unitsOf(['a', '+', 'a/'], 'a+/.-'), build: (size, unit) => `application/${fill(size, unit)}` },
      ],
    },
    {
      name: 'bindings',
      sizes: half(FIELD),
      read: (input) => {
        const query = createRequestInfo('GET', `/?${input}`, {}).query;
        return [...bindings.map((binding) => answered(() => resolveBinding(binding, query.get(binding.name)))), answered(() => resolveBinding(numberHeader, [input]))];
      },
      shapes: [
        { name: 'a long run of digits', units: unitsOf(['1', '1.', '.1', '1e'], '019.eE+-'), build: (size, unit) => `n=${fill(size, unit)}x` },
        { name: 'many values', units: unitsOf(['n=1&', 'i=1&', 'b=yes&', 's=a&'], 'nibs=1&'), build: (size, unit) => fill(size, unit) },
        { name: 'separators and percent signs', units: unitsOf(['&', '=', '%', '%2', '+'], '&=%2+'), build: (size, unit) => `s=${fill(size, unit)}` },
      ],
    },
    {
      name: 'preconditions',
      sizes: half(FIELD),
      read: (input) =>
        ['if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'].map((field) =>
          evaluatePreconditions({ method: 'GET', requestHeaders: { [field]: input }, validators: { etag: '"v1"', lastModified: 'Sat, 21 Nov 2026 10:00:00 GMT' }, exists: true }),
        ),
      shapes: [
        { name: 'thousands of tags', units: unitsOf(['"a",', 'W/"a",', '"a", '], 'W/"a, '), build: (size, unit) => fill(size, unit) },
        { name: 'a quote never closed', units: unitsOf(['"', 'W/', 'W/"', ','], 'W/", '), build: (size, unit) => `"${fill(size, unit)}` },
        { name: 'separators repeated', units: unitsOf([',', ', ', '*,'], ', *'), build: (size, unit) => fill(size, unit) },
        { name: 'dates repeated', units: unitsOf(['Sat, 21 Nov 2026 10:00:00 GMT, ', '1', ' '], 'SatNov0123456789: ,'), build: (size, unit) => fill(size, unit) },
      ],
    },
    {
      name: 'matrix',
      sizes: half(FIELD),
      read: (input) => splitRequestPath(input).map(matrixOf),
      shapes: [
        { name: 'many variables', units: unitsOf([';a=b', ';a=b,c', ';a'], ';a=b,'), build: (size, unit) => `/users/1${fill(size, unit)}` },
        { name: 'separators repeated', units: unitsOf([';', '=', ',', ';=,'], ';=,'), build: (size, unit) => `/users/1;${fill(size, unit)}` },
        { name: 'percent signs', units: unitsOf(['%', '%2', '%41', '%C3'], '%2C3A'), build: (size, unit) => `/users/1;a=${fill(size, unit)}` },
        { name: 'many segments', units: unitsOf(['/;', '/a;b=c', '//'], '/;a=b'), build: (size, unit) => fill(size, unit) },
      ],
    },
    {
      name: 'JSON Patch',
      sizes: half(MAX_PATCH_OPERATIONS),
      fixed: documentSize,
      read: patch(PATCH_TYPES[1]),
      shapes: [
        {
          name: 'operations that move, copy and test',
          units: fc.constantFrom(
            '{"op":"move","from":"/books/0","path":"/books/-"}',
            '{"op":"move","from":"/books/5000","path":"/books/0"}',
            '{"op":"copy","from":"/name","path":"/books/0/title"}',
            '{"op":"test","path":"/books","value":[]}',
            '{"op":"remove","path":"/books/0"}',
            '{"op":"add","path":"/books/1","value":{"isbn":"1","title":"t","author":"a","year":1}}',
          ),
          build: operations,
        },
        {
          name: 'deep pointers',
          units: unitsOf(['/a', '/~0~1', '/', '/books/0'], '/~01a'),
          // The same share of the body as the operations above take: about 100 characters each.
          build: (count, unit) => operations(1, `{"op":"add","path":"${fill(count * 100, unit)}","value":1}`),
        },
      ],
    },
    {
      name: 'merge patch',
      sizes: half(BODY),
      fixed: documentSize,
      read: patch(PATCH_TYPES[0]),
      shapes: [
        { name: 'members nested to the depth limit', units: unitsOf(['{"a":', '{"books":', '{"name":null,"a":'], '{"a:null,'), build: (size, unit) => `${unit.repeat(DEFAULT_MAX_DEPTH - 1)}{${fill(size, '"x":null,')}"y":1}${'}'.repeat(DEFAULT_MAX_DEPTH - 1)}` },
        { name: 'many members', units: unitsOf(['"a":null,', '"name":"x",', '"books":[],'], '"a:null,'), build: (size, unit) => `{${fill(size, unit)}"z":1}` },
      ],
    },
  ];
}

let readers: readonly Reader[] = [];
let clientError: (error: Error) => { client: boolean; message: string };
beforeAll(() => {
  readers = loadReaders();
  const { HttpError } = load<typeof import('../../src/errors/http-error')>('../../src/errors/http-error');
  clientError = (error) => ({ client: error instanceof HttpError && error.status < 500, message: error.message });
});

/** The reader names, known before the readers are loaded (so `describe.each` can name them). */
const NAMES = ['XML (object)', 'XML (document)', 'Atom', 'RSS', 'JSON', 'form', 'CSV', 'Accept', 'Content-Type', 'bindings', 'preconditions', 'matrix', 'JSON Patch', 'merge patch'];

it('reaches every reader the issue names', () => {
  expect(readers.map((reader) => reader.name)).toEqual(NAMES);
});

/** How a reader answered, positions aside: read, or refused for a reason. */
const outcomeOf = (result: unknown): string => (result instanceof Error ? `refused: ${result.message.replace(/\d+/g, '#')}` : 'read');

describe.each(NAMES)('the %s reader, fed input built to backtrack or rescan', (name) => {
  it('does work linear in its input, up to its limit', async () => {
    const reader = readers.find((candidate) => candidate.name === name)!;
    expect(reader).toBeDefined();
    for (const shape of reader.shapes) {
      await fc.assert(
        fc.asyncProperty(fc.context(), shape.units, async (log, unit) => {
          const counts: number[] = [];
          const outcomes: string[] = [];
          for (const size of reader.sizes) {
            const input = shape.build(size, unit);
            const { result, operations } = await countOperations(() => reader.read(input));
            log.log(`${shape.name}: ${input.length} characters, ${operations} operations`);
            // Read or refused, it is answered: a refusal is a client error.
            if (result instanceof Error) expect(clientError(result)).toEqual({ client: true, message: result.message });
            expect(operations).toBeLessThanOrEqual(OPERATIONS_PER_CHARACTER * (input.length + (reader.fixed ?? 0)));
            counts.push(operations);
            outcomes.push(outcomeOf(result));
          }
          // Two sizes are compared when they took one path: a run that leaves a quote open at one
          // size and not at the other is refused at once at that size only (the bound per character
          // above holds for both).
          if (outcomes[0] === outcomes[1]) expect(counts[1]!).toBeLessThanOrEqual(RATIO * counts[0]! + CONSTANT);
        }),
        { numRuns: RUNS },
      );
    }
  });
});
