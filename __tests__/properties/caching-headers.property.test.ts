import fc from 'fast-check';
import { type CacheControl, MAX_DELTA_SECONDS, formatCacheControl, parseCacheControl } from '../../src/caching/cache-control';
import { type EntityTag, formatEntityTag, parseEntityTag, parseEntityTagList } from '../../src/caching/entity-tag';
import { freshnessLifetime } from '../../src/caching/freshness';
import { formatHttpDate, parseHttpDate } from '../../src/caching/http-date';
import { type ResponsePolicy, responsePolicyHeaders } from '../../src/caching/response-policy';

/**
 * Cache-Control, entity-tag lists and HTTP dates on arbitrary input: they parse, or are ignored
 * the way RFC 9111 and RFC 9110 say, and what the library writes reads back the same.
 */

const anyText = fc.string({ unit: 'binary', maxLength: 120 });

const DELTAS = [['max-age', 'maxAge'], ['s-maxage', 'sMaxAge'], ['min-fresh', 'minFresh'], ['stale-while-revalidate', 'staleWhileRevalidate'], ['stale-if-error', 'staleIfError']] as const;
const FLAGS = [['no-store', 'noStore'], ['public', 'public'], ['must-revalidate', 'mustRevalidate'], ['proxy-revalidate', 'proxyRevalidate'], ['must-understand', 'mustUnderstand'], ['no-transform', 'noTransform'], ['only-if-cached', 'onlyIfCached'], ['immutable', 'immutable']] as const;

/**
 * `invalid`: a directive whose argument is no delta-seconds (it takes the directive's first place
 * and is ignored); `malformed`: not a directive at all (`max-age= 5`), so it takes no place.
 */
type Argument =
  | { kind: 'valid'; seconds: bigint }
  | { kind: 'quoted'; seconds: bigint }
  | { kind: 'invalid'; text: string }
  | { kind: 'malformed'; text: string };

/** One generated directive: its written form and what RFC 9111 makes of it. */
const deltaDirective = fc.record({
  name: fc.constantFrom(...DELTAS),
  upper: fc.boolean(),
  argument: fc.oneof(
    fc.bigInt({ min: 0n, max: 10n ** 12n }).map((seconds): Argument => ({ kind: 'valid', seconds })),
    fc.constantFrom('-1', '1.5', "'5'", 'abc', '0x10', '+3').map((text): Argument => ({ kind: 'invalid', text })),
    fc.constantFrom('', ' 5', '5 5', '=5').map((text): Argument => ({ kind: 'malformed', text })),
    fc.bigInt({ min: 0n, max: 1000n }).map((seconds): Argument => ({ kind: 'quoted', seconds })),
  ),
});

