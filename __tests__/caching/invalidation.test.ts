import type { HeaderMap } from '../../src/caching/header-map';
import { invalidatedUris } from '../../src/caching/invalidation';

describe('invalidatedUris({ method, status, requestUri, responseHeaders })', () => {
  it.each<[string, string, number, HeaderMap, string[]]>([
    ['invalidates nothing after GET', 'GET', 200, {}, []],
    ['invalidates the target after PUT', 'PUT', 204, {}, ['http://h/a']],
    ['invalidates the target after a 3xx', 'DELETE', 303, {}, ['http://h/a']],
    ['invalidates nothing after an error', 'POST', 500, {}, []],
    ['invalidates after an unknown method', 'M-SEARCH', 200, {}, ['http://h/a']],
    ['adds a same-origin Location', 'POST', 201, { location: '/a/1' }, ['http://h/a', 'http://h/a/1']],
    ['adds a same-origin Content-Location', 'PATCH', 200, { 'content-location': 'http://h/a/v2' }, ['http://h/a', 'http://h/a/v2']],
    ['ignores a Location of another origin', 'POST', 201, { location: 'http://evil/a' }, ['http://h/a']],
  ])('%s', (_, method, status, responseHeaders, expected) => {
    expect(invalidatedUris({ method, status, requestUri: 'http://h/a', responseHeaders })).toEqual(expected);
  });
});
