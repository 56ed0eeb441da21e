import { hasOriginPreconditions, isConditional } from '../../src/caching/cache-conditionals';
import type { HeaderMap } from '../../src/caching/header-map';

describe('isConditional(headers) and hasOriginPreconditions(headers)', () => {
  it.each<[string, HeaderMap, boolean, boolean]>([
    ['If-None-Match: a cache answers it', { 'if-none-match': '"1"' }, true, false],
    ['If-Modified-Since: a cache answers it', { 'if-modified-since': 'Sun, 06 Nov 1994 08:49:37 GMT' }, true, false],
    ['If-Match: for the origin', { 'if-match': '"1"' }, false, true],
    ['If-Unmodified-Since: for the origin', { 'if-unmodified-since': 'Sun, 06 Nov 1994 08:49:37 GMT' }, false, true],
    ['both kinds', { 'if-none-match': '"1"', 'if-match': '"1"' }, true, true],
    ['none', { 'cache-control': 'no-cache' }, false, false],
  ])('%s', (_, headers, conditional, originPreconditions) => {
    expect([isConditional(headers), hasOriginPreconditions(headers)]).toEqual([conditional, originPreconditions]);
  });
});
