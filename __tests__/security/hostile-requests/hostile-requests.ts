import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { type BodyKindName, ROUTES, type RouteName } from './hostile-app';

/**
 * One hostile request as the bytes that go on the wire (latin1, one character a byte, so that a
 * counterexample prints readably), and whether the client stops sending after them. A request
 * whose framing is broken (a cut head or body, a wrong length, random bytes) is always followed
 * by the client's end, since the server would otherwise rightly wait for the rest; a well-framed
 * one keeps the connection open for the answer and asks the server to close it after.
 */
export interface HostileRequest {
  readonly route: RouteName;
  readonly wire: string;
  readonly halfClose: boolean;
}

const latin1 = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

/** Odd text for a header value or a parameter: printable junk, bytes past ASCII, encodings that do not decode. */
const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
const obsText = fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code));
const junk: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: printable, maxLength: 24 }) },
  fc.string({ unit: fc.oneof(printable, obsText), maxLength: 16 }),
  fc.string({ unit: 'binary', maxLength: 12 }).map(latin1),
  fc.constantFrom('', ' ', '\t', '%', '%zz', '%ff%fe', '%E2%82', '"', '""', '\\', ',', ';', '=', '*', '-1', '1e999', '0x10', 'NaN', '99999999999999999999', '\u00e9', '\u00ff', 'a'.repeat(2000), ',,,,,,', 'true', 'yes'),
);

const number = fc.oneof(fc.nat({ max: 2000 }), fc.integer({ min: -5, max: 5 }), fc.constantFrom(Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 1e21));
const numberText = fc.oneof(number.map(String), fc.constantFrom('', '99999999999999999999999', '1.5', '+3', '0x1f', ' 7'));

const entityTag = fc.oneof(
  fc.constantFrom('"f1"', 'W/"f1"', '"c1"', '"d1"', '"d1;json"', '*', '"', 'W/', 'W/"', '"a"b"', '"\u00ff"', 'f1', '""'),
  junk.map((text) => `"${text}"`),
);
const entityTags = fc.array(entityTag, { minLength: 1, maxLength: 8 }).chain((tags) => fc.constantFrom(', ', ',', ' ,, ').map((separator) => tags.join(separator)));

const httpDate = fc.oneof(
  fc.constantFrom('Tue, 01 Oct 2024 10:00:00 GMT', 'Mon, 30 Sep 2024 10:00:00 GMT', 'Wed, 02 Oct 2024 10:00:00 GMT', 'Sun, 06 Nov 1994 08:49:37 GMT', 'Sunday, 06-Nov-94 08:49:37 GMT', 'Sun Nov  6 08:49:37 1994', 'Fri, 30 Feb 2024 10:00:00 GMT', 'Tue, 01 Oct 99999 10:00:00 GMT', 'Tue, 01 Oct 2024 25:61:61 GMT', '0', '-1', 'now'),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((date) => date.toUTCString()),
);

const rangeSpec = fc.oneof(
  fc.tuple(numberText, numberText).map(([first, last]) => `${first}-${last}`),
  numberText.map((n) => `-${n}`),
  numberText.map((n) => `${n}-`),
  junk,
);
const rangeHeader = fc.oneof(
  fc.array(rangeSpec, { minLength: 1, maxLength: 40 }).chain((specs) => fc.constantFrom('bytes=', 'bytes = ', 'BYTES=', 'items=', '', 'bytes=,').map((unit) => `${unit}${specs.join(',')}`)),
  junk,
);

const mediaRange = fc.oneof(
  fc.constantFrom('*/*', 'application/json', 'application/xml', 'text/*', 'text/event-stream', 'application/x-ndjson', 'application/jsonl', 'image/png', 'text/csv', 'text/html', 'application/problem+xml', '*/json', 'application', '/', ''),
  junk,
);
const accept = fc
  .array(fc.tuple(mediaRange, fc.option(fc.oneof(fc.constantFrom('0', '1', '0.5', '2', '-1', '1.0001', 'x'), junk))), { maxLength: 12 })
  .map((ranges) => ranges.map(([range, q]) => (q === null ? range : `${range};q=${q}`)).join(', '));

