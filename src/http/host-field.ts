import { domainToASCII } from 'node:url';
import { BoundedMemo } from './bounded-memo';

/** The authority a Host field names (RFC 9110 section 7.2): a host and, when given, a port. */
export interface HostAuthority {
  /**
   * The host in the form a URL holds it (the WHATWG host parser, as `new URL` and the cache's
   * {@link normalizedUri} apply it): lower case, an IPv4 address in dotted decimal, an IPv6
   * address compressed inside its brackets. So that the spellings of one host are one key.
   */
  readonly host: string;
  /** The port, when the field names one (`example.com:` names none, RFC 3986 section 3.2.3). */
  readonly port: number | undefined;
}

/**
 * Parses a Host field value (or the authority of an absolute-form request target) as RFC 9112
 * section 3.2 requires it, `uri-host [ ":" port ]` of RFC 3986 section 3.2: a reg-name (unreserved
 * characters, sub-delims and percent-encodings), an IPv4 address or an IPv6 address in brackets,
 * then an optional port of digits. Anything else is `undefined`: an empty value (an `http` URI
 * needs a host, RFC 9110 section 4.2.1), userinfo (`@`), a path, query or fragment (`/ ? #`), a
 * backslash, spaces, a port past 65535, an IPvFuture literal (no URL holds one), and a host that
 * the URL host parser refuses (`256.1.1.1`). Pure; linear in the length of the value.
 */
export function parseHostField(value: string): HostAuthority | undefined {
  // Host fields repeat from request to request; a long one (no DNS name passes 253 characters)
  // is parsed each time rather than kept, so the memo holds at most 1,024 short texts.
  return value.length > MEMO_LENGTH ? parse(value) : parsed.get(value, parse);
}

const MEMO_LENGTH = 270;
const parsed = new BoundedMemo<string, HostAuthority | undefined>(1024);

/** `host[:port]` of an authority, the port left out when it is the scheme's default (RFC 3986 section 6.2.3). */
export function formatAuthority(authority: HostAuthority, scheme: 'http' | 'https'): string {
  const { host, port } = authority;
  return port === undefined || port === DEFAULT_PORTS[scheme] ? host : `${host}:${port}`;
}

const DEFAULT_PORTS = { http: 80, https: 443 } as const;

function parse(value: string): HostAuthority | undefined {
  let hostEnd: number;
  let literal: boolean;
  if (value.charCodeAt(0) === 0x5b /* [ */) {
    hostEnd = value.indexOf(']') + 1;
    if (hostEnd === 0 || !isIpv6(value.slice(1, hostEnd - 1))) return undefined;
    literal = true;
  } else {
    const colon = value.indexOf(':');
    hostEnd = colon === -1 ? value.length : colon;
    if (hostEnd === 0 || !isRegName(value, hostEnd)) return undefined;
    literal = false;
  }
  let port: number | undefined;
  if (hostEnd < value.length) {
    if (value.charCodeAt(hostEnd) !== 0x3a /* : */) return undefined;
    const digits = value.slice(hostEnd + 1);
    if (digits !== '') {
      if (digits.length > 5 || !isDigits(digits)) return undefined;
      port = Number(digits);
      if (port > 65535) return undefined;
    }
  }
  const host = domainToASCII(value.slice(0, hostEnd));
  // An empty answer is a host the URL parser refuses; a bracketed one must stay an IPv6 literal.
  if (host === '' || (host.charCodeAt(0) === 0x5b) !== literal) return undefined;
  return { host, port };
}

/**
 * Characters of a reg-name (RFC 3986 section 3.2.2): unreserved `A-Z a-z 0-9 - . _ ~` and
 * sub-delims `! $ & ' ( ) * + , ; =`; `%` is checked apart (it must start a percent-encoding).
 */
const REG_NAME = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=") REG_NAME[char.charCodeAt(0)] = 1;

function isRegName(text: string, end: number): boolean {
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25 /* % */) {
      if (!isHexDigit(text.charCodeAt(i + 1)) || !isHexDigit(text.charCodeAt(i + 2)) || i + 2 >= end) return false;
      i += 2;
    } else if (code >= 128 || REG_NAME[code] !== 1) {
      return false;
    }
  }
  return true;
}

/**
 * IPv6address of RFC 3986 section 3.2.2: eight groups of one to four hex digits separated by `:`,
 * `::` at most once standing for one group of zeros or more, and the last two groups possibly an
 * IPv4 address.
 */
function isIpv6(text: string): boolean {
  const elided = text.indexOf('::');
  if (elided !== -1 && text.indexOf('::', elided + 1) !== -1) return false;
  const runs = elided === -1 ? [text] : [text.slice(0, elided), text.slice(elided + 2)];
  let groups = 0;
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r]!;
    if (run === '') continue;
    const pieces = run.split(':');
    for (let p = 0; p < pieces.length; p++) {
      const piece = pieces[p]!;
      const last = r === runs.length - 1 && p === pieces.length - 1;
      if (last && piece.includes('.')) {
        if (!isIpv4(piece)) return false;
        groups += 2;
      } else if (piece.length >= 1 && piece.length <= 4 && isHex(piece)) {
        groups += 1;
      } else {
        return false;
      }
    }
  }
  return elided === -1 ? groups === 8 : groups <= 7;
}

/** IPv4address of RFC 3986 section 3.2.2: four dec-octets (0 to 255, no leading zero) separated by dots. */
function isIpv4(text: string): boolean {
  const octets = text.split('.');
  return (
    octets.length === 4 &&
    octets.every((octet) => octet.length >= 1 && octet.length <= 3 && isDigits(octet) && (octet.length === 1 || octet.charCodeAt(0) !== 0x30) && Number(octet) <= 255)
  );
}

function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

function isHex(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isHexDigit(text.charCodeAt(i))) return false;
  return true;
}

function isHexDigit(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}
