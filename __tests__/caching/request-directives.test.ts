import type { CacheControl } from '../../src/caching/cache-control';
import type { HeaderMap } from '../../src/caching/header-map';
import { requestDirectives } from '../../src/caching/request-directives';

describe('requestDirectives(headers)', () => {
  it.each<[string, HeaderMap, CacheControl]>([
    ['reads Cache-Control', { 'cache-control': 'max-age=5, only-if-cached' }, { maxAge: 5, onlyIfCached: true }],
    ['takes Pragma: no-cache as no-cache without Cache-Control', { pragma: 'no-cache' }, { noCache: true }],
    ['takes Pragma: No-Cache in any case, among other tokens', { pragma: 'foo, No-Cache' }, { noCache: true }],
    ['ignores Pragma when Cache-Control is present', { 'cache-control': 'max-age=5', pragma: 'no-cache' }, { maxAge: 5 }],
    ['ignores other Pragma tokens', { pragma: 'no-cache-please' }, {}],
    ['answers no directives for none', {}, {}],
  ])('%s', (_, headers, expected) => {
    expect(requestDirectives(headers)).toEqual(expected);
  });
});