/** Many cookies, some named as the route binds them, values ill-encoded. */
const cookieHeader = fc
  .array(
    fc.tuple(fc.oneof(fc.constantFrom('session', 'size', 'Size', '__proto__', 'constructor', ''), junk), fc.oneof(numberText, junk, fc.constantFrom('%', '%zz', '%ff', '"quoted"', '"open', 'a=b=c', '%00'))),
    { maxLength: 120 },
  )
  .chain((pairs) => fc.constantFrom('; ', ';', ';;', ', ').map((separator) => pairs.map(([name, value]) => (value === '' && name === '' ? '' : `${name}=${value}`)).join(separator)));

const cacheControl = fc.oneof(fc.constantFrom('no-cache', 'no-store', 'max-age=0', 'max-age=-1', 'max-stale', 'max-stale=abc', 'min-fresh=99999999999999999999', 'only-if-cached', 'no-transform', 'max-age="5"', 'max-age=5, max-age=7'), junk);
const host = fc.oneof({ weight: 12, arbitrary: fc.constant('127.0.0.1') }, fc.constantFrom('localhost:99999', '[::1', 'a b', '', 'EXAMPLE.org.', 'xn--', '127.0.0.1, evil.example', '\u00e9.example'));

/** Headers a hostile client adds besides those the route reads. */
const extraHeader: fc.Arbitrary<readonly [string, string]> = fc.oneof(
  accept.map((value) => ['Accept', value] as const),
  rangeHeader.map((value) => ['Range', value] as const),
  fc.oneof(entityTag, httpDate, junk).map((value) => ['If-Range', value] as const),
  entityTags.map((value) => ['If-None-Match', value] as const),
  entityTags.map((value) => ['If-Match', value] as const),
  fc.oneof(httpDate, junk).map((value) => ['If-Modified-Since', value] as const),
  fc.oneof(httpDate, junk).map((value) => ['If-Unmodified-Since', value] as const),
  cookieHeader.map((value) => ['Cookie', value] as const),
  numberText.map((value) => ['X-Count', value] as const),
  fc.oneof(fc.constantFrom('true', 'false', '1', 'TRUE'), junk).map((value) => ['X-Flag', value] as const),
  junk.map((value) => ['X-Variant', value] as const),
  fc.oneof(numberText, junk).map((value) => ['Last-Event-ID', value] as const),
  cacheControl.map((value) => ['Cache-Control', value] as const),
  fc.constantFrom('no-cache', 'x').map((value) => ['Pragma', value] as const),
  fc.oneof(fc.constantFrom('Bearer x', 'Basic Og==', 'Basic %%%'), junk).map((value) => ['Authorization', value] as const),
  fc.oneof(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'gzip, gzip', 'compress', 'x-unknown'), junk).map((value) => ['Accept-Encoding', value] as const),
  fc.constantFrom('100-continue', 'nonsense').map((value) => ['Expect', value] as const),
  fc.oneof(fc.constantFrom('keep-alive', 'upgrade', 'close, TE'), junk).map((value) => ['X-Forwarded-Proto', value] as const),
  fc.tuple(fc.constantFrom('X-Junk', 'x-\u00e9', 'Content-Location', 'Origin', 'Forwarded', 'Content-Range'), junk),
);

