import { isSafeMethod } from '../../src/http/safe-method';

describe('isSafeMethod(method) (RFC 9110 section 9.2.1)', () => {
  it.each([
    ['GET', true],
    ['HEAD', true],
    ['OPTIONS', true],
    ['TRACE', true],
    ['POST', false],
    ['PUT', false],
    ['PATCH', false],
    ['DELETE', false],
    ['CONNECT', false],
    ['PROPFIND', false],
  ])('%s → %s', (method, expected) => expect(isSafeMethod(method)).toBe(expected));
});
