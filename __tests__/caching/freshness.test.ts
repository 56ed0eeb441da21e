import { parseCacheControl } from '../../src/caching/cache-control';
import { type ReuseInput, decideReuse, freshnessLifetime, mayServeStale, staleAnswersFailure, staleIfErrorAllows } from '../../src/caching/freshness';
import type { HeaderMap } from '../../src/caching/header-map';

const DATE = 'Sun, 06 Nov 1994 08:00:00 GMT';
const T = Date.parse(DATE);
const HOUR_LATER = 'Sun, 06 Nov 1994 09:00:00 GMT';
const TEN_HOURS_EARLIER = 'Sat, 05 Nov 1994 22:00:00 GMT';

describe('freshnessLifetime({ status, headers, shared, responseTime })', () => {
  it.each<[string, number, HeaderMap, boolean, number]>([
    ['uses max-age', 200, { 'cache-control': 'max-age=60' }, true, 60],
    ['prefers s-maxage in a shared cache', 200, { 'cache-control': 'max-age=60, s-maxage=5' }, true, 5],
    ['prefers a shorter s-maxage over a longer max-age on another line', 200, { 'cache-control': ['max-age=3600', 's-maxage=1'] }, true, 1],
    ['ignores s-maxage in a private cache', 200, { 'cache-control': 's-maxage=5, max-age=60' }, false, 60],
    ['prefers max-age over Expires', 200, { 'cache-control': 'max-age=0', date: DATE, expires: HOUR_LATER }, true, 0],
    ['uses Expires minus Date', 200, { date: DATE, expires: HOUR_LATER }, true, 3600],
    ['uses the response time without Date', 200, { expires: HOUR_LATER }, true, 3600],
    ['is 0 for an Expires before Date', 200, { date: HOUR_LATER, expires: DATE }, true, 0],
    ['is 0 for an invalid Expires', 200, { date: DATE, expires: '0', 'last-modified': TEN_HOURS_EARLIER }, true, 0],
    ['is 0 for two different Expires lines', 200, { date: DATE, expires: [HOUR_LATER, DATE] }, true, 0],
    ['uses 10% of the time since Last-Modified', 200, { date: DATE, 'last-modified': TEN_HOURS_EARLIER }, true, 3600],
    ['uses heuristics for a 404', 404, { date: DATE, 'last-modified': TEN_HOURS_EARLIER }, true, 3600],
    ['uses no heuristics for a 201', 201, { date: DATE, 'last-modified': TEN_HOURS_EARLIER }, true, 0],
    ['uses no heuristics for a 503', 503, { date: DATE, 'last-modified': TEN_HOURS_EARLIER }, true, 0],
    ['uses heuristics for any status with public', 599, { date: DATE, 'last-modified': TEN_HOURS_EARLIER, 'cache-control': 'public' }, true, 3600],
    ['is 0 without any freshness information', 200, { date: DATE }, true, 0],
    ['ignores an invalid max-age', 200, { 'cache-control': 'max-age=-1' }, true, 0],
  ])('%s', (_, status, headers, shared, expected) => {
    expect(freshnessLifetime({ status, headers, shared, responseTime: T })).toBeCloseTo(expected, 6);
  });
});

const input = (overrides: Partial<ReuseInput> & { req?: string; res?: string }): ReuseInput => ({
  lifetime: 100,
  age: 10,
  shared: true,
  response: parseCacheControl(overrides.res),
  request: parseCacheControl(overrides.req),
  ...overrides,
});

