import type { HeaderMap } from '../../src/caching/header-map';
import { purgeTargets } from '../../src/caching/purge-targets';

describe('purgeTargets({ method, status, requestUri, responseHeaders, keyFields }): what caches in front drop after a response', () => {
  it.each<[string, string, number, HeaderMap, string[], string[]]>([
    ['nothing after GET, whatever its keys', 'GET', 200, { 'surrogate-key': 'user:7' }, [], []],
    ['nothing after HEAD', 'HEAD', 200, {}, [], []],
    ['nothing after an error', 'PUT', 412, { 'surrogate-key': 'user:7' }, [], []],
    ['nothing after a 500', 'DELETE', 500, {}, [], []],
    ['the target after a PUT', 'PUT', 204, {}, ['http://h/users/7'], []],
    ['the target and the keys the response carries', 'PUT', 204, { 'surrogate-key': 'user:7 users' }, ['http://h/users/7'], ['user:7', 'users']],
    ['keys from Cache-Tag too', 'PATCH', 200, { 'cache-tag': 'user:7, users' }, ['http://h/users/7'], ['user:7', 'users']],
    ['the Location of a 201 (RFC 9111 section 4.4)', 'POST', 201, { location: '/users/8' }, ['http://h/users/7', 'http://h/users/8'], []],
    ['a same-origin Content-Location', 'PATCH', 200, { 'content-location': '/users/7;v=2' }, ['http://h/users/7', 'http://h/users/7;v=2'], []],
    ['not a Location of another origin', 'POST', 201, { location: 'http://evil/x' }, ['http://h/users/7'], []],
    ['after a 3xx', 'POST', 303, { location: '/users/7' }, ['http://h/users/7'], []],
  ])('%s', (_, method, status, responseHeaders, uris, keys) => {
    expect(purgeTargets({ method, status, requestUri: 'http://h/users/7', responseHeaders, keyFields: ['Surrogate-Key', 'Cache-Tag'] })).toEqual({ uris, keys });
  });
});