const JSON_TOKENS = ['{', '}', '[', ']', '"', ':', ',', '"title"', '"pages"', '"tags"', '"__proto__"', '"constructor"', '{"prototype":', '1e999', '-0', 'null', 'true', '\\u0000', '\\ud800', '"a"', ' ', '\n', '0.5', '[[[[[[[[', '\u00e9', '\\'];
const XML_TOKENS = ['<', '>', '</', '/>', '<a>', '</a>', '<?xml version="1.0"?>', '<?xml version="1.0" encoding="ISO-8859-1"?>', '<?xml version="1.0" encoding="x-nope"?>', '<!DOCTYPE a [<!ENTITY x "y">]>', '<!DOCTYPE a SYSTEM "file:///etc/passwd">', '<!ENTITY % p SYSTEM "http://127.0.0.1:1/">', '%p;', '<!ENTITY', '&x;', '&amp;', '&#0;', '&#x110000;', '&#xD800;', '<![CDATA[', ']]>', '<!--', '-->', 'xmlns="urn:x"', 'xmlns:a="', ' b="1"', ' b="1" b="2"', '__proto__', '<title>t</title>', '\u00e9', '\u0000', '<?pi?>'];
const FORM_TOKENS = ['title=a', 'pages=1', '&', '=', '%', '%zz', '%41', '+', '__proto__[x]=1', 'constructor.prototype.x=1', 'a', ';', '%E2%82%AC', '%C3', 'title[]=1', 'title[a][b]=c'];
const CSV_TOKENS = ['a,b\r\n', '1,2\r\n', 'n\r\n', '"', '""', ',', '\n', '\r', 'x"y', '__proto__,constructor\r\n', '\u00e9'];

const soup = (tokens: readonly string[]): fc.Arbitrary<string> => fc.array(fc.constantFrom(...tokens), { maxLength: 40 }).map((parts) => latin1(parts.join('')));
const randomBytes = fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes).toString('latin1'));
const deep = (open: string, close: string): fc.Arbitrary<string> => fc.tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean()).map(([depth, closed]) => open.repeat(depth) + (closed ? close.repeat(depth) : ''));

