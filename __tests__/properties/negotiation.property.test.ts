import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import fc from 'fast-check';
import request from 'supertest';
import { createRouter } from '../../src';
import { createRequestInfo } from '../../src/conditions/request-info';
import { parseAccept, preferredMediaTypes } from '../../src/http/accept-header';
import { InvalidMediaTypeError, type MediaType, parseMediaType, tryParseMediaType } from '../../src/http/media-type';

/**
 * Accept and Content-Type parsing and negotiation on arbitrary input. The reference here is built
 * from the generated ranges themselves (RFC 9110 section 12.5.1), not from the parser under test:
 * a type is accepted when the most specific range that includes it (the first of equally specific
 * ones) has q > 0.
 */

interface Range {
  readonly type: string;
  readonly subtype: string;
  readonly parameters: readonly (readonly [string, string])[];
  /** As written after `q=`; `undefined` for none. */
  readonly q: string | undefined;
}

const TYPES = ['application/json', 'application/xml', 'text/plain', 'text/html', 'application/problem+json', 'image/png'] as const;
const VALID_Q = ['0', '0.0', '0.001', '0.5', '0.9', '1', '1.0', '1.000'];
const INVALID_Q = ['2', '-1', '0.1234', 'abc', '1.5', '', '.5'];
/** Members that are not media ranges: recipients ignore them. */
const JUNK = ['text', '/', '*/json', 'a/b/c', ';q=1', '@/@', 'text/plain;=x', 'application/json;charset'];

const rangeArb: fc.Arbitrary<Range> = fc.record({
  full: fc.constantFrom('*/*', 'application/*', 'text/*', 'image/*', ...TYPES, 'application/*+json'),
  parameters: fc.subarray([['charset', 'utf-8'], ['level', '1']] as const, { maxLength: 1 }),
  q: fc.option(fc.oneof(fc.constantFrom(...VALID_Q), fc.constantFrom(...INVALID_Q)), { nil: undefined }),
}).map(({ full, parameters, q }) => {
  const [type = '', subtype = ''] = full.split('/');
  return { type, subtype, parameters, q };
});

function formatRange(range: Range, space: boolean): string {
  const sep = space ? '; ' : ';';
  const params = range.parameters.map(([name, value]) => `${sep}${name}=${value}`).join('');
  return `${range.type}/${range.subtype}${params}${range.q === undefined ? '' : `${sep}q=${range.q}`}`;
}

/** An Accept header: generated ranges with junk members mixed in, and what they are. */
const acceptArb = fc
  .array(fc.oneof({ weight: 4, arbitrary: rangeArb.map((r) => ({ range: r as Range | undefined, junk: '' })) }, { weight: 1, arbitrary: fc.constantFrom(...JUNK).map((junk) => ({ range: undefined, junk })) }), { maxLength: 6 })
  .chain((members) =>
    fc.tuple(fc.constant(members), fc.array(fc.boolean(), { minLength: members.length, maxLength: members.length })),
  )
  .map(([members, spaces]) => ({
    header: members.map((m, i) => (m.range === undefined ? m.junk : formatRange(m.range, spaces[i]!))).join(spaces[0] ? ', ' : ','),
    ranges: members.flatMap((m) => (m.range === undefined || (m.range.q !== undefined && !VALID_Q.includes(m.range.q)) ? [] : [m.range])),
  }));

function rangeIncludes(range: Range, type: MediaType): boolean {
  if (range.type !== '*' && range.type !== type.type) return false;
  const subtypeOk =
    range.subtype === '*' ||
    range.subtype === type.subtype ||
    // The library's extension: `*+json` names the JSON family, `json` itself included.
    (range.subtype.startsWith('*+') && (type.subtype === range.subtype.slice(2) || type.subtype.endsWith(`+${range.subtype.slice(2)}`)));
  return subtypeOk && range.parameters.every(([name, value]) => (type.parameters[name] ?? implied(type, name)) === value);
}

/** A parameter a type has without saying so: a textual body without a charset is read and written in UTF-8. */
function implied(type: MediaType, name: string): string | undefined {
  const textual = type.type === 'text' || /(^|\+)(json|xml)$/.test(type.subtype);
  return name === 'charset' && textual ? 'utf-8' : undefined;
}

function rangeSpecificity(range: Range): number {
  return (range.type === '*' ? 0 : 100) + (range.subtype === '*' ? 0 : range.subtype.startsWith('*+') ? 10 : 20) + range.parameters.length;
}

/** The reference: the weight the header gives a concrete type (0 when nothing includes it). */
function referenceWeight(header: string, ranges: readonly Range[], type: MediaType): number {
  if (header.trim() === '') return 1;
  let best: Range | undefined;
  for (const range of ranges) if (rangeIncludes(range, type) && (best === undefined || rangeSpecificity(range) > rangeSpecificity(best))) best = range;
  return best === undefined ? 0 : Number(best.q ?? '1');
}

const typeOf = (text: string): MediaType => parseMediaType(text);

