import { requestAuthority } from '../../src/http/request-authority';

describe('requestAuthority(rawHeaders, httpVersion, target)', () => {
  describe('when the Host is valid', () => {
    it.each([
      ['one Host on HTTP/1.1', ['Host', 'a.example:8080'], '1.1', '/x', { host: 'a.example', port: 8080 }, false],
      ['a Host spelled in any case', ['hOsT', 'A.example'], '1.1', '/x', { host: 'a.example', port: undefined }, false],
      ['no Host on HTTP/1.0', ['Accept', '*/*'], '1.0', '/x', undefined, false],
      ['one Host on HTTP/1.0', ['Host', 'a.example'], '1.0', '/x', { host: 'a.example', port: undefined }, false],
      ['no Host on HTTP/2 (its :authority is not a field line node lists as Host)', [], '2.0', '/x', undefined, false],
      ['an absolute-form target: its authority, not the Host', ['Host', 'evil.example'], '1.1', 'http://A.example:81/x', { host: 'a.example', port: 81 }, true],
      ['an absolute-form target with no path', ['Host', 'a.example'], '1.1', 'https://a.example', { host: 'a.example', port: undefined }, true],
      ['an asterisk-form target', ['Host', 'a.example'], '1.1', '*', { host: 'a.example', port: undefined }, false],
    ])('answers the authority of %s', (_name, rawHeaders, version, target, authority, fromTarget) => {
      expect(requestAuthority(rawHeaders, version, target)).toEqual({ valid: true, authority, fromTarget });
    });
  });

  describe('when the Host is invalid (RFC 9112 section 3.2)', () => {
    it.each([
      ['an HTTP/1.1 request without Host', ['Accept', '*/*'], '1.1', '/x', /must carry a Host/],
      ['two Host lines, even equal', ['Host', 'a.example', 'Host', 'a.example'], '1.1', '/x', /more than one Host/],
      ['two Host lines in different case', ['Host', 'a.example', 'HOST', 'b.example'], '1.0', '/x', /more than one Host/],
      ['an empty Host', ['Host', ''], '1.1', '/x', /empty/],
      ['an empty Host on HTTP/1.0', ['Host', ''], '1.0', '/x', /empty/],
      ['a Host with a path', ['Host', '127.0.0.1:3000/users/2#'], '1.1', '/users/1/avatar;v=11', /not a host/],
      ['a Host with a backslash and userinfo', ['Host', 'real\\@evil.example'], '1.1', '/users/feed', /not a host/],
      ['an absolute-form target with userinfo', ['Host', 'a.example'], '1.1', 'http://a.example@evil.example/x', /absolute-form/],
      ['an absolute-form target with a backslash', ['Host', 'a.example'], '1.1', 'http://a.example\\/x', /absolute-form/],
      ['an absolute-form target and an invalid Host', ['Host', 'a/b'], '1.1', 'http://a.example/x', /not a host/],
      ['an absolute-form target and two Hosts', ['Host', 'a.example', 'Host', 'b.example'], '1.1', 'http://a.example/x', /more than one Host/],
    ])('refuses %s', (_name, rawHeaders, version, target, detail) => {
      const decision = requestAuthority(rawHeaders, version, target);
      expect(decision.valid).toBe(false);
      expect(decision.valid ? undefined : decision.detail).toMatch(detail);
    });
  });

  it('reads each header line once: its work grows with the number of lines, not their product', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => [`X-${i}`, 'v']).flat();
    let reads = 0;
    const counted = new Proxy(['Host', 'a.example', ...lines], {
      get: (target, key, receiver) => {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(requestAuthority(counted, '1.1', '/').valid).toBe(true);
    expect(reads).toBeLessThanOrEqual(2 + 2001);
  });
});
