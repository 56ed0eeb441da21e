import { formatMediaType, parseMediaType, type MediaType } from '../../src/http/media-type';
import {
  type BodyConverter,
  type BodyKind,
  ConverterRegistry,
  CsvConverter,
  JsonConverter,
  defaultConverters,
  mediaTypes,
  supportsRead,
  supportsWrite,
} from '../../src/converters';
import { readOptions } from '../setup/converter-fixture';

const type = (text: string): MediaType => parseMediaType(text);
const names = (types: readonly MediaType[]) => types.map(formatMediaType);

/** A converter that reads and writes objects as the given types and counts how often it is asked. */
function fake(name: string, ...types: string[]): BodyConverter & { asked: number } {
  const supported = mediaTypes(...types);
  return {
    name,
    asked: 0,
    supportedMediaTypes: supported,
    canRead(kind: BodyKind, mediaType: MediaType) {
      this.asked++;
      return kind === 'object' && supportsRead(supported, mediaType);
    },
    canWrite(kind: BodyKind, mediaType: MediaType) {
      this.asked++;
      return kind === 'object' && supportsWrite(supported, mediaType);
    },
    read: async () => name,
    write: async () => ({ body: Buffer.from(name), contentType: types[0]! }),
  };
}

describe('defaultConverters()', () => {
  const registry = defaultConverters();

  it('lists the defaults in the documented order', () => {
    expect(registry.converters.map((converter) => converter.name)).toEqual(['text', 'form', 'byte-array', 'json', 'xml-object', 'xml-source', 'atom', 'rss', 'multipart']);
  });

  it.each([
    ['string', 'text/plain; charset=utf-8', 'text'],
    ['string', 'application/json', 'text'],
    ['form', 'application/x-www-form-urlencoded', 'form'],
    ['bytes', 'image/png', 'byte-array'],
    ['object', 'application/json', 'json'],
    ['object', 'application/merge-patch+json', 'json'],
    ['object', 'application/xml', 'xml-object'],
    ['object', 'text/xml', 'xml-object'],
    ['object', 'application/atom+xml', 'xml-object'],
    ['xml-document', 'application/xml', 'xml-source'],
    ['feed', 'application/atom+xml', 'atom'],
    ['feed', 'application/rss+xml', 'rss'],
    ['object', 'text/plain', undefined],
    ['form', 'multipart/form-data', undefined],
    ['feed', 'application/xml', undefined],
  ] as const)('findReader(%s, %s) is %s', (kind, mediaType, name) => {
    expect(registry.findReader(kind, type(mediaType))?.name).toBe(name);
  });

  it.each([
    ['string', '*/*', 'text'],
    ['object', '*/*', 'json'],
    ['object', 'application/*', 'json'],
    ['object', 'text/*', 'xml-object'],
    ['object', 'application/*+xml', 'xml-object'],
    ['bytes', 'video/*', 'byte-array'],
    ['feed', '*/*', 'atom'],
    ['feed', 'application/rss+xml', 'rss'],
    ['object', 'image/*', undefined],
  ] as const)('findWriter(%s, %s) is %s', (kind, mediaType, name) => {
    expect(registry.findWriter(kind, type(mediaType))?.name).toBe(name);
  });

  it('answers the media types each kind can be read from and written as, for 415/406 and Accept-Post', () => {
    expect(names(registry.readableMediaTypes('object'))).toEqual(['application/x-www-form-urlencoded', 'application/json', 'application/*+json', 'application/xml', 'text/xml', 'application/*+xml']);
    expect(names(registry.readableMediaTypes('form'))).toEqual(['application/x-www-form-urlencoded']);
    expect(names(registry.writableMediaTypes('feed'))).toEqual(['application/atom+xml', 'application/rss+xml']);
    expect(names(registry.writableMediaTypes('bytes'))).toEqual(['application/octet-stream', '*/*']);
    expect(names(registry.writableMediaTypes('string'))[0]).toBe('text/plain');
  });
});