describe('decideReuse({ lifetime, age, response, request, shared })', () => {
  it.each<[string, Partial<ReuseInput> & { req?: string; res?: string }, ReturnType<typeof decideReuse>]>([
    ['answers fresh when age is below the lifetime', {}, 'fresh'],
    ['revalidates when age reaches the lifetime', { age: 100 }, 'revalidate'],
    ['revalidates on request no-cache', { req: 'no-cache' }, 'revalidate'],
    ['revalidates on response no-cache', { res: 'no-cache, max-age=100' }, 'revalidate'],
    ['revalidates when older than the request max-age', { req: 'max-age=5' }, 'revalidate'],
    ['answers fresh when younger than the request max-age', { req: 'max-age=50' }, 'fresh'],
    ['revalidates when not fresh for min-fresh more seconds', { req: 'min-fresh=95' }, 'revalidate'],
    ['answers fresh when fresh for min-fresh more seconds', { req: 'min-fresh=90' }, 'fresh'],
    ['answers stale within max-stale', { age: 150, req: 'max-stale=60' }, 'stale'],
    ['revalidates beyond max-stale', { age: 170, req: 'max-stale=60' }, 'revalidate'],
    ['answers stale with max-stale without a value', { age: 1e6, req: 'max-stale' }, 'stale'],
    ['revalidates a stale must-revalidate response despite max-stale', { age: 150, req: 'max-stale', res: 'must-revalidate' }, 'revalidate'],
    ['revalidates a stale proxy-revalidate response in a shared cache', { age: 150, req: 'max-stale', res: 'proxy-revalidate' }, 'revalidate'],
    ['serves a stale proxy-revalidate response in a private cache', { age: 150, req: 'max-stale', res: 'proxy-revalidate', shared: false }, 'stale'],
    ['revalidates a stale s-maxage response in a shared cache', { age: 150, req: 'max-stale', res: 's-maxage=100' }, 'revalidate'],
    ['answers stale while revalidating within stale-while-revalidate', { age: 150, res: 'stale-while-revalidate=60' }, 'stale-while-revalidate'],
    ['answers stale while revalidating at the end of the window', { age: 160, res: 'stale-while-revalidate=60' }, 'stale-while-revalidate'],
    ['revalidates beyond stale-while-revalidate', { age: 161, res: 'stale-while-revalidate=60' }, 'revalidate'],
    ['answers fresh within its lifetime despite stale-while-revalidate', { age: 50, res: 'stale-while-revalidate=60' }, 'fresh'],
    ['revalidates within stale-while-revalidate under must-revalidate', { age: 150, res: 'stale-while-revalidate=60, must-revalidate' }, 'revalidate'],
    ['revalidates within stale-while-revalidate on request no-cache', { age: 150, req: 'no-cache', res: 'stale-while-revalidate=60' }, 'revalidate'],
    ['revalidates within stale-while-revalidate when older than the request max-age', { age: 150, req: 'max-age=120', res: 'stale-while-revalidate=60' }, 'revalidate'],
    ['revalidates within stale-while-revalidate with min-fresh', { age: 150, req: 'min-fresh=1', res: 'stale-while-revalidate=60' }, 'revalidate'],
    ['prefers max-stale to stale-while-revalidate', { age: 150, req: 'max-stale=60', res: 'stale-while-revalidate=60' }, 'stale'],
  ])('%s', (_, overrides, expected) => {
    expect(decideReuse(input(overrides))).toBe(expected);
  });
});

describe('staleIfErrorAllows({ lifetime, age, response, request, shared })', () => {
  it.each<[string, Partial<ReuseInput> & { req?: string; res?: string }, boolean]>([
    ['allows within the response stale-if-error', { age: 150, res: 'stale-if-error=60' }, true],
    ['refuses beyond the response stale-if-error', { age: 170, res: 'stale-if-error=60' }, false],
    ['prefers the request stale-if-error', { age: 170, req: 'stale-if-error=100', res: 'stale-if-error=60' }, true],
    ['refuses without stale-if-error', { age: 150 }, false],
    ['refuses with must-revalidate', { age: 150, res: 'stale-if-error=60, must-revalidate' }, false],
  ])('%s', (_, overrides, expected) => {
    expect(staleIfErrorAllows(input(overrides))).toBe(expected);
  });
});

describe('mayServeStale({ response, shared })', () => {
  it.each<[string, boolean, boolean]>([
    ['max-age=60', true, true],
    ['max-age=60, must-revalidate', true, false],
    ['max-age=60, no-cache', true, false],
    ['max-age=60, proxy-revalidate', true, false],
    ['max-age=60, proxy-revalidate', false, true],
    ['s-maxage=60', true, false],
    ['s-maxage=60', false, true],
  ])('answers for %j (shared: %s): %s', (cc, shared, expected) => {
    expect(mayServeStale({ response: parseCacheControl(cc), shared })).toBe(expected);
  });
});

describe('staleAnswersFailure(status, { lifetime, age, response, request, shared })', () => {
  it.each<[string, number, Partial<ReuseInput> & { req?: string; res?: string }, boolean]>([
    ['answers a 500 within stale-if-error', 500, { age: 150, res: 'stale-if-error=60' }, true],
    ['lets a 500 through beyond stale-if-error', 500, { age: 170, res: 'stale-if-error=60' }, false],
    ['lets a 500 through without stale-if-error', 500, { age: 150 }, false],
    ['answers a 502 (unreachable) without stale-if-error', 502, { age: 150 }, true],
    ['answers a 504 (unreachable) without stale-if-error', 504, { age: 150 }, true],
    ['lets a 504 through under must-revalidate', 504, { age: 150, res: 'max-age=100, must-revalidate' }, false],
    ['lets a 503 through without stale-if-error', 503, { age: 150 }, false],
    ['lets a 404 through, even within stale-if-error', 404, { age: 150, res: 'stale-if-error=60' }, false],
  ])('%s', (_, status, overrides, expected) => {
    expect(staleAnswersFailure(status, input(overrides))).toBe(expected);
  });
});