describe('parseCacheControl(header)', () => {
  it('never throws, and every duration it answers is a whole number of seconds up to 2^31', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.array(anyText, { maxLength: 3 })), (header) => {
        const cc = parseCacheControl(header);
        for (const [, key] of DELTAS) {
          const value = cc[key];
          if (value !== undefined) {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(MAX_DELTA_SECONDS);
          }
        }
        if (cc.maxStale !== undefined && cc.maxStale !== Infinity) expect(Number.isInteger(cc.maxStale)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('takes the first occurrence of a directive, ignores invalid delta-seconds, and caps overflow (RFC 9111 sections 1.2.2, 4.2.1)', () => {
    fc.assert(
      fc.property(fc.array(deltaDirective, { minLength: 1, maxLength: 6 }), fc.constantFrom(', ', ',', ' ,  '), (directives, separator) => {
        const header = directives
          .map(({ name, upper, argument }) => {
            const written = upper ? name[0].toUpperCase() : name[0];
            if (argument.kind === 'valid') return `${written}=${argument.seconds}`;
            if (argument.kind === 'quoted') return `${written}="${argument.seconds}"`;
            return `${written}=${argument.text}`;
          })
          .join(separator);
        const cc = parseCacheControl(header);
        for (const [text, key] of DELTAS) {
          const first = directives.find((d) => d.name[0] === text && d.argument.kind !== 'malformed');
          const expected =
            first === undefined || first.argument.kind === 'invalid' || first.argument.kind === 'malformed'
              ? undefined
              : Number(first.argument.seconds > BigInt(MAX_DELTA_SECONDS) ? BigInt(MAX_DELTA_SECONDS) : first.argument.seconds);
          expect(cc[key]).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads back what formatCacheControl writes', () => {
    const fieldNames = fc.array(fc.constantFrom('set-cookie', 'authorization', 'x-a'), { minLength: 1, maxLength: 2 });
    const cacheControlArb: fc.Arbitrary<CacheControl> = fc.record(
      {
        maxAge: fc.nat({ max: MAX_DELTA_SECONDS }),
        sMaxAge: fc.nat({ max: MAX_DELTA_SECONDS }),
        maxStale: fc.oneof(fc.nat(100000), fc.constant(Infinity)),
        minFresh: fc.nat(100000),
        staleWhileRevalidate: fc.nat(100000),
        staleIfError: fc.nat(100000),
        noCache: fc.oneof(fc.constant(true as const), fieldNames),
        private: fc.oneof(fc.constant(true as const), fieldNames),
        ...Object.fromEntries(FLAGS.map(([, key]) => [key, fc.constant(true as const)])),
        extensions: fc.dictionary(fc.stringMatching(/^x-[a-z]{1,6}$/), fc.oneof(fc.constant(true as const), fc.stringMatching(/^[a-z0-9]{1,5}$/), fc.string({ maxLength: 8 }).filter((s) => !/[\u0000-\u001f\u007f-\uffff]/.test(s))), { maxKeys: 2 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(cacheControlArb, (cc) => {
        const header = formatCacheControl(cc);
        const normalised = Object.keys(cc.extensions ?? {}).length === 0 ? (({ extensions: _e, ...rest }) => rest)(cc) : cc;
        expect(parseCacheControl(header)).toEqual(normalised);
        // And formatting is a fixed point from then on.
        expect(formatCacheControl(parseCacheControl(header))).toBe(header);
      }),
      { numRuns: 500 },
    );
  });

  it('gives a generated response policy a header that reads back to the same header', () => {
    const policyArb: fc.Arbitrary<ResponsePolicy> = fc.record(
      {
        maxAge: fc.nat({ max: 10 ** 9 }),
        sMaxAge: fc.nat({ max: 10 ** 9 }),
        public: fc.boolean(),
        private: fc.boolean(),
        noCache: fc.boolean(),
        noStore: fc.boolean(),
        mustRevalidate: fc.boolean(),
        immutable: fc.boolean(),
        staleWhileRevalidate: fc.nat(86400),
        staleIfError: fc.nat(86400),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(policyArb, fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'), (policy, method) => {
        const headers = responsePolicyHeaders(policy, method, Date.UTC(2024, 0, 1));
        const header = headers['cache-control'] as string | undefined;
        if (header === undefined) return;
        expect(formatCacheControl(parseCacheControl(header))).toBe(header);
        const cc = parseCacheControl(header);
        expect(cc.maxAge ?? 0).toBeLessThanOrEqual(31_536_000);
        if (['PUT', 'PATCH', 'DELETE'].includes(method)) {
          expect(cc.noStore).toBe(true);
          expect(cc.maxAge).toBeUndefined();
        } else if (policy.maxAge !== undefined && policy.immutable !== true) {
          expect(cc.maxAge).toBe(Math.min(policy.maxAge, 31_536_000));
        }
      }),
      { numRuns: 500 },
    );
  });
});

const opaqueArb = fc.string({ unit: fc.constantFrom(...'abcXYZ019-_.,;:/=!#$%&\'()*+<>?@[]^`{|}~'.split('')), maxLength: 12 });
const tagArb: fc.Arbitrary<EntityTag> = fc.record({ weak: fc.boolean(), opaque: opaqueArb });

describe('parseEntityTag(text) and parseEntityTagList(header)', () => {
  it('never throw on arbitrary text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        parseEntityTag(text);
        const list = parseEntityTagList(text);
        if (list !== undefined && list !== '*') for (const tag of list) expect(tag.opaque).not.toContain('"');
      }),
      { numRuns: 1000 },
    );
  });

  it('read back a formatted tag, and the tags of a list in order, skipping members that are not tags', () => {
    const memberArb = fc.oneof({ weight: 3, arbitrary: tagArb.map((tag) => ({ tag: tag as EntityTag | undefined, text: formatEntityTag(tag) })) }, { weight: 1, arbitrary: fc.constantFrom('abc', 'W/abc', 'w/x', '1').map((text) => ({ tag: undefined, text })) });
    fc.assert(
      fc.property(fc.array(memberArb, { minLength: 1, maxLength: 5 }), fc.constantFrom(',', ', ', ' , '), (members, separator) => {
        for (const { tag, text } of members) if (tag !== undefined) expect(parseEntityTag(text)).toEqual(tag);
        expect(parseEntityTagList(members.map((m) => m.text).join(separator))).toEqual(members.flatMap((m) => (m.tag === undefined ? [] : [m.tag])));
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseHttpDate(text)', () => {
  const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59) }).map((ms) => Math.floor(ms / 1000) * 1000);

  it('never throws on arbitrary text, and answers a whole second or undefined', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const parsed = parseHttpDate(text);
        if (parsed !== undefined) expect(parsed % 1000).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads the IMF-fixdate it writes, and the asctime form of the same instant', () => {
    fc.assert(
      fc.property(instant, (time) => {
        expect(parseHttpDate(formatHttpDate(time))).toBe(time);
        const d = new Date(time);
        const [day, , month] = formatHttpDate(time).split(' ');
        const asctime = `${day!.slice(0, 3)} ${month} ${String(d.getUTCDate()).padStart(2, ' ')} ${d.toISOString().slice(11, 19)} ${d.getUTCFullYear()}`;
        expect(parseHttpDate(asctime)).toBe(time);
      }),
      { numRuns: 500 },
    );
  });

  it('ignores a date that is not exactly one of the three forms (lower case, other zones, one-digit fields)', () => {
    const mutations: ((text: string) => string)[] = [
      (t) => t.replace('GMT', 'gmt'),
      (t) => t.replace('GMT', 'UTC'),
      (t) => t.replace(/, 0(\d)/, ', $1'),
      (t) => `${t} `,
      (t) => t.toUpperCase(),
      (t) => t.replace(':', ''),
    ];
    fc.assert(
      fc.property(instant, fc.constantFrom(...mutations), (time, mutate) => {
        const text = formatHttpDate(time);
        const mutated = mutate(text);
        if (mutated !== text) expect(parseHttpDate(mutated)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('makes a response with an Expires that does not parse already stale (RFC 9111 section 5.3)', () => {
    fc.assert(
      fc.property(anyText.filter((t) => parseHttpDate(t) === undefined), (expires) => {
        const date = formatHttpDate(Date.UTC(2024, 0, 1));
        expect(freshnessLifetime({ status: 200, headers: { date, expires }, shared: true, responseTime: Date.UTC(2024, 0, 1) })).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
