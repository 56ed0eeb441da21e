import type { HeaderMap } from '../../src/caching/header-map';
import { invalidatedUris } from '../../src/caching/invalidation';
import { normalizedUri, uriFamily } from '../../src/caching/target-uri';

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

describe('normalizedUri(uri): one key for the spellings of one URI that every origin treats alike', () => {
  it.each<[string, string, string | undefined]>([
    ['keeps a normal URI', 'http://h/a/b?c=d', 'http://h/a/b?c=d'],
    ['lower-cases scheme and host', 'HTTP://LocalHost/A', 'http://localhost/A'],
    ['drops the default port', 'http://h:80/a', 'http://h/a'],
    ['drops the default port of https', 'https://h:443/a', 'https://h/a'],
    ['keeps another port', 'http://h:8080/a', 'http://h:8080/a'],
    ['adds the empty path', 'http://h', 'http://h/'],
    ['adds the empty path before a query', 'http://h?x=1', 'http://h/?x=1'],
    ['upper-cases the hex of percent-encodings', 'http://h/a%2fb?x=%3d', 'http://h/a%2Fb?x=%3D'],
    ['drops the fragment', 'http://h/a#top', 'http://h/a'],
    // An origin may tell these apart: they stay as received.
    ['keeps dot segments', 'http://h/a/./b/../c', 'http://h/a/./b/../c'],
    ['keeps percent-encoded dots', 'http://h/items/%2e%2e', 'http://h/items/%2E%2E'],
    ['keeps percent-encoded unreserved characters', 'http://h/%7e%70lain', 'http://h/%7E%70lain'],
    ['keeps a backslash', 'http://h/files/a\\b', 'http://h/files/a\\b'],
    ['keeps characters URL would encode', "http://h/{a}?q='x'", "http://h/{a}?q='x'"],
    ['answers undefined for a host no URL holds', 'http://bad host/a', undefined],
    ['answers undefined for a relative reference', '/a', undefined],
  ])('%s', (_, uri, expected) => {
    expect(normalizedUri(uri)).toBe(expected);
  });
});

describe('uriFamily(uri): the spellings invalidation removes together', () => {
  it.each<[string, string, string]>([
    ['keeps a plain URI', 'http://h/a/b?c=d', 'http://h/a/b?c=d'],
    ['decodes percent-encoded unreserved characters', 'http://h/%62ook%2Dcase%7E', 'http://h/book-case~'],
    ['keeps other percent-encodings', 'http://h/a%2Fb%20c', 'http://h/a%2Fb%20c'],
    ['drops a trailing slash', 'http://h/bookcase/', 'http://h/bookcase'],
    ['keeps the root', 'http://h/', 'http://h/'],
    ['drops matrix parameters of every segment', 'http://h/users;x=1/2;fields=name,email', 'http://h/users/2'],
    ['drops an empty query', 'http://h/bookcase?', 'http://h/bookcase'],
    ['keeps a query', 'http://h/bookcase/?page=2', 'http://h/bookcase?page=2'],
    ['keeps the authority', 'https://h:8443/a/', 'https://h:8443/a'],
  ])('%s', (_, uri, expected) => {
    expect(uriFamily(uri)).toBe(expected);
  });
});

describe('invalidatedUris: targets in the normal form', () => {
  it('normalises the target, Location and Content-Location alike, keeping absolute paths as written', () => {
    expect(
      invalidatedUris({ method: 'POST', status: 201, requestUri: 'http://H:80/a/{x}', responseHeaders: { location: '/b/{1}', 'content-location': 'HTTP://h/c' } }),
    ).toEqual(['http://h/a/{x}', 'http://h/b/{1}', 'http://h/c']);
  });

  it.each([
    ['a network-path reference', '//h/d', 'http://h/d'],
    ['a relative path', 'e/1', 'http://h/a/e/1'],
    ['a query', '?page=2', 'http://h/a/b?page=2'],
  ])('resolves %s against the target', (_, reference, expected) => {
    expect(invalidatedUris({ method: 'PUT', status: 204, requestUri: 'http://h/a/b', responseHeaders: { 'content-location': reference } })).toEqual(['http://h/a/b', expected]);
  });
});
