import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createApp } from '../../routes/app';
import { type RunningServer, startServer } from '../../routes/http/graceful-server';
import { createMemoryStore } from '../../routes/store/memory-store';
import type { ServiceStore } from '../../routes/store/store';
import { AS_ADMIN, PNG } from '../setup/service-fixture';
import { type RawAnswer, head as rawHead, rawRequest } from '../setup/raw-http';

/** A request head; a write's carries the admin's token, so that what is caught is the bad input, not the missing token. */
function head(requestLine: string, headers: Readonly<Record<string, string | number>> = {}): string {
  return rawHead(requestLine, /^(GET|HEAD|OPTIONS) /.test(requestLine) ? headers : { ...AS_ADMIN, ...headers });
}

/**
 * The bad-input catalogue: hostile requests against the illustrative service as `npm start` runs
 * it (shared cache on, a real server on 127.0.0.1). For each: the status, no 5xx, no stack trace
 * or file path in the body, the server still answers, the stored data is exactly as before, and
 * nothing reached Object.prototype. docs/guide/security.md lists the catalogue and its results;
 * `CATALOGUE_REPORT=<file>` writes the results table there.
 */

jest.setTimeout(30_000);

type Send = (port: number) => Promise<RawAnswer>;

interface Case {
  readonly group: string;
  readonly name: string;
  readonly send: Send;
  /** The statuses that are a correct answer. */
  readonly expect: readonly number[];
  /** Further checks of the answer. */
  readonly check?: (answer: RawAnswer) => void;
}

const JSON_TYPE = 'application/json';
const XML_TYPE = 'application/xml';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const ADA = { name: 'Ada Lovelace', email: 'lovelace@example.org', role: 'admin' };
const ADA_XML = '<name>Ada Lovelace</name><email>lovelace@example.org</email><role>admin</role>';

/** One complete request with a body and the right Content-Length. */
function call(method: string, path: string, headers: Record<string, string | number> = {}, body?: string | Buffer): Send {
  const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const all = bytes === undefined ? headers : { ...headers, 'Content-Length': bytes.length };
  return (port) => rawRequest(port, bytes === undefined ? [head(`${method} ${path} HTTP/1.1`, all)] : [head(`${method} ${path} HTTP/1.1`, all), bytes]);
}

/** A head and body parts as given: lengths as stated, nothing corrected. */
function raw(parts: readonly (string | Buffer)[], options: { halfClose?: boolean; waitMs?: number } = {}): Send {
  return (port) => rawRequest(port, parts, options);
}

const chunk = (text: string): string => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
const noHeader = (name: string) => (answer: RawAnswer) => expect(answer.head.toLowerCase()).not.toMatch(new RegExp(`\\r\\n${name.toLowerCase()}:`));

