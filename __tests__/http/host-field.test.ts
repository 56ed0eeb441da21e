import { formatAuthority, parseHostField } from '../../src/http/host-field';

describe('parseHostField(value)', () => {
  describe('when the value is uri-host [ ":" port ] (RFC 9112 section 3.2, RFC 3986 section 3.2)', () => {
    it.each([
      ['a reg-name', 'api.example.com', 'api.example.com', undefined],
      ['a reg-name in upper case', 'API.Example.COM', 'api.example.com', undefined],
      ['a reg-name and a port', 'localhost:8080', 'localhost', 8080],
      ['an empty port', 'example.com:', 'example.com', undefined],
      ['a port with leading zeros', 'example.com:0080', 'example.com', 80],
      ['the largest port', 'example.com:65535', 'example.com', 65535],
      ['an IPv4 address', '127.0.0.1:3000', '127.0.0.1', 3000],
      ['digits the URL host parser reads as IPv4', '127.1', '127.0.0.1', undefined],
      ['an IPv6 literal', '[::1]:8443', '[::1]', 8443],
      ['an IPv6 literal spelled long, in upper case', '[0:0:0:0:0:0:0:1]', '[::1]', undefined],
      ['an IPv6 literal ending in IPv4', '[::FFFF:127.0.0.1]', '[::ffff:7f00:1]', undefined],
      ['an IPv6 literal with :: at its end', '[1:2:3:4:5:6:7::]', '[1:2:3:4:5:6:7:0]', undefined],
      ['sub-delims and unreserved characters', "a-b_c~d!$&'()*+,;=e", "a-b_c~d!$&'()*+,;=e", undefined],
      ['a percent-encoded letter', '%41pi.example', 'api.example', undefined],
      ['a punycode label', 'xn--bcher-kva.example', 'xn--bcher-kva.example', undefined],
    ])('parses %s', (_name, value, host, port) => {
      expect(parseHostField(value)).toEqual({ host, port });
    });
  });

  describe('when the value is not a host and optional port', () => {
    it.each([
      ['empty', ''],
      ['a path after the authority (the avatar poisoning)', '127.0.0.1:3000/users/2#'],
      ['a path only', '/users/2'],
      ['a backslash and userinfo (the feed poisoning)', 'real\\@evil.example'],
      ['userinfo', 'user@real.example'],
      ['a query', 'real.example?x'],
      ['a fragment', 'real.example#x'],
      ['a space', 'real .example'],
      ['a tab', 'real\t.example'],
      ['a comma-separated list', 'a.example, b.example'],
      ['a character outside ASCII', 'bücher.example'],
      ['a port that is not digits', 'example.com:80a'],
      ['a port past 65535', 'example.com:65536'],
      ['a port of six digits', 'example.com:000080'],
      ['two ports', 'example.com:80:81'],
      ['only a port', ':8080'],
      ['a percent sign not starting an encoding', 'a%4.example'],
      ['a percent-encoding cut off by the port', 'a%4:80'],
      ['a percent-encoded slash (the host parser decodes it)', 'a%2Fb'],
      ['an IPv4 address with an octet past 255', '256.1.1.1'],
      ['an unclosed IPv6 literal', '[::1'],
      ['an IPv6 literal followed by text', '[::1]x'],
      ['an IPv6 literal with :: twice', '[1::2::3]'],
      ['an IPv6 literal of nine groups', '[1:2:3:4:5:6:7:8:9]'],
      ['an IPv6 literal of seven groups without ::', '[1:2:3:4:5:6:7]'],
      ['an IPv6 group of five digits', '[12345::1]'],
      ['an IPv6 literal with IPv4 before its end', '[1.2.3.4::1]'],
      ['an IPv6 literal with a leading single colon', '[:1::2]'],
      ['an IPv4 octet with a leading zero in an IPv6 literal', '[::01.2.3.4]'],
      ['an IPvFuture literal (no URL holds one)', '[v1.fe]'],
      ['an IPv6 zone identifier', '[fe80::1%25eth0]'],
      ['brackets around a reg-name', '[example.com]'],
    ])('refuses %s', (_name, value) => {
      expect(parseHostField(value)).toBeUndefined();
    });
  });

  it('answers a long value as a short one, and refuses it when it is not a host', () => {
    const label = 'a'.repeat(63);
    const long = Array.from({ length: 8 }, () => label).join('.');
    expect(parseHostField(`${long}:81`)).toEqual({ host: long, port: 81 });
    expect(parseHostField(`${long}/x`)).toBeUndefined();
  });
});

describe('formatAuthority(authority, scheme)', () => {
  it.each([
    [{ host: 'a.example', port: undefined }, 'http', 'a.example'],
    [{ host: 'a.example', port: 80 }, 'http', 'a.example'],
    [{ host: 'a.example', port: 443 }, 'http', 'a.example:443'],
    [{ host: 'a.example', port: 443 }, 'https', 'a.example'],
    [{ host: '[::1]', port: 8080 }, 'https', '[::1]:8080'],
  ] as const)('formats %o under %s as %s, the default port left out', (authority, scheme, text) => {
    expect(formatAuthority(authority, scheme)).toBe(text);
  });
});
