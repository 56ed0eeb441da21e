import type { HeaderMap } from '../../src/caching/header-map';
import { parseCacheControl } from '../../src/caching/cache-control';
import { allowsAuthorizedReuse, isStorable, isWorthStoring } from '../../src/caching/storability';

type Row = [string, { method?: string; status?: number; req?: HeaderMap; res?: HeaderMap; shared?: boolean; uri?: string }, boolean];

describe('isStorable({ method, status, requestHeaders, responseHeaders, requestUri, shared })', () => {
  it.each<Row>([
    ['stores a 200 GET with max-age', { res: { 'cache-control': 'max-age=60' } }, true],
    ['stores a 200 GET without freshness (heuristically cacheable)', {}, true],
    ['stores a HEAD response', { method: 'HEAD', res: { 'cache-control': 'max-age=60' } }, true],
    ['does not store with no-store', { res: { 'cache-control': 'max-age=60, no-store' } }, false],
    ['does not store with No-Store in any case', { res: { 'cache-control': 'nO-StOrE' } }, false],
    ['does not store when the request says no-store', { req: { 'cache-control': 'no-store' }, res: { 'cache-control': 'max-age=60' } }, false],
    ['does not store private in a shared cache', { res: { 'cache-control': 'private, max-age=60' } }, false],
    ['does not store qualified private in a shared cache', { res: { 'cache-control': 'private="set-cookie", max-age=60' } }, false],
    ['stores private in a private cache', { res: { 'cache-control': 'private, max-age=60' }, shared: false }, true],
    ['does not store a response to Authorization', { req: { authorization: 'Basic eDp5' }, res: { 'cache-control': 'max-age=60' } }, false],
    ['stores a response to Authorization with public', { req: { authorization: 'Basic eDp5' }, res: { 'cache-control': 'public, max-age=60' } }, true],
    ['stores a response to Authorization with s-maxage', { req: { authorization: 'Basic eDp5' }, res: { 'cache-control': 's-maxage=60' } }, true],
    ['stores a response to Authorization with must-revalidate', { req: { authorization: 'Basic eDp5' }, res: { 'cache-control': 'max-age=60, must-revalidate' } }, true],
    ['does not store a 1xx', { status: 103, res: { 'cache-control': 'max-age=60' } }, false],
    ['does not store a 206', { status: 206, res: { 'cache-control': 'max-age=60' } }, false],
    ['does not store a 304', { status: 304, res: { 'cache-control': 'max-age=60' } }, false],
    ['does not store a 201 without explicit freshness', { status: 201 }, false],
    ['stores a 201 with max-age', { status: 201, res: { 'cache-control': 'max-age=60' } }, true],
    ['stores an unknown status with explicit freshness', { status: 599, res: { 'cache-control': 'max-age=60' } }, true],
    ['stores an unknown status with public', { status: 599, res: { 'cache-control': 'public' } }, true],
    ['does not store an unknown status under must-understand', { status: 599, res: { 'cache-control': 'max-age=60, must-understand' } }, false],
    ['stores a known status with no-store under must-understand', { res: { 'cache-control': 'max-age=60, no-store, must-understand' } }, true],
    ['does not store an unknown status with no-store under must-understand', { status: 599, res: { 'cache-control': 'max-age=60, no-store, must-understand' } }, false],
    ['does not store 226 IM Used under must-understand: delta encoding is not implemented', { status: 226, res: { 'cache-control': 'max-age=60, no-store, must-understand' } }, false],
    ['does not store a PUT response', { method: 'PUT', res: { 'cache-control': 'max-age=60' } }, false],
    ['does not store a POST response without explicit freshness', { method: 'POST', res: { 'content-location': '/a' } }, false],
    ['does not store a POST response without Content-Location', { method: 'POST', res: { 'cache-control': 'max-age=60' } }, false],
    ['does not store a POST response whose Content-Location is elsewhere', { method: 'POST', res: { 'cache-control': 'max-age=60', 'content-location': '/b' } }, false],
    ['stores a POST response with max-age and Content-Location equal to the URI', { method: 'POST', res: { 'cache-control': 'max-age=60', 'content-location': '/a' } }, true],
    ['stores a POST response with Expires and an absolute Content-Location', { method: 'POST', uri: 'http://h/a?x=1', res: { expires: 'Sun, 06 Nov 2094 08:49:37 GMT', 'content-location': 'http://h/a?x=1' } }, true],
  ])('%s', (_, row, expected) => {
    expect(
      isStorable({
        method: row.method ?? 'GET',
        status: row.status ?? 200,
        requestHeaders: row.req ?? {},
        responseHeaders: row.res ?? {},
        requestUri: row.uri ?? '/a',
        shared: row.shared,
      }),
    ).toBe(expected);
  });
});

describe('isStorable({ method, status, requestHeaders, responseHeaders, shared }) without a requestUri', () => {
  it.each<[string, string, HeaderMap, boolean]>([
    ['asks only whether a POST response is cacheable: explicit freshness', 'POST', { 'cache-control': 'max-age=60' }, true],
    ['refuses a POST response without explicit freshness', 'POST', { 'cache-control': 'public' }, false],
    ['refuses a POST response with no-store', 'POST', { 'cache-control': 'max-age=60, no-store' }, false],
    ['refuses a PUT response', 'PUT', { 'cache-control': 'max-age=60' }, false],
    ['stores a private GET response in a private cache', 'GET', { 'cache-control': 'private' }, true],
  ])('%s', (_, method, responseHeaders, expected) => {
    expect(isStorable({ method, status: 200, requestHeaders: {}, responseHeaders, shared: false })).toBe(expected);
  });
});

