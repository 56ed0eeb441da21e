import { configuredOrigin, formatOrigin } from '../../src/http/origin';

describe('configuredOrigin(text)', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['HTTPS://API.Example.com:443', 'https://api.example.com'],
    ['http://api.example.com:8080/', 'http://api.example.com:8080'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('answers %s as %s', (text, origin) => {
    expect(configuredOrigin(text)).toBe(origin);
  });

  it.each([
    ['no URL', 'api.example.com'],
    ['another scheme', 'ftp://api.example.com'],
    ['userinfo', 'https://user@api.example.com'],
    ['a path', 'https://api.example.com/v1'],
    ['a query', 'https://api.example.com?x=1'],
    ['an empty query', 'https://api.example.com?'],
    ['a fragment', 'https://api.example.com#top'],
  ])('throws a TypeError for %s', (_name, text) => {
    expect(() => configuredOrigin(text)).toThrow(TypeError);
  });
});

describe('formatOrigin(scheme, authority)', () => {
  it('leaves the default port out', () => {
    expect(formatOrigin('https', { host: 'a.example', port: 443 })).toBe('https://a.example');
    expect(formatOrigin('http', { host: 'a.example', port: 8080 })).toBe('http://a.example:8080');
  });
});
