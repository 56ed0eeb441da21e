import { parseMediaType } from 'express-represent/converters';
import { runConverterContract } from 'express-represent/testing';
import { NdjsonConverter } from '../src/ndjson-converter';

// The shared contract every converter runs, the library's own among them: round trips, refusal of
// the kinds it does not handle, a wildcard written as a concrete type, TypeErrors for what it
// cannot write.
runConverterContract({
  converter: new NdjsonConverter(),
  samples: [
    { kind: 'object', value: [{ sensor: 'attic', celsius: 21.5 }, { sensor: 'cellar', celsius: 12 }] },
    { kind: 'object', value: [1, 'two', null, [3, { four: 4 }], true] },
    { kind: 'object', value: [] },
  ],
  unsupportedMediaType: 'application/json',
  unwritable: [{ sensor: 'attic' }, 'a string', [undefined], [() => 1], [10n]],
});

describe('NdjsonConverter.read', () => {
  const read = (text: string) =>
    new NdjsonConverter().read(Buffer.from(text), { mediaType: parseMediaType('application/x-ndjson'), kind: 'object', maxDepth: 64 });

  it('drops the keys that would reach a prototype, on every line', async () => {
    const values = (await read('{"a":1,"__proto__":{"x":1}}\n{"constructor":{"prototype":{}},"b":2}\n')) as object[];
    expect(values.map((value) => Object.keys(value))).toEqual([['a'], ['b']]);
  });

  it('reads an empty body as no values', async () => {
    expect(await read('')).toEqual([]);
  });
});