const BILLION_LAUGHS = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]><a>&lol9;</a>`;

const jsonBody = fc.oneof(
  soup(JSON_TOKENS),
  deep('[', ']'),
  deep('{"a":', '}'),
  fc.record({ title: junk, pages: fc.oneof(number, junk), tags: fc.array(junk, { maxLength: 5 }) }).map((book) => latin1(JSON.stringify(book))),
  fc.constantFrom('{"title":"t","__proto__":{"polluted":1}}', '{"title":"t","constructor":{"prototype":{"x":1}}}', '"\ud800"', `{"title":"${'a'.repeat(100_000)}"}`),
  randomBytes,
);
const xmlBody = fc.oneof(soup(XML_TOKENS), deep('<a>', '</a>'), fc.constantFrom(BILLION_LAUGHS, '<a xmlns="urn:x" xmlns="urn:y"/>', '<?xml version="1.0" encoding="UTF-16"?><a/>', '\ufeff<a/>'), randomBytes);
const formBody = fc.oneof(soup(FORM_TOKENS), fc.array(fc.tuple(junk, junk), { maxLength: 30 }).map((pairs) => latin1(pairs.map(([name, value]) => `${name}=${value}`).join('&'))), randomBytes);
const csvBody = fc.oneof(soup(CSV_TOKENS), randomBytes);
const textBody = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }).map(latin1), randomBytes);

const NAMES = ['title', 'pages', 'cover', 'x', '', '__proto__', 'a'.repeat(300), 't\u00e9', '"'];

/** One part: its Content-Disposition kept, without a name, without a filename, broken, missing. */
const multipartPart = fc
  .record({
    disposition: fc.constantFrom('field', 'file', 'no-name', 'file-no-name', 'filename-star', 'bad-quote', 'not-form-data', 'missing', 'empty-name'),
    name: fc.constantFrom(...NAMES),
    filename: fc.oneof(fc.constantFrom('a.png', '../../etc/passwd', '', 'C:\\x\\y.txt', '\u202Efdp.exe', '\u00e9.txt', 'a"b'), junk),
    contentType: fc.option(fc.oneof(fc.constantFrom('text/plain', 'application/octet-stream', 'image/png; charset=utf-16', 'multipart/mixed; boundary=inner'), junk)),
    extraLines: fc.array(fc.oneof(fc.constantFrom('Content-Transfer-Encoding: base64', 'X: y', 'no colon here', ': empty name', 'Content-Disposition: form-data; name="again"'), junk), { maxLength: 2 }),
    content: fc.oneof(fc.string({ maxLength: 60 }).map(latin1), randomBytes, numberText),
  })
  .map(({ disposition, name, filename, contentType, extraLines, content }) => {
    const lines: string[] = [];
    const dispositions: Record<typeof disposition, string | undefined> = {
      field: `form-data; name="${name}"`,
      file: `form-data; name="${name}"; filename="${filename}"`,
      'no-name': 'form-data',
      'file-no-name': `form-data; filename="${filename}"`,
      'filename-star': `form-data; name="${name}"; filename*=utf-8''%ff%fe${encodeURIComponent(filename)}`,
      'bad-quote': `form-data; name="${name}; filename="`,
      'not-form-data': `attachment; name="${name}"`,
      missing: undefined,
      'empty-name': 'form-data; name=""',
    };
    const value = dispositions[disposition];
    if (value !== undefined) lines.push(`Content-Disposition: ${value}`);
    if (contentType !== null) lines.push(`Content-Type: ${contentType}`);
    lines.push(...extraLines);
    return { head: latin1(lines.join('\r\n')), content };
  });

/** A multipart body and the Content-Type it is sent with: boundaries that differ, closing delimiters missing, cut mid-part. */
const multipartBody = fc
  .record({
    boundary: fc.constantFrom('b0undary', 'x', 'a'.repeat(70), 'b'.repeat(200), 'with space', "'q'", '--'),
    declared: fc.constantFrom('same', 'same', 'same', 'other', 'missing', 'empty', 'quoted', 'twice'),
    parts: fc.array(multipartPart, { maxLength: 5 }),
    ending: fc.constantFrom('close', 'close', 'missing', 'no-crlf', 'trailing-junk', 'preamble'),
    cut: fc.option(fc.nat()),
  })
  .map(({ boundary, declared, parts, ending, cut }) => {
    let body = (ending === 'preamble' ? 'preamble text\r\n' : '') + parts.map((part) => `--${boundary}\r\n${part.head}\r\n\r\n${part.content}\r\n`).join('');
    if (ending === 'close' || ending === 'preamble') body += `--${boundary}--\r\n`;
    else if (ending === 'no-crlf') body += `--${boundary}--`;
    else if (ending === 'trailing-junk') body += `--${boundary}--\r\n--${boundary}\r\nContent-Disposition: form-data; name="late"\r\n\r\nx`;
    if (cut !== null && body.length > 0) body = body.slice(0, cut % body.length);
    const parameter: Record<typeof declared, string> = {
      same: `; boundary=${boundary}`,
      other: '; boundary=something-else',
      missing: '',
      empty: '; boundary=',
      quoted: `; boundary="${boundary}"`,
      twice: `; boundary=${boundary}; boundary=other`,
    };
    return { contentType: `multipart/form-data${parameter[declared]}`, body };
  });

/** The Content-Types each kind of body is sent with (besides wrong ones), and its bytes. */
const BODIES: Readonly<Record<Exclude<BodyKindName, 'multipart' | 'none'>, readonly [readonly string[], fc.Arbitrary<string>]>> = {
  json: [['application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16le', 'application/merge-patch+json'], jsonBody],
  xml: [['application/xml', 'text/xml; charset=iso-8859-1', 'application/atom+xml', 'application/xml; charset=x-nope'], xmlBody],
  text: [['text/plain', 'text/plain; charset=shift_jis', 'text/plain; charset=utf-16be', 'text/plain; charset=us-ascii'], textBody],
  form: [['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=iso-8859-1'], formBody],
  csv: [['text/csv', 'text/csv; charset=utf-8; header=present'], csvBody],
  bytes: [['application/octet-stream', 'image/png', 'application/json'], randomBytes],
};
const ANY_CONTENT_TYPE = ['', 'json', 'application/', '*/*', 'text/plain; charset', 'application/json; charset="', `application/json;${' a=b;'.repeat(40)}`, 'multipart/form-data', 'multipart/mixed; boundary=x'];

/** The body of a request to a route of this kind, and its Content-Type (null: none sent); now and then a wrong type. */
function bodyFor(kind: BodyKindName): fc.Arbitrary<{ contentType: string | null; body: string }> {
  const typed = ([types, body]: readonly [readonly string[], fc.Arbitrary<string>]) =>
    fc.record({ contentType: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...types) }, fc.constantFrom(...ANY_CONTENT_TYPE), junk), body });
  if (kind === 'multipart') return fc.oneof({ weight: 5, arbitrary: multipartBody }, fc.record({ contentType: fc.constantFrom(...ANY_CONTENT_TYPE), body: randomBytes }));
  if (kind === 'none') return fc.oneof({ weight: 5, arbitrary: fc.constant({ contentType: null, body: '' }) }, typed(BODIES.json));
  return typed(BODIES[kind]);
}

/** The request target: the route's path, sometimes bent (odd bytes, dot segments, matrix and query junk). */
function targetFor(path: string): fc.Arbitrary<string> {
  const query = fc.array(fc.tuple(fc.constantFrom('page', 'tag', 'size', '__proto__', 'page[]', ''), fc.oneof(numberText, junk)), { maxLength: 8 }).map((pairs) => pairs.map(([name, value]) => `${name}=${encodeURIComponent(value).replace(/%25/g, '%')}`).join('&'));
  return fc.oneof(
    { weight: 6, arbitrary: fc.option(query).map((q) => (q === null ? path : `${path}?${q}`)) },
    fc.constantFrom('%zz', '%00', '/..', '/../..%2f', '//', ';', ';color=%ff;color=', ';;=;', '.json', '.xml', '.nope', '%2e%2e', '/\u00e9', '?%', '#frag').map((suffix) => latin1(path + suffix)),
    fc.constantFrom(`http://127.0.0.1${path}`, `//${path}`, '*', `${path}/${'a'.repeat(5000)}`, path.toUpperCase()),
  );
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'get', 'G\u00c9T'];

