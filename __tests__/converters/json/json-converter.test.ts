import { ProblemType } from '../../../src/errors/problem-types';
import { parseMediaType } from '../../../src/http/media-type';
import { JsonConverter } from '../../../src/converters';
import fc from 'fast-check';
import { FORBIDDEN_KEY_NAMES, isForbiddenKey } from '../../../src/converters/prototype-safety';
import { readOptions, rejection } from '../../setup/converter-fixture';

const converter = new JsonConverter();
const read = (text: string | Buffer, contentType = 'application/json', maxDepth?: number) =>
  converter.read(Buffer.isBuffer(text) ? text : Buffer.from(text), readOptions(contentType, 'object', maxDepth === undefined ? {} : { maxDepth }));

describe('JsonConverter.read(body, options)', () => {
  describe('when the body is malformed', () => {
    it.each([
      ['{', 1, 1, 2, /expected a property name/],
      ['{"a":}', 5, 1, 6, /unexpected '}', expected a value/],
      ['[1,]', 3, 1, 4, /unexpected '\]', expected a value/],
      ['{"a" 1}', 5, 1, 6, /expected ':'/],
      ['tru', 3, 1, 4, /in 'true'/],
      ['"abc', 4, 1, 5, /unterminated string/],
      ['{}x', 2, 1, 3, /after the JSON value/],
      ['{\n  "a": 1,\n  "b": 01\n}', 20, 3, 9, /unexpected '1'/],
      ['{"a": "\\x"}', 8, 1, 9, /invalid escape/],
      ['["tab\there"]', 5, 1, 6, /control character/],
      ['', 0, 1, 1, /it is empty/],
      ['   ', 0, 1, 1, /it is empty/],
    ])('answers 400 for %j, at position %d (line %d, column %d)', async (text, offset, line, column, reason) => {
      const error = await rejection(read(text), 400);
      expect(error.type).toBe(ProblemType.malformedBody);
      expect(error.detail).toMatch(/^The JSON body is malformed: /);
      expect(error.detail).toMatch(reason);
      expect(error.extensions).toEqual({ offset, line, column });
      expect(error.detail).toContain(`at position ${offset} (line ${line}, column ${column})`);
    });

    it('does not quote the body back in the detail', async () => {
      const error = await rejection(read(`{"secret": "${'x'.repeat(100)}",}`), 400);
      expect(error.detail).not.toContain('xxxxxxxx');
    });
  });

  describe('when the body nests too deeply', () => {
    it('answers 400 beyond the limit and reads up to it', async () => {
      await expect(read('[[[1]]]', 'application/json', 3)).resolves.toEqual([[[1]]]);
      const error = await rejection(read('[[[[1]]]]', 'application/json', 3), 400);
      expect(error.detail).toMatch(/deeper than 3 levels/);
    });

    it('refuses a megabyte of brackets without parsing it', async () => {
      const parse = jest.spyOn(JSON, 'parse');
      try {
        const error = await rejection(read('['.repeat(1_000_000)), 400);
        // Refused at the bracket that opens level 65, position 64: the rest was never looked at.
        expect(error.detail).toMatch(/deeper than 64 levels \(at position 64\)/);
        expect(parse).not.toHaveBeenCalled();
      } finally {
        parse.mockRestore();
      }
    });

    it('does not count brackets inside strings', async () => {
      await expect(read(JSON.stringify({ a: '[[[[[[{{{{{' }), 'application/json', 2)).resolves.toEqual({ a: '[[[[[[{{{{{' });
    });
  });

  describe('when keys try to reach a prototype', () => {
    it.each([
      ['__proto__', '{"__proto__": {"polluted": "yes"}, "ok": 1}'],
      ['escaped __proto__', '{"\\u005f_proto__": {"polluted": "yes"}, "ok": 1}'],
      ['nested __proto__', '{"ok": 1, "inner": {"__proto__": {"polluted": "yes"}}}'],
      ['constructor.prototype', '{"constructor": {"prototype": {"polluted": "yes"}}, "ok": 1}'],
      ['__proto__ in an array item', '[{"__proto__": {"polluted": "yes"}, "ok": 1}]'],
      ['__proto__ escaped throughout, hex in upper case', '{"\\u005F\\u005F\\u0070\\u0072\\u006F\\u0074\\u006F\\u005F\\u005F": {"polluted": "yes"}, "ok": 1}'],
      ['an escaped constructor deep in arrays', '[{"ok": 1, "x": [[{"\\u0063onstructor": {"prototype": {"polluted": "yes"}}}]]}]'],
      ['an escaped prototype', '{"ok": 1, "prot\\u006ftype": {"polluted": "yes"}}'],
    ])('drops %s and pollutes nothing', async (_name, text) => {
      const value = (await read(text)) as Record<string, unknown>;
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      const object = (Array.isArray(value) ? value[0] : value) as Record<string, unknown>;
      expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
      expect(Object.keys(object)).not.toContain('__proto__');
      expect(Object.keys(object)).not.toContain('constructor');
      expect(Object.assign({}, value).polluted).toBeUndefined();
      expect(JSON.stringify(value)).not.toContain('polluted');
    });
  });

  describe('when strings hold \\u escapes', () => {
    it('parses without a reviver a body whose escapes spell no forbidden key (a reviver tripled the cost)', async () => {
      const parse = jest.spyOn(JSON, 'parse');
      try {
        const text = '{"title": "caf\\u00e9", "note": "a constructor of \\u0022prototypes\\u0022", "constructors": 1}';
        await expect(read(text)).resolves.toEqual({ title: 'café', note: 'a constructor of "prototypes"', constructors: 1 });
        expect(parse.mock.calls.every((call) => call.length === 1)).toBe(true);
      } finally {
        parse.mockRestore();
      }
    });

    it('reads any object as a reviver dropping the forbidden keys would', () => {
      const key = fc.oneof(fc.constantFrom(...FORBIDDEN_KEY_NAMES), fc.string({ maxLength: 4 }));
      const spelled = (text: string) => fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((escapes) => [...text].map((c, i) => (escapes[i] ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : JSON.stringify(c).slice(1, -1))).join(''));
      const json: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
        value: fc.oneof(
          { depthSize: 'small', withCrossShrink: true },
          fc.constantFrom('1', '"x"', 'null', '"\\u00e9"'),
          fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
          fc.array(fc.tuple(key.chain(spelled), tie('value')), { maxLength: 3 }).map((members) => `{${members.map(([k, v]) => `"${k}":${v}`).join(',')}}`),
        ),
      })).value;
      const reference = (text: string): unknown => JSON.parse(text, (k: string, v: unknown) => (isForbiddenKey(k) ? undefined : v));
      return fc.assert(
        fc.asyncProperty(json, async (text) => {
          expect(await read(text)).toEqual(reference(text));
        }),
        { numRuns: 500 },
      );
    });
  });

  it('honours a charset parameter, and strips a UTF-8 byte order mark', async () => {
    await expect(read(Buffer.from('{"name":"Müller"}', 'latin1'), 'application/json; charset=ISO-8859-1')).resolves.toEqual({ name: 'Müller' });
    await expect(read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]))).resolves.toEqual({ a: 1 });
  });

  it('answers 400 for bytes that are not UTF-8, with their offset', async () => {
    const error = await rejection(read(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])), 400);
    expect(error.detail).toMatch(/not valid UTF-8 at position 6/);
  });
});