describe('allowsAuthorizedReuse(cacheControl)', () => {
  it.each<[string, boolean]>([
    ['public', true],
    ['s-maxage=60', true],
    ['must-revalidate', true],
    ['max-age=60', false],
    ['', false],
  ])('answers %j: %s', (field, expected) => {
    expect(allowsAuthorizedReuse(parseCacheControl(field))).toBe(expected);
  });
});

describe('isWorthStoring({ method, status, requestHeaders, responseHeaders, requestUri, responseTime })', () => {
  const DATE = 'Sun, 06 Nov 1994 08:00:00 GMT';
  it.each<[string, { method?: string; status?: number; req?: HeaderMap; res: HeaderMap }, boolean]>([
    ['stores a storable response fresh for a while', { res: { 'cache-control': 'max-age=60' } }, true],
    ['stores a storable response with an ETag and no freshness', { res: { 'cache-control': 'max-age=0', etag: '"1"' } }, true],
    ['stores a storable response with Last-Modified and no freshness', { res: { 'cache-control': 'max-age=0', 'last-modified': DATE } }, true],
    ['does not store one with neither freshness nor a validator', { res: { 'cache-control': 'max-age=0' } }, false],
    ['does not store one that may not be stored', { res: { 'cache-control': 'max-age=60, no-store', etag: '"1"' } }, false],
    ['does not store a 412', { status: 412, res: { 'cache-control': 'max-age=60' } }, false],
    ['does not store Vary: *', { res: { 'cache-control': 'max-age=60', vary: '*' } }, false],
    ['does not store a 404 without freshness or a validator, though heuristically cacheable', { status: 404, res: {} }, false],
    ['does not store a response to Authorization without public', { req: { authorization: 'Basic eDp5' }, res: { 'cache-control': 'max-age=60' } }, false],
  ])('%s', (_, row, expected) => {
    expect(
      isWorthStoring({
        method: row.method ?? 'GET',
        status: row.status ?? 200,
        requestHeaders: row.req ?? {},
        responseHeaders: row.res,
        requestUri: '/a',
        responseTime: Date.parse(DATE),
      }),
    ).toBe(expected);
  });

  describe('when the request carries credentials, or the response sets cookies', () => {
    const FRESH = { 'cache-control': 'max-age=60' };
    const PUBLIC = { 'cache-control': 'public, max-age=60' };
    it.each<[string, { req?: HeaderMap; res: HeaderMap; independentOf?: string[]; storeWithoutSetCookie?: boolean }, boolean]>([
      ['does not store a response that sets a cookie', { res: { ...FRESH, 'set-cookie': 'session=s1' } }, false],
      ['does not store a response that sets a cookie the obsolete way', { res: { ...FRESH, 'set-cookie2': 'session=s1' } }, false],
      ['stores a response that sets a cookie when the route lets it be stored without', { res: { ...FRESH, 'set-cookie': ['a=1', 'b=2'] }, storeWithoutSetCookie: true }, true],
      ['does not store a response to a request with Cookie', { req: { cookie: 'a=1' }, res: FRESH }, false],
      ['stores a response to a request with Cookie that varies on Cookie', { req: { cookie: 'a=1' }, res: { ...FRESH, vary: 'Accept, Cookie' } }, true],
      ['stores a response to a request with Cookie whose route is independent of it', { req: { cookie: 'a=1' }, res: FRESH, independentOf: ['cookie'] }, true],
      ['does not store a response to Cookie whose route is independent of Authorization only', { req: { cookie: 'a=1' }, res: FRESH, independentOf: ['authorization'] }, false],
      ['does not store a public response to Authorization that says nothing more', { req: { authorization: 'Bearer a' }, res: PUBLIC }, false],
      ['stores a public response to Authorization that varies on it', { req: { authorization: 'Bearer a' }, res: { ...PUBLIC, vary: 'authorization' } }, true],
      ['stores a public response to Authorization whose route is independent of it', { req: { authorization: 'Bearer a' }, res: PUBLIC, independentOf: ['authorization'] }, true],
      ['does not store a response to Authorization whose route is independent of it, without public (RFC 9111 section 3.5)', { req: { authorization: 'Bearer a' }, res: FRESH, independentOf: ['authorization'] }, false],
      ['does not store a response to Cookie and Authorization shared for Cookie only', { req: { cookie: 'a=1', authorization: 'Bearer a' }, res: { ...PUBLIC, vary: 'Cookie' } }, false],
    ])('%s', (_, row, expected) => {
      expect(
        isWorthStoring({
          method: 'GET',
          status: 200,
          requestHeaders: row.req ?? {},
          responseHeaders: row.res,
          requestUri: '/a',
          responseTime: Date.parse(DATE),
          independentOf: row.independentOf,
          storeWithoutSetCookie: row.storeWithoutSetCookie,
        }),
      ).toBe(expected);
    });
  });
});
