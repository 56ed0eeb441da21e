import type { HeaderMap } from '../../src/caching/header-map';
import { invalidatedUris } from '../../src/caching/invalidation';
import { normalizedUri } from '../../src/caching/target-uri';

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

describe('normalizedUri(uri): one key for the spellings of one URI', () => {
  it.each<[string, string, string | undefined]>([
    ['keeps a normal URI', 'http://h/a/b?c=d', 'http://h/a/b?c=d'],
    ['lower-cases scheme and host', 'HTTP://LocalHost/A', 'http://localhost/A'],
    ['drops the default port', 'http://h:80/a', 'http://h/a'],
    ['drops the default port of https', 'https://h:443/a', 'https://h/a'],
    ['keeps another port', 'http://h:8080/a', 'http://h:8080/a'],
    ['adds the empty path', 'http://h', 'http://h/'],
    ['removes dot segments', 'http://h/a/./b/../c', 'http://h/a/c'],
    ['percent-encodes what URL encodes in a path', 'http://h/{a}', 'http://h/%7Ba%7D'],
    ["percent-encodes ' in a query", "http://h/a?q='x'", 'http://h/a?q=%27x%27'],
    ['decodes percent-encoded unreserved characters', 'http://h/%7e%41%2D', 'http://h/~A-'],
    ['upper-cases other percent-encodings', 'http://h/a%2fb?x=%3d', 'http://h/a%2Fb?x=%3D'],
    ['drops the fragment', 'http://h/a#top', 'http://h/a'],
    ['answers undefined for a host no URL holds', 'http://bad host/a', undefined],
    ['answers undefined for a relative reference', '/a', undefined],
  ])('%s', (_, uri, expected) => {
    expect(normalizedUri(uri)).toBe(expected);
  });
});

describe('invalidatedUris: targets in the normal form', () => {
  it('normalises the target, Location and Content-Location alike', () => {
    expect(
      invalidatedUris({ method: 'POST', status: 201, requestUri: 'http://H:80/%7ea', responseHeaders: { location: '/b/{1}', 'content-location': 'HTTP://h/c' } }),
    ).toEqual(['http://h/~a', 'http://h/b/%7B1%7D', 'http://h/c']);
  });
});
