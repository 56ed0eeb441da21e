import fc from 'fast-check';
import { type CacheControl, MAX_DELTA_SECONDS, formatCacheControl, parseCacheControl } from '../../src/caching/cache-control';

describe('parseCacheControl(header)', () => {
  it.each<[string, string | string[] | undefined, CacheControl]>([
    ['no header', undefined, {}],
    ['an empty header', '', {}],
    ['max-age', 'max-age=3600', { maxAge: 3600 }],
    ['mixed-case names', 'Max-Age=60, nO-StOrE, No-Cache', { maxAge: 60, noStore: true, noCache: true }],
    ['a quoted argument', 'max-age="3600"', { maxAge: 3600 }],
    ['leading zeros', 'max-age=003600', { maxAge: 3600 }],
    ['whitespace around commas', '  public ,  s-maxage=5 ,,', { public: true, sMaxAge: 5 }],
    ['several field lines', ['max-age=1', 'must-revalidate'], { maxAge: 1, mustRevalidate: true }],
    ['a duplicate (first wins)', 'max-age=1800, max-age=1', { maxAge: 1800 }],
    ['a duplicate on another line', ['max-age=1', 'max-age=1800'], { maxAge: 1 }],
    ['a negative delta', 'max-age=-1', {}],
    ['a decimal delta', 'max-age=3600.5', {}],
    ['a trailing letter', 'max-age=3600a', {}],
    ['a leading letter', 'max-age=a3600', {}],
    ['a single-quoted delta', "max-age='3600'", {}],
    ['a space before =', 'max-age =3600', {}],
    ['a space after =', 'max-age= 3600', {}],
    ['an overflowing delta', 'max-age=99999999999999', { maxAge: MAX_DELTA_SECONDS }],
    ['a directive inside a quoted string', 'ext="max-age=3600", max-age=1', { maxAge: 1, extensions: { ext: 'max-age=3600' } }],
    ['a quoted string after the real directive', 'max-age=1, ext="a, max-age=9"', { maxAge: 1, extensions: { ext: 'a, max-age=9' } }],
    ['unknown directives', 'nothing-to-see-here, foo=bar', { extensions: { 'nothing-to-see-here': true, foo: 'bar' } }],
    ['max-stale without a value', 'max-stale', { maxStale: Infinity }],
    ['max-stale with a value', 'max-stale=10, min-fresh=5, only-if-cached', { maxStale: 10, minFresh: 5, onlyIfCached: true }],
    ['qualified no-cache', 'no-cache="Set-Cookie, X-Foo"', { noCache: ['set-cookie', 'x-foo'] }],
    ['qualified private', 'private=Set-Cookie', { private: ['set-cookie'] }],
    ['stale extensions', 'stale-while-revalidate=30, stale-if-error=60, immutable', { staleWhileRevalidate: 30, staleIfError: 60, immutable: true }],
    ['a delta without its argument', 'max-age', {}],
  ])('should parse %s', (_, header, expected) => {
    expect(parseCacheControl(header)).toEqual(expected);
  });
});

describe('formatCacheControl(cc)', () => {
  it.each<[CacheControl, string]>([
    [{}, ''],
    [{ maxAge: 60, public: true }, 'public, max-age=60'],
    [{ noCache: ['set-cookie'] }, 'no-cache="set-cookie"'],
    [{ maxStale: Infinity }, 'max-stale'],
    [{ extensions: { foo: 'a b', bar: true } }, 'foo="a b", bar'],
  ])('should write %j as %j', (cc, expected) => {
    expect(formatCacheControl(cc)).toBe(expected);
  });

  const delta = fc.option(fc.nat({ max: MAX_DELTA_SECONDS }), { nil: undefined });
  const flag = fc.option(fc.constant(true as const), { nil: undefined });
  const fields = fc.option(fc.oneof(fc.constant(true as const), fc.array(fc.stringMatching(/^[a-z][a-z-]{0,8}$/), { minLength: 1, maxLength: 3 })), { nil: undefined });
  const policy = fc.record({
    maxAge: delta, sMaxAge: delta, minFresh: delta, staleWhileRevalidate: delta, staleIfError: delta,
    maxStale: fc.option(fc.oneof(fc.nat(), fc.constant(Infinity)), { nil: undefined }),
    noCache: fields, private: fields,
    noStore: flag, public: flag, mustRevalidate: flag, proxyRevalidate: flag, mustUnderstand: flag,
    noTransform: flag, onlyIfCached: flag, immutable: flag,
  });
  const defined = (cc: CacheControl) => Object.fromEntries(Object.entries(cc).filter(([, v]) => v !== undefined));

  it('should give back the same policy and header when the header is parsed again', () => {
    fc.assert(
      fc.property(policy, (cc) => {
        const header = formatCacheControl(cc);
        expect(parseCacheControl(header)).toEqual(defined(cc));
        expect(formatCacheControl(parseCacheControl(header))).toBe(header);
      }),
    );
  });
});