describe('parseAccept(header) and preferredMediaTypes(offers, ranges)', () => {
  it('never throws on arbitrary text, and every parsed weight is in [0, 1]', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (header) => {
        for (const range of parseAccept(header)) {
          expect(range.q).toBeGreaterThanOrEqual(0);
          expect(range.q).toBeLessThanOrEqual(1);
        }
        preferredMediaTypes(TYPES.map(typeOf), parseAccept(header));
      }),
      { numRuns: 500 },
    );
  });

  it('ranks exactly the offers the header accepts with q > 0, best weight first', () => {
    fc.assert(
      fc.property(acceptArb, fc.subarray([...TYPES], { minLength: 1 }), ({ header, ranges }, offered) => {
        const offers = offered.map(typeOf);
        const ranked = preferredMediaTypes(offers, parseAccept(header));
        const expected = offers.filter((offer) => referenceWeight(header, ranges, offer) > 0);
        expect(ranked.map((t) => `${t.type}/${t.subtype}`).sort()).toEqual(expected.map((t) => `${t.type}/${t.subtype}`).sort());
        const weights = ranked.map((t) => referenceWeight(header, ranges, t));
        expect(weights).toEqual([...weights].sort((a, b) => b - a));
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseMediaType(text) and the Content-Type of a request', () => {
  it('either parses or throws InvalidMediaTypeError; tryParseMediaType and RequestInfo never throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.stringMatching(/^[a-z*]{0,5}\/[a-z*+.-]{0,6}(;[ a-z]{0,4}=?["a-z\\-]{0,5}){0,3}$/)), (text) => {
        try {
          const parsed = parseMediaType(text);
          expect(parsed.type).toBe(parsed.type.toLowerCase());
          expect(parsed.type).not.toBe('');
          expect(parsed.subtype).not.toBe('');
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidMediaTypeError);
        }
        tryParseMediaType(text);
        const info = createRequestInfo('POST', '/', { 'content-type': text, 'content-length': '1', accept: text });
        void info.contentType;
        void info.accept;
      }),
      { numRuns: 500 },
    );
  });
});

describe('negotiation end to end: GET /thing (produces a subset) and POST /thing (consumes JSON or XML)', () => {
  let server: Server;
  let url: string;
  let produced: readonly string[] = [];
  const onError = jest.fn();
  // The route table changes per run: the middleware is rebuilt, the server stays.
  let dispatch: express.RequestHandler = (_req, _res, next) => next();

  function rebuild(types: readonly string[]): void {
    produced = types;
    const api = createRouter({ onError });
    api.get('/thing').produces(...types).handle((ctx) => (ctx.mediaType === 'text/plain' ? 'thing' : { name: 'thing', count: 1 }));
    api.post('/thing').consumes('application/json', 'application/xml').produces('application/json').body(Object).handle((ctx) => ({ got: typeof ctx.body }));
    dispatch = api.middleware();
  }

  beforeAll(async () => {
    const app = express();
    app.use((req, res, next) => dispatch(req, res, next));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a type the route produces and the header accepts with q > 0, or 406', async () => {
    await fc.assert(
      fc.asyncProperty(acceptArb, fc.subarray(['application/json', 'application/xml', 'text/plain'], { minLength: 1 }), async ({ header, ranges }, types) => {
        rebuild(types);
        const res = await request(url).get('/thing').set('Accept', header);
        const acceptable = produced.filter((t) => referenceWeight(header, ranges, typeOf(t)) > 0);
        if (acceptable.length === 0) {
          expect(res.status).toBe(406);
          return;
        }
        expect(res.status).toBe(200);
        const chosen = typeOf(res.headers['content-type'] as string);
        const essence = `${chosen.type}/${chosen.subtype}`;
        expect(produced).toContain(essence);
        // Negotiation is over the types the route produces; the charset the converter then labels
        // the body with is not weighed (so `*/*;charset=utf-8;q=0` does not make it pick another).
        const best = Math.max(...acceptable.map((t) => referenceWeight(header, ranges, typeOf(t))));
        expect(referenceWeight(header, ranges, typeOf(essence))).toBe(best);
      }),
      { numRuns: 150 },
    );
    expect(onError).not.toHaveBeenCalled();
  });

  it('answers arbitrary Accept and Content-Type text with 2xx or a 4xx problem, never 5xx', async () => {
    const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(headerText, headerText, fc.constantFrom('{"a":1}', '<a>1</a>', 'x'), async (accept, contentType, body) => {
        rebuild(['application/json', 'application/xml']);
        const res = await request(url).post('/thing').set('Accept', accept).set('Content-Type', contentType).send(body);
        expect([201, 200, 400, 406, 415]).toContain(res.status);
        if (res.status >= 400) expect(res.headers['content-type']).toMatch(/^application\/problem\+(json|xml); charset=utf-8$/);
      }),
      { numRuns: 150 },
    );
    expect(onError).not.toHaveBeenCalled();
  });
});