describe('JsonConverter.write(value, options)', () => {
  it('writes UTF-8 JSON labelled with its charset', async () => {
    const written = await converter.write({ a: 'é', when: new Date('2024-01-01T00:00:00Z') }, { mediaType: parseMediaType('application/json') });
    expect(written.contentType).toBe('application/json; charset=utf-8');
    expect(written.body.toString('utf8')).toBe('{"a":"é","when":"2024-01-01T00:00:00.000Z"}');
  });

  it('writes a structured-suffix type as asked, and application/json for a range', async () => {
    expect((await converter.write({}, { mediaType: parseMediaType('application/problem+json') })).contentType).toBe('application/problem+json; charset=utf-8');
    expect((await converter.write({}, { mediaType: parseMediaType('application/*') })).contentType).toBe('application/json; charset=utf-8');
  });

  it('indents when configured', async () => {
    const written = await new JsonConverter({ space: 2 }).write({ a: 1 }, { mediaType: parseMediaType('application/json') });
    expect(written.body.toString()).toBe('{\n  "a": 1\n}');
  });

  it('rejects values JSON cannot carry', async () => {
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    expect(() => converter.write(circular, { mediaType: parseMediaType('application/json') })).toThrow(TypeError);
    expect(() => converter.write(undefined, { mediaType: parseMediaType('application/json') })).toThrow(TypeError);
  });
});
