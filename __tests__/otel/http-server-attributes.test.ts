import { requestMethod, serverAuthority, serverSpanName } from '../../src/otel/http-server-attributes';

describe('requestMethod(method)', () => {
  it.each([
    ['GET', 'GET'],
    ['PATCH', 'PATCH'],
    ['QUERY', '_OTHER'],
    ['get', '_OTHER'],
  ])('names %s as %s', (method, named) => expect(requestMethod(method)).toBe(named));
});

describe('serverSpanName(method, route)', () => {
  it.each([
    ['GET', '/users/{id}', 'GET /users/{id}'],
    ['GET', undefined, 'GET'],
    ['PURGE', '/users/{id}', 'HTTP /users/{id}'],
    ['PURGE', undefined, 'HTTP'],
  ] as const)('names %s on %s %s', (method, route, name) => expect(serverSpanName(method, route)).toBe(name));
});

describe('serverAuthority(host)', () => {
  it.each([
    ['api.test', { address: 'api.test' }],
    ['api.test:8080', { address: 'api.test', port: 8080 }],
    ['127.0.0.1:3000', { address: '127.0.0.1', port: 3000 }],
    ['[::1]:8443', { address: '::1', port: 8443 }],
    ['[::1]', { address: '::1' }],
    ['api.test:99999', { address: 'api.test' }],
    ['[::1', undefined],
    ['', undefined],
    [undefined, undefined],
  ] as const)('reads %s as %j', (host, authority) => expect(serverAuthority(host)).toEqual(authority));
});
