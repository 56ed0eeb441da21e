import { carriesCredentials, credentialNames, setsCookies, sharesCredentials } from '../../src/caching/credentials';
import type { HeaderMap } from '../../src/caching/header-map';
import type { VaryFields } from '../../src/caching/vary';

describe('sharesCredentials(requestHeaders, vary, independentOf)', () => {
  it.each<[string, HeaderMap, VaryFields, string[] | undefined, boolean]>([
    ['shares anything with a request without credentials', {}, [], undefined, true],
    ['does not share a response that says nothing of Cookie with a request that carries it', { cookie: 'a=1' }, ['accept'], undefined, false],
    ['shares a response that varies on Cookie', { cookie: 'a=1' }, ['accept', 'cookie'], undefined, true],
    ['shares a response whose route is independent of Cookie', { cookie: 'a=1' }, [], ['cookie'], true],
    ['does not share a response that varies on everything (it is never reused anyway)', { cookie: 'a=1' }, '*', ['authorization'], false],
    ['does not share a response that says nothing of Authorization with a request that carries it', { authorization: 'Bearer a' }, [], ['cookie'], false],
    ['shares a response that varies on Authorization', { authorization: 'Bearer a' }, ['authorization'], undefined, true],
    ['needs every credential the request carries to be shared', { cookie: 'a=1', authorization: 'Bearer a' }, ['cookie'], undefined, false],
    ['shares when each is, one way or the other', { cookie: 'a=1', authorization: 'Bearer a' }, ['cookie'], ['authorization'], true],
  ])('%s', (_, headers, vary, independentOf, expected) => {
    expect(sharesCredentials(headers, vary, independentOf)).toBe(expected);
  });
});

describe('carriesCredentials(requestHeaders)', () => {
  it.each<[HeaderMap, boolean]>([
    [{}, false],
    [{ accept: '*/*' }, false],
    [{ cookie: 'a=1' }, true],
    [{ authorization: 'Bearer a' }, true],
    [{ cookie: '' }, true],
  ])('%j: %s', (headers, expected) => {
    expect(carriesCredentials(headers)).toBe(expected);
  });
});

describe('setsCookies(responseHeaders)', () => {
  it.each<[HeaderMap, boolean]>([
    [{ 'cache-control': 'max-age=60' }, false],
    [{ 'set-cookie': 'a=1' }, true],
    [{ 'set-cookie': ['a=1', 'b=2'] }, true],
    [{ 'set-cookie2': 'a=1' }, true],
  ])('%j: %s', (headers, expected) => {
    expect(setsCookies(headers)).toBe(expected);
  });
});

describe('credentialNames(fields)', () => {
  it('names each field once, lower-case, Cookie first', () => {
    expect(credentialNames(['Authorization', 'Cookie', 'Authorization'])).toEqual(['cookie', 'authorization']);
    expect(credentialNames([])).toEqual([]);
  });
});