describe('ConverterRegistry order', () => {
  const first = fake('first', 'application/json');
  const second = fake('second', 'application/json', 'application/*+json');

  it('lets the earlier of two fitting converters win, and the other when reordered', () => {
    expect(new ConverterRegistry([first, second]).findReader('object', type('application/json'))?.name).toBe('first');
    expect(new ConverterRegistry([second, first]).findReader('object', type('application/json'))?.name).toBe('second');
    expect(new ConverterRegistry([first, second]).findWriter('object', type('application/json'))?.name).toBe('first');
    expect(new ConverterRegistry([second, first]).findWriter('object', type('application/json'))?.name).toBe('second');
  });

  it('falls through to a later converter when the earlier does not fit', () => {
    expect(new ConverterRegistry([first, second]).findReader('object', type('application/problem+json'))?.name).toBe('second');
  });

  it('prepends, appends, replaces and removes without changing the original', () => {
    const base = defaultConverters();
    const custom = fake('custom', 'application/json');
    expect(base.prepend(custom).findReader('object', type('application/json'))?.name).toBe('custom');
    expect(base.append(custom).findReader('object', type('application/json'))?.name).toBe('json');
    const replaced = base.replace('json', custom);
    expect(replaced.converters.map((c) => c.name)).toEqual(['text', 'form', 'byte-array', 'custom', 'xml-object', 'xml-source', 'atom', 'rss', 'multipart']);
    expect(base.remove('json').findReader('object', type('application/json'))).toBeUndefined();
    expect(base.findReader('object', type('application/json'))?.name).toBe('json');
    expect(Object.isFrozen(base.converters)).toBe(true);
  });

  it('refuses two converters with one name, and unknown names', () => {
    expect(() => defaultConverters().append(new JsonConverter())).toThrow(/Two body converters are named 'json'/);
    expect(() => defaultConverters().remove('nope')).toThrow(RangeError);
    expect(() => defaultConverters().replace('nope', new JsonConverter())).toThrow(RangeError);
  });

  it('caches lookups per kind and media type', () => {
    const counted = fake('counted', 'application/json');
    const registry = new ConverterRegistry([counted]);
    for (let i = 0; i < 100; i++) registry.findReader('object', type('application/json; charset=utf-8'));
    expect(counted.asked).toBe(1);
    registry.findReader('object', type('application/json'));
    registry.findReader('string', type('application/json; charset=utf-8'));
    expect(counted.asked).toBe(3);
    for (let i = 0; i < 100; i++) registry.findReader('object', type('application/vnd.none'));
    expect(counted.asked).toBe(4);
  });

  it('finds the writer of a media type object it saw before without reading the type again, per kind', () => {
    const registry = defaultConverters();
    let reads = 0;
    const parsed = type('text/plain');
    const counted: MediaType = {
      ...parsed,
      get parameters() {
        reads++;
        return parsed.parameters;
      },
    };
    expect(registry.findWriter('string', counted)?.name).toBe('text');
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 100; i++) expect(registry.findWriter('string', counted)?.name).toBe('text');
    expect(reads).toBe(afterFirst);
    // Another kind is looked up on its own: no converter writes an object as text/plain.
    expect(registry.findWriter('object', counted)).toBeUndefined();
  });

  it('keeps the cache bounded', () => {
    const registry = new ConverterRegistry([fake('one', 'application/json')]);
    for (let i = 0; i < 5000; i++) registry.findWriter('object', type(`application/x-${i}`));
    expect(registry.findWriter('object', type('application/json'))?.name).toBe('one');
  });
});

describe('a custom converter (CSV) plugged in through the registry', () => {
  const registry = defaultConverters().append(new CsvConverter());

  it('reads and writes text/csv without changes to the library', async () => {
    const reader = registry.findReader('object', type('text/csv; charset=utf-8'));
    expect(reader?.name).toBe('csv');
    await expect(reader!.read(Buffer.from('id,title\r\n1,Dune\r\n'), readOptions('text/csv', 'object'))).resolves.toEqual([{ id: '1', title: 'Dune' }]);
    const writer = registry.findWriter('object', type('text/csv'));
    expect(writer?.name).toBe('csv');
    expect(registry.readableMediaTypes('object').map(formatMediaType)).toContain('text/csv');
  });

  it('leaves the defaults in charge of what they handled before', () => {
    expect(registry.findReader('object', type('application/json'))?.name).toBe('json');
    expect(registry.findWriter('object', type('*/*'))?.name).toBe('json');
    expect(registry.findWriter('string', type('text/csv'))?.name).toBe('text');
  });
});