const BILLION_LAUGHS = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]><user><name>&lol9;</name></user>`;

const CATALOGUE: readonly Case[] = [
  // Malformed bodies
  { group: 'Malformed bodies', name: 'JSON cut off mid-document', send: call('POST', '/users', { 'Content-Type': JSON_TYPE }, '{"name": "A", "email": '), expect: [400] },
  { group: 'Malformed bodies', name: 'JSON of the wrong shape (an array for the bookcase)', send: call('PUT', '/bookcase', { 'Content-Type': JSON_TYPE }, '[1,2,3]'), expect: [400] },
  { group: 'Malformed bodies', name: 'XML not well-formed', send: call('POST', '/users', { 'Content-Type': XML_TYPE }, '<user><name>A</user>'), expect: [400] },
  { group: 'Malformed bodies', name: 'form with invalid percent-encoding', send: call('POST', '/users', { 'Content-Type': FORM_TYPE }, 'name=%zz&email=a%40b.org&role=viewer'), expect: [400] },
  { group: 'Malformed bodies', name: 'bytes that are not UTF-8 in a JSON body', send: call('POST', '/users', { 'Content-Type': JSON_TYPE }, Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])), expect: [400] },
  { group: 'Malformed bodies', name: 'a charset the server cannot decode', send: call('POST', '/users', { 'Content-Type': 'application/json; charset=x-no-such' }, '{}'), expect: [415] },
  { group: 'Malformed bodies', name: 'a Content-Type that is not a media type', send: call('POST', '/users', { 'Content-Type': 'json' }, '{}'), expect: [415] },
  { group: 'Malformed bodies', name: 'a JSON Patch that is not an array', send: call('PATCH', '/users/1', { 'Content-Type': 'application/json-patch+json' }, '{"op":"remove","path":"/name"}'), expect: [400] },
  { group: 'Malformed bodies', name: 'a PNG avatar that is not a PNG', send: call('PUT', '/users/1/avatar', { 'Content-Type': 'image/png' }, 'GIF89a'), expect: [400] },

  // Truncated bodies and wrong lengths
  { group: 'Truncated bodies and lengths', name: 'chunked body cut off, client stops sending', send: raw([head('PUT /bookcase HTTP/1.1', { 'Content-Type': JSON_TYPE, 'Transfer-Encoding': 'chunked' }), chunk('{"name":"Cut')], { halfClose: true }), expect: [400] },
  { group: 'Truncated bodies and lengths', name: 'Content-Length larger than the body, client stops sending', send: raw([head('PUT /bookcase HTTP/1.1', { 'Content-Type': JSON_TYPE, 'Content-Length': 100 }), '{"name":"x"'], { halfClose: true }), expect: [400] },
  { group: 'Truncated bodies and lengths', name: 'Content-Length larger than the body, client waits', send: raw([head('PUT /bookcase HTTP/1.1', { 'Content-Type': JSON_TYPE, 'Content-Length': 100 }), '{"name":"x"'], { waitMs: 4000 }), expect: [408] },
  { group: 'Truncated bodies and lengths', name: 'Content-Length smaller than the body (the rest is a bogus next request)', send: raw([head('PUT /bookcase HTTP/1.1', { 'Content-Type': JSON_TYPE, 'Content-Length': 5 }), '{"name":"x","books":[]}']), expect: [400] },
  { group: 'Truncated bodies and lengths', name: 'both Content-Length and Transfer-Encoding (request smuggling)', send: raw([head('PUT /bookcase HTTP/1.1', { 'Content-Type': JSON_TYPE, 'Content-Length': 4, 'Transfer-Encoding': 'chunked' }), '0\r\n\r\n']), expect: [400] },
  { group: 'Truncated bodies and lengths', name: 'two different Content-Lengths', send: raw([head('PUT /bookcase HTTP/1.1', { 'Content-Type': JSON_TYPE, 'Content-Length': '2\r\nContent-Length: 3' }), '{}']), expect: [400] },
  { group: 'Truncated bodies and lengths', name: 'headers never finished (slowloris)', send: raw(['GET /bookcase HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n'], { waitMs: 4000 }), expect: [408] },

  // Limits
  { group: 'Body limits', name: 'Content-Length over the 1 MB limit, body not sent', send: raw([head('PUT /bookcase HTTP/1.1', { 'Content-Type': JSON_TYPE, 'Content-Length': 5_000_000 })]), expect: [413] },
  { group: 'Body limits', name: 'chunked body over the 1 MB limit', send: raw([head('PUT /bookcase HTTP/1.1', { 'Content-Type': JSON_TYPE, 'Transfer-Encoding': 'chunked' }), ...Array.from({ length: 40 }, () => chunk('a'.repeat(0x8000)))]), expect: [413] },
  { group: 'Body limits', name: 'avatar over 256 KiB with Content-Length', send: call('PUT', '/users/1/avatar', { 'Content-Type': 'image/png' }, Buffer.concat([PNG, Buffer.alloc(300 * 1024)])), expect: [413] },
  { group: 'Body limits', name: 'avatar over 256 KiB, chunked', send: raw([head('PUT /users/1/avatar HTTP/1.1', { 'Content-Type': 'image/png', 'Transfer-Encoding': 'chunked' }), ...Array.from({ length: 10 }, () => chunk('a'.repeat(0x8000)))]), expect: [413] },

  { group: 'Malformed bodies', name: 'a JSON Patch of 40 copies of the books into themselves (2^40 books)', send: call('PATCH', '/bookcase', { 'Content-Type': 'application/json-patch+json' }, JSON.stringify(Array.from({ length: 40 }, () => ({ op: 'copy', from: '/books', path: '/books/-' })))), expect: [422] },
  { group: 'Malformed bodies', name: 'a JSON Patch of 10,001 operations (the limit is 10,000)', send: call('PATCH', '/bookcase', { 'Content-Type': 'application/json-patch+json' }, JSON.stringify(Array.from({ length: 10_001 }, () => ({ op: 'replace', path: '/name', value: 'Renamed' })))), expect: [422] },

  // Nesting
  { group: 'Nesting', name: 'JSON arrays nested 100,000 deep', send: call('POST', '/users', { 'Content-Type': JSON_TYPE }, '['.repeat(100_000) + ']'.repeat(100_000)), expect: [400] },
  { group: 'Nesting', name: 'JSON objects nested 1,000 deep', send: call('PATCH', '/bookcase', { 'Content-Type': 'application/merge-patch+json' }, '{"a":'.repeat(1000) + '1' + '}'.repeat(1000)), expect: [400] },
  { group: 'Nesting', name: 'XML elements nested 10,000 deep', send: call('POST', '/users', { 'Content-Type': XML_TYPE }, '<a>'.repeat(10_000) + '</a>'.repeat(10_000)), expect: [400] },

  // XML attacks
  { group: 'XML entities and DTDs', name: 'XXE: an external entity naming /etc/passwd', send: call('POST', '/users', { 'Content-Type': XML_TYPE }, `<?xml version="1.0"?><!DOCTYPE user [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><user><name>&xxe;</name><email>a@b.org</email><role>viewer</role></user>`), expect: [400], check: (a) => expect(a.body).not.toContain('root:') },
  { group: 'XML entities and DTDs', name: 'billion laughs', send: call('POST', '/users', { 'Content-Type': XML_TYPE }, BILLION_LAUGHS), expect: [400] },
  { group: 'XML entities and DTDs', name: 'an external DTD', send: call('PUT', '/users/1', { 'Content-Type': XML_TYPE }, `<!DOCTYPE user SYSTEM "http://127.0.0.1:9/user.dtd"><user>${ADA_XML}</user>`), expect: [400] },
  { group: 'XML entities and DTDs', name: 'a parameter entity fetching a URL', send: call('PUT', '/bookcase', { 'Content-Type': 'text/xml' }, `<!DOCTYPE x [<!ENTITY % p SYSTEM "http://127.0.0.1:9/">%p;]><bookcase/>`), expect: [400] },
  { group: 'XML entities and DTDs', name: 'XInclude of /etc/passwd', send: call('POST', '/users', { 'Content-Type': XML_TYPE }, `<user xmlns:xi="http://www.w3.org/2001/XInclude"><name><xi:include href="file:///etc/passwd" parse="text"/></name></user>`), expect: [400], check: (a) => expect(a.body).not.toContain('root:') },

  // Prototype pollution
  { group: 'Prototype keys', name: '__proto__ and constructor.prototype in a JSON PUT (same user otherwise)', send: call('PUT', '/users/1', { 'Content-Type': JSON_TYPE }, `{"__proto__":{"polluted":"yes","role":"viewer"},"constructor":{"prototype":{"polluted":"yes"}},${JSON.stringify(ADA).slice(1)}`), expect: [204] },
  { group: 'Prototype keys', name: '__proto__ and constructor in a merge patch', send: call('PATCH', '/users/1', { 'Content-Type': 'application/merge-patch+json' }, '{"__proto__":{"role":"viewer","polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}'), expect: [200], check: (a) => expect(a.body).toContain('"role":"admin"') },
  { group: 'Prototype keys', name: 'a JSON Patch adding /__proto__/polluted', send: call('PATCH', '/users/1', { 'Content-Type': 'application/json-patch+json' }, '[{"op":"add","path":"/__proto__/polluted","value":"yes"}]'), expect: [400] },
  { group: 'Prototype keys', name: 'a JSON Patch adding /constructor/prototype/polluted', send: call('PATCH', '/bookcase', { 'Content-Type': 'application/json-patch+json' }, '[{"op":"add","path":"/constructor/prototype/polluted","value":"yes"}]'), expect: [400] },
  { group: 'Prototype keys', name: '__proto__[x] and constructor[prototype][x] in a form', send: call('POST', '/users', { 'Content-Type': FORM_TYPE }, '__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__.polluted=yes'), expect: [400] },
  { group: 'Prototype keys', name: '__proto__ elements in XML (same user otherwise)', send: call('PUT', '/users/1', { 'Content-Type': XML_TYPE }, `<user><__proto__><polluted>yes</polluted></__proto__><constructor><prototype><polluted>yes</polluted></prototype></constructor>${ADA_XML}</user>`), expect: [204] },
  { group: 'Prototype keys', name: '__proto__ and constructor[prototype] in the query string', send: call('GET', '/user/all?__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__.polluted=yes&page=1'), expect: [200] },
  { group: 'Prototype keys', name: '__proto__ and hasOwnProperty as query parameters of a bound route', send: call('GET', '/users/search?name=a&__proto__=x&hasOwnProperty=x&toString=x'), expect: [200] },
  { group: 'Prototype keys', name: '__proto__ and constructor as matrix variables', send: call('GET', '/user/all;__proto__=x;constructor=y;role=admin'), expect: [200] },

  // Paths
  { group: 'Paths', name: 'invalid percent-encoding in an id', send: call('GET', '/users/%zz'), expect: [400, 404] },
  { group: 'Paths', name: 'a lone % in an id', send: call('GET', '/users/%'), expect: [400, 404] },
  { group: 'Paths', name: 'invalid percent-encoding in a matrix variable', send: call('GET', '/user/all;role=%zz'), expect: [400] },
  { group: 'Paths', name: 'an encoded NUL in an id', send: call('GET', '/users/%00'), expect: [404] },
  { group: 'Paths', name: 'an encoded NUL after a literal path', send: call('GET', '/bookcase%00'), expect: [404] },
  { group: 'Paths', name: 'a raw NUL byte in the request line', send: raw([head('GET /users/\u0000 HTTP/1.1')]), expect: [400] },
  { group: 'Paths', name: 'overlong UTF-8 dots (%c0%ae) in an id', send: call('GET', '/users/%c0%ae%c0%ae'), expect: [400, 404] },
  { group: 'Paths', name: 'a request target that is not a path', send: raw([head('GET bookcase HTTP/1.1')]), expect: [400, 404] },

  // Headers
  { group: 'Headers', name: 'one 20 KB header', send: call('GET', '/bookcase', { 'X-Big': 'a'.repeat(20_000) }), expect: [431] },
  { group: 'Headers', name: '3,000 headers', send: call('GET', '/bookcase', Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`X-H${i}`, 'v']))), expect: [431] },
  { group: 'Headers', name: '500 small headers (under the size limit)', send: call('GET', '/bookcase', Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`X-H${i}`, '1']))), expect: [200] },
  { group: 'Headers', name: 'an Accept of 2,000 media ranges, none acceptable', send: call('GET', '/bookcase', { Accept: Array.from({ length: 2000 }, (_, i) => `a/b${i % 10}`).join(',') }), expect: [406] },
  { group: 'Headers', name: 'an Accept of 1,500 weighted ranges, JSON last (past the 64 members read)', send: call('GET', '/users/1', { Accept: [...Array.from({ length: 1500 }, () => 'x/y;q=0.5'), 'application/json'].join(',') }), expect: [406] },
  { group: 'Headers', name: 'an Accept of 63 weighted ranges, JSON 64th', send: call('GET', '/users/1', { Accept: [...Array.from({ length: 63 }, () => 'x/y;q=0.5'), 'application/json'].join(',') }), expect: [200] },
  { group: 'Headers', name: 'a 14 KB Accept of members that are not media ranges', send: call('GET', '/users/1', { Accept: 'x,'.repeat(7000) }), expect: [406] },
  { group: 'Headers', name: 'an Accept of 5,000 media ranges (over the header size limit)', send: call('GET', '/bookcase', { Accept: Array.from({ length: 5000 }, () => 'text/html;q=0.1').join(', ') }), expect: [431] },
  { group: 'Headers', name: 'an If-None-Match of 2,000 tags', send: call('GET', '/users/1', { 'If-None-Match': Array.from({ length: 2000 }, (_, i) => `"${i}"`).join(', ') }), expect: [200] },
  { group: 'Headers', name: 'a control character in a header value', send: raw([head('GET /bookcase HTTP/1.1', { 'X-Bad': 'a\u0001b' })]), expect: [400] },
  { group: 'Headers', name: 'an obsolete folded header line', send: raw(['GET /bookcase HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Folded: a\r\n b\r\nConnection: close\r\n\r\n']), expect: [200, 400] },
  { group: 'Headers', name: 'an unknown HTTP method', send: raw([head('FOO /bookcase HTTP/1.1')]), expect: [400, 405] },
  { group: 'Headers', name: 'TRACE on a resource', send: call('TRACE', '/bookcase'), expect: [405] },

  // CR/LF into response headers
  { group: 'CR/LF into response headers', name: 'CR/LF in the id a PUT would put in Location', send: call('PUT', '/users/a%0D%0ASet-Cookie:%20x=1', { 'Content-Type': JSON_TYPE }, JSON.stringify(ADA)), expect: [404], check: noHeader('set-cookie') },
  { group: 'CR/LF into response headers', name: 'CR/LF in a matrix variable echoed in Link', send: call('GET', '/user/all;x=%0D%0AX-Injected:%201?size=1'), expect: [200], check: noHeader('x-injected') },
  { group: 'CR/LF into response headers', name: 'raw CR/LF in the request line', send: raw(['GET /users/1\r\nX-Injected: 1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n']), expect: [200, 400, 404], check: noHeader('x-injected') },
  { group: 'CR/LF into response headers', name: 'markup in the Host the feed builds its links from', send: call('GET', '/users/feed', { Host: 'evil"><x>' }), expect: [200, 400], check: (a) => expect(a.body).not.toContain('<x>') },

  // Long matrix segments
  { group: 'Long matrix segments', name: '2,000 role values', send: call('GET', `/user/all;role=${'admin,'.repeat(2000)}viewer`), expect: [200] },
  { group: 'Long matrix segments', name: '2,500 field names', send: call('GET', `/users/1;fields=${'name,'.repeat(2500)}email`), expect: [200] },
  { group: 'Long matrix segments', name: '3,000 matrix variables', send: call('GET', `/users/1;${'a=b;'.repeat(3000)}`), expect: [200] },
  { group: 'Long matrix segments', name: 'a 20 KB matrix segment (over the header size limit)', send: call('GET', `/users/1;fields=${'x'.repeat(20_000)}`), expect: [414, 431] },

  // Path traversal
  { group: 'Path traversal in ids', name: '..%2F..%2Fetc%2Fpasswd as an id', send: call('GET', '/users/..%2F..%2Fetc%2Fpasswd'), expect: [404], check: (a) => expect(a.body).not.toContain('root:') },
  { group: 'Path traversal in ids', name: '../../etc/passwd in the path', send: call('GET', '/users/../../etc/passwd'), expect: [404] },
  { group: 'Path traversal in ids', name: '%2e%2e as an id', send: call('GET', '/users/%2e%2e'), expect: [404] },
  { group: 'Path traversal in ids', name: '.. as the id of a PUT', send: call('PUT', '/users/..', { 'Content-Type': JSON_TYPE }, JSON.stringify(ADA)), expect: [404] },
  { group: 'Path traversal in ids', name: '..%2Fadmin as the id of a PUT', send: call('PUT', '/users/..%2Fadmin', { 'Content-Type': JSON_TYPE }, JSON.stringify(ADA)), expect: [404] },
  { group: 'Path traversal in ids', name: 'an avatar version of ..%2F..%2Fetc%2Fpasswd', send: call('GET', '/users/1/avatar;v=..%2F..%2Fetc%2Fpasswd'), expect: [400] },
  { group: 'Path traversal in ids', name: 'an avatar version of ../../etc/passwd (more segments: no such resource)', send: call('GET', '/users/1/avatar;v=../../etc/passwd'), expect: [404] },
  { group: 'Path traversal in ids', name: '....// sequences', send: call('GET', '/users/....//....//etc/passwd'), expect: [404] },
];

/** What a body must never show: stack frames, source or dependency paths, the working directory. */
const LEAKS = [/\n\s+at /, /node_modules/, /[\\/](?:src|routes|middleware)[\\/]\w/, /\.(?:ts|js):\d+/, new RegExp(process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))];

/** The whole stored state, versions included: any write would show. */
async function snapshot(store: ServiceStore): Promise<unknown> {
  const bookcase = await store.bookcase.read();
  const { state, users } = await store.users.list();
  const avatars = await Promise.all(users.map(async (u) => [u.value.id, (await store.avatars.get(u.value.id))?.version] as const));
  return JSON.parse(JSON.stringify({ bookcase, state, users, avatars }));
}

describe('the bad-input catalogue against the illustrative service', () => {
  let running: RunningServer;
  let port: number;
  let store: ServiceStore;
  const errors: string[] = [];
  const results: { group: string; name: string; status: number; ms: number }[] = [];

  beforeAll(async () => {
    store = createMemoryStore();
    await store.avatars.put('1', { type: 'image/png', bytes: PNG });
    // Error-level log lines are what a 500 or a handler failure leaves: there must be none.
    const sink = new Writable({
      write(line: Buffer, _encoding, done) {
        errors.push(line.toString());
        done();
      },
    });
    const { app } = createApp({ store, cache: true, logger: pino({ level: 'error' }, sink) });
    // Short limits, so that the cases where the server must give up on a client do not take 30 s.
    running = await startServer(app, 0, '127.0.0.1', { headersTimeout: 500, requestTimeout: 1000 });
    port = Number(new URL(running.url).port);
  });

  afterAll(async () => {
    await running.shutdown();
    const report = process.env.CATALOGUE_REPORT;
    if (report !== undefined && report !== '') {
      const lines = ['| group | hostile request | status | ms |', '|---|---|---|---|', ...results.map((r) => `| ${r.group} | ${r.name.replace(/\|/g, '\\|')} | ${r.status} | ${Math.round(r.ms)} |`)];
      writeFileSync(report, `${lines.join('\n')}\n`);
    }
  });

  it.each(CATALOGUE.map((c) => [c.group, c.name, c] as const))('%s: %s', async (group, name, { send, expect: statuses, check }) => {
    const before = await snapshot(store);
    const start = performance.now();
    const answer = await send(port);
    const ms = performance.now() - start;
    results.push({ group, name, status: answer.status, ms });

    expect(statuses).toContain(answer.status);
    for (const leak of LEAKS) expect(answer.body).not.toMatch(leak);
    if (answer.body !== '' && answer.status >= 400) expect(answer.head).toMatch(/\r\ncontent-type: application\/problem\+json; charset=utf-8/i);
    check?.(answer);

    // Still serving, nothing stored changed, nothing reached Object.prototype, nothing logged as an error.
    const after = await rawRequest(port, [head('GET /users/1 HTTP/1.1')]);
    expect(after.status).toBe(200);
    expect(await snapshot(store)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