/** How the body is framed: right, or wrong in one of the ways a broken or hostile client gets it wrong. */
type Framing = 'length' | 'chunked' | 'long' | 'short' | 'cut-chunked' | 'bad-chunk' | 'both' | 'cut-head' | 'header-injection';
const FRAMINGS = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom<Framing>('length', 'chunked') },
  { weight: 3, arbitrary: fc.constantFrom<Framing>('long', 'short', 'cut-chunked', 'bad-chunk', 'both', 'cut-head', 'header-injection') },
);

function chunked(body: string, sizes: readonly number[]): string {
  let out = '';
  let at = 0;
  for (const size of sizes) {
    if (at >= body.length) break;
    const piece = body.slice(at, at + Math.max(1, size));
    at += piece.length;
    out += `${piece.length.toString(16)}\r\n${piece}\r\n`;
  }
  if (at < body.length) out += `${(body.length - at).toString(16)}\r\n${body.slice(at)}\r\n`;
  return `${out}0\r\n\r\n`;
}

/** A hostile request to `route`: its method (usually the route's), target, headers, body and framing. */
function requestTo(route: RouteName): fc.Arbitrary<HostileRequest> {
  const declared = ROUTES[route];
  return fc
    .record({
      method: fc.oneof({ weight: 8, arbitrary: fc.constant<string>(declared.method) }, fc.constantFrom(...METHODS)),
      target: targetFor(declared.path),
      version: fc.oneof({ weight: 12, arbitrary: fc.constant('HTTP/1.1') }, fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x')),
      host: host,
      body: bodyFor(declared.kind),
      encoding: fc.oneof({ weight: 6, arbitrary: fc.constant<string | null>(null) }, fc.constantFrom('gzip', 'gzip-cut', 'deflate', 'br', 'x-unknown', 'gzip, identity')),
      headers: fc.array(extraHeader, { maxLength: 4 }),
      framing: FRAMINGS,
      sizes: fc.array(fc.integer({ min: 1, max: 64 }), { maxLength: 6 }),
      cut: fc.nat(),
      injected: fc.constantFrom('\r\nX-Injected: 1', '\r\n\r\nGET / HTTP/1.1', '\n', '\r', '\u0000', '\r\n Folded: continuation'),
    })
    .map(({ method, target, version, host: hostValue, body: { contentType, body }, encoding, headers, framing, sizes, cut, injected }) => {
      let bytes = body;
      const lines: [string, string][] = [];
      if (hostValue !== '') lines.push(['Host', hostValue]);
      lines.push(['Connection', 'close']);
      if (contentType !== null) lines.push(['Content-Type', contentType]);
      if (encoding !== null && bytes.length > 0) {
        lines.push(['Content-Encoding', encoding.replace('-cut', '')]);
        if (encoding.startsWith('gzip')) {
          const zipped = gzipSync(Buffer.from(bytes, 'latin1')).toString('latin1');
          bytes = encoding === 'gzip-cut' ? zipped.slice(0, cut % zipped.length) : zipped;
        }
      }
      lines.push(...headers.map(([name, value]) => [name, value] as [string, string]));
      const hasBody = bytes.length > 0 || contentType !== null;
      let payload = '';
      let halfClose = framing !== 'length' && framing !== 'chunked';
      if (hasBody) {
        switch (framing) {
          case 'chunked':
          case 'cut-chunked':
          case 'bad-chunk': {
            lines.push(['Transfer-Encoding', 'chunked']);
            const whole = chunked(bytes, sizes);
            payload = framing === 'chunked' ? whole : framing === 'cut-chunked' ? whole.slice(0, cut % whole.length) : `zz\r\n${bytes}\r\n0\r\n\r\n`;
            break;
          }
          case 'long':
            lines.push(['Content-Length', String(bytes.length + 1 + (cut % 1000))]);
            payload = bytes;
            break;
          case 'short':
            lines.push(['Content-Length', String(bytes.length === 0 ? 0 : cut % bytes.length)]);
            payload = bytes;
            break;
          case 'both':
            lines.push(['Content-Length', String(bytes.length)], ['Transfer-Encoding', 'chunked']);
            payload = bytes;
            break;
          default:
            lines.push(['Content-Length', String(bytes.length)]);
            payload = bytes;
        }
      } else if (framing === 'long') {
        lines.push(['Content-Length', String(1 + (cut % 1000))]);
      }
      if (framing === 'header-injection' && lines.length > 0) {
        const at = cut % lines.length;
        lines[at] = [lines[at]![0], lines[at]![1] + injected];
      }
      const head = `${method} ${target} ${version}\r\n${lines.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n`;
      let wire = head + payload;
      if (framing === 'cut-head') wire = head.slice(0, cut % head.length);
      // Another protocol version may not close when asked to, or not be read at all.
      if (version !== 'HTTP/1.1') halfClose = true;
      return { route, wire, halfClose };
    });
}

/** A hostile request to any of the routes, or bytes that are no HTTP at all. */
export const hostileRequest: fc.Arbitrary<HostileRequest> = fc.oneof(
  { weight: 20, arbitrary: fc.constantFrom(...(Object.keys(ROUTES) as RouteName[])).chain(requestTo) },
  { weight: 1, arbitrary: randomBytes.map((wire): HostileRequest => ({ route: 'json', wire, halfClose: true })) },
  { weight: 1, arbitrary: fc.constantFrom(...(Object.keys(ROUTES) as RouteName[])).chain((route) => randomBytes.map((tail): HostileRequest => ({ route, wire: `${ROUTES[route].method} ${ROUTES[route].path} HTTP/1.1\r\n${tail}`, halfClose: true }))) },
);
