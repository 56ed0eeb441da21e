import { correctResponseHeaders, responsePolicyHeaders } from '../../src/caching/response-policy';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const DATE = 'Wed, 01 Jan 2025 12:00:00 GMT';
const YEAR_LATER = 'Thu, 01 Jan 2026 12:00:00 GMT';

describe('responsePolicyHeaders(policy, method, now)', () => {
  it.each<[string, Parameters<typeof responsePolicyHeaders>[0], string, Record<string, string>]>([
    ['writes max-age and public for GET', { maxAge: 60, public: true }, 'GET', { date: DATE, 'cache-control': 'public, max-age=60' }],
    ['writes only Date for an empty policy on GET', {}, 'GET', { date: DATE }],
    ['gives never-expiring one year', { expires: 'never' }, 'GET', { date: DATE, 'cache-control': 'max-age=31536000', expires: YEAR_LATER }],
    ['gives immutable one year', { immutable: true }, 'GET', { date: DATE, 'cache-control': 'max-age=31536000, immutable', expires: YEAR_LATER }],
    ['clamps max-age to one year', { maxAge: 99_999_999, sMaxAge: 99_999_999 }, 'GET', { date: DATE, 'cache-control': 'max-age=31536000, s-maxage=31536000' }],
    ['clamps a later Expires to one year', { expires: new Date(Date.UTC(2030, 0, 1)) }, 'GET', { date: DATE, expires: YEAR_LATER }],
    ['writes no-store for POST without freshness', { mustRevalidate: true }, 'POST', { date: DATE, 'cache-control': 'no-store, must-revalidate' }],
    ['keeps POST cacheable with max-age', { maxAge: 60 }, 'POST', { date: DATE, 'cache-control': 'max-age=60' }],
    ['keeps POST cacheable with public', { public: true }, 'POST', { date: DATE, 'cache-control': 'public' }],
    ['keeps POST cacheable with Expires', { expires: new Date(NOW + 60_000) }, 'POST', { date: DATE, expires: 'Wed, 01 Jan 2025 12:01:00 GMT' }],
    ['writes no-store for PUT and drops freshness', { maxAge: 60, public: true, expires: 'never' }, 'PUT', { date: DATE, 'cache-control': 'no-store' }],
    ['writes no-store for DELETE', {}, 'DELETE', { date: DATE, 'cache-control': 'no-store' }],
    ['writes no-store for PATCH', { immutable: true }, 'PATCH', { date: DATE, 'cache-control': 'no-store' }],
  ])('%s', (_, policy, method, expected) => {
    expect(responsePolicyHeaders(policy, method, NOW)).toEqual(expected);
  });
});

describe('correctResponseHeaders(headers, method, now)', () => {
  it('adds Date when the handler set none', () => {
    expect(correctResponseHeaders({ 'content-type': 'text/plain' }, 'GET', NOW)).toEqual({ 'content-type': 'text/plain', date: DATE });
  });

  it('keeps the handler\'s Date and Cache-Control text when nothing needs correcting', () => {
    const headers = { date: 'Wed, 01 Jan 2025 11:00:00 GMT', 'cache-control': 'Max-Age=60,  foo' };
    expect(correctResponseHeaders(headers, 'GET', NOW)).toEqual(headers);
  });

  it('clamps a handler\'s larger max-age and later Expires to one year after Date', () => {
    const headers = { date: DATE, 'cache-control': 'max-age=99999999', expires: 'Fri, 01 Jan 2100 00:00:00 GMT' };
    expect(correctResponseHeaders(headers, 'GET', NOW)).toEqual({ date: DATE, 'cache-control': 'max-age=31536000', expires: YEAR_LATER });
  });

  it('removes freshness a handler set on a PUT response', () => {
    const headers = { 'cache-control': 'public, max-age=60, s-maxage=5', expires: YEAR_LATER, etag: '"1"', 'content-length': 0 };
    expect(correctResponseHeaders(headers, 'PUT', NOW)).toEqual({ date: DATE, 'cache-control': 'no-store', etag: '"1"', 'content-length': '0' });
  });

  it('moves a Last-Modified later than Date back to Date', () => {
    const headers = { date: DATE, 'last-modified': 'Thu, 02 Jan 2025 00:00:00 GMT' };
    expect(correctResponseHeaders(headers, 'GET', NOW)).toEqual({ date: DATE, 'last-modified': DATE });
  });

  it('keeps an earlier Last-Modified', () => {
    const headers = { date: DATE, 'last-modified': 'Tue, 31 Dec 2024 00:00:00 GMT' };
    expect(correctResponseHeaders(headers, 'GET', NOW)).toEqual(headers);
  });

  it('replaces a Date that is not an HTTP-date', () => {
    expect(correctResponseHeaders({ date: 'yesterday' }, 'HEAD', NOW)).toEqual({ date: DATE });
  });

  it('leaves the input map untouched', () => {
    const headers = { 'cache-control': 'max-age=99999999' };
    correctResponseHeaders(headers, 'GET', NOW);
    expect(headers).toEqual({ 'cache-control': 'max-age=99999999' });
  });
});
