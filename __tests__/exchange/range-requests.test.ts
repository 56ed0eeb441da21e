import request from 'supertest';
import { MAX_RANGES } from '../../src/http/byte-ranges';
import { ResponseEntity, createRouter } from '../../src';
import { expectProblem } from '../setup/app-fixture';
import { serverFor, underBothMounts } from '../setup/both-mounts';

/** 1000 bytes, each its position modulo 256, so that any slice says where it came from. */
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
const LAST_MODIFIED = 'Tue, 01 Oct 2024 10:00:00 GMT';

function rangeRouter(options: { readonly now?: () => number } = {}) {
  const api = createRouter({ onError: jest.fn(), ...options });
  api.get('/image').produces('image/png').handle(() => ResponseEntity.ok(BYTES).header('Content-Type', 'image/png').withValidators({ etag: 'v1', lastModified: new Date(LAST_MODIFIED) }));
  api.get('/dated').produces('application/octet-stream').handle(() => ResponseEntity.ok(BYTES).header('Last-Modified', LAST_MODIFIED));
  api.get('/text').produces('text/plain').handle(() => 'some text');
  api.get('/created').produces('image/png').handle(() => ResponseEntity.status(203).withBody(BYTES).header('Content-Type', 'image/png'));
  return api;
}

/** The parts of a multipart/byteranges body (RFC 9110 section 14.6), each with its headers and bytes. */
function byteranges(contentType: string, body: Buffer): Array<{ headers: Record<string, string>; bytes: Buffer }> {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (boundary === undefined) throw new Error(`no boundary in ${contentType}`);
  const text = body.toString('latin1');
  const end = text.indexOf(`--${boundary}--`);
  expect(end).toBeGreaterThan(0);
  return text
    .slice(0, end)
    .split(`--${boundary}\r\n`)
    .slice(1)
    .map((part) => {
      const split = part.indexOf('\r\n\r\n');
      const headers = Object.fromEntries(part.slice(0, split).split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      expect(part.endsWith('\r\n')).toBe(true);
      return { headers, bytes: Buffer.from(part.slice(split + 4, -2), 'latin1') };
    });
}

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

underBothMounts('Range requests on a route\'s bytes', (mount) => {
  const server = () => serverFor(mount, rangeRouter());
  const get = (path: string) => request(server()).get(path).buffer(true).parse(binary);

  it('says it takes byte ranges on a 200 of bytes, to GET and HEAD', async () => {
    const res = await get('/image').expect(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect((res.body as Buffer).equals(BYTES)).toBe(true);
    expect((await request(server()).head('/image').expect(200)).headers['accept-ranges']).toBe('bytes');
  });

  it('answers 206 with the bytes of one range and its Content-Range, validators kept', async () => {
    const res = await get('/image').set('Range', 'bytes=10-19').expect(206);
    expect(res.headers['content-range']).toBe('bytes 10-19/1000');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers.etag).toBe('"v1"');
    expect((res.body as Buffer).equals(BYTES.subarray(10, 20))).toBe(true);
  });

  it('answers a suffix range with the last bytes', async () => {
    const res = await get('/image').set('Range', 'bytes=-5').expect(206);
    expect(res.headers['content-range']).toBe('bytes 995-999/1000');
  });

  it('answers several ranges as multipart/byteranges, each part with its type and range', async () => {
    const res = await get('/image').set('Range', 'bytes=0-4, 500-509, 990-').expect(206);
    expect(res.headers['content-type']).toMatch(/^multipart\/byteranges; boundary=\w+$/);
    expect(res.headers['content-range']).toBeUndefined();
    const parts = byteranges(res.headers['content-type'] as string, res.body as Buffer);
    expect(parts.map((part) => part.headers)).toEqual([
      { 'content-type': 'image/png', 'content-range': 'bytes 0-4/1000' },
      { 'content-type': 'image/png', 'content-range': 'bytes 500-509/1000' },
      { 'content-type': 'image/png', 'content-range': 'bytes 990-999/1000' },
    ]);
    expect(parts.map((part) => part.bytes)).toEqual([BYTES.subarray(0, 5), BYTES.subarray(500, 510), BYTES.subarray(990)]);
  });

  it('sends the parts in the order the ranges were asked for, coalesced ones where the first of them was (RFC 9110 section 14.6)', async () => {
    const res = await get('/image').set('Range', 'bytes=990-, 500-509, 0-4, 505-519').expect(206);
    const parts = byteranges(res.headers['content-type'] as string, res.body as Buffer);
    expect(parts.map((part) => part.headers['content-range'])).toEqual(['bytes 990-999/1000', 'bytes 500-519/1000', 'bytes 0-4/1000']);
    expect(parts.map((part) => part.bytes)).toEqual([BYTES.subarray(990), BYTES.subarray(500, 520), BYTES.subarray(0, 5)]);
  });

  it('coalesces overlapping ranges into one', async () => {
    const res = await get('/image').set('Range', 'bytes=0-99,50-149,150-199').expect(206);
    expect(res.headers['content-range']).toBe('bytes 0-199/1000');
  });

  it(`answers the whole 200 for more than ${MAX_RANGES} ranges`, async () => {
    const many = Array.from({ length: MAX_RANGES + 1 }, (_, i) => `${i * 10}-${i * 10}`).join(',');
    const res = await get('/image').set('Range', `bytes=${many}`).expect(200);
    expect((res.body as Buffer).length).toBe(1000);
  });

  it('answers 416 with Content-Range: bytes */length when no range overlaps', async () => {
    const res = await request(server()).get('/image').set('Range', 'bytes=1000-2000');
    expect(expectProblem(res, 416).type).toBe('urn:represent:problem:range-not-satisfiable');
    expect(res.headers['content-range']).toBe('bytes */1000');
  });

  it.each([
    ['a Range that does not parse', 'bytes=5-1', undefined],
    ['another unit', 'lines=1-2', undefined],
    ['an If-Range naming another tag', 'bytes=0-9', '"v0"'],
    ['an If-Range with a weak tag', 'bytes=0-9', 'W/"v1"'],
    ['an If-Range with another date', 'bytes=0-9', 'Tue, 01 Oct 2024 09:59:59 GMT'],
  ])('answers the whole 200 for %s', async (_case, range, ifRange) => {
    let req = get('/image').set('Range', range);
    if (ifRange !== undefined) req = req.set('If-Range', ifRange);
    const res = await req.expect(200);
    expect((res.body as Buffer).equals(BYTES)).toBe(true);
  });

  it.each([
    ['the current strong tag', '/image', '"v1"'],
    ['the exact Last-Modified date', '/dated', LAST_MODIFIED],
  ])('answers 206 for an If-Range with %s', async (_case, path, ifRange) => {
    const res = await get(path).set('Range', 'bytes=0-9').set('If-Range', ifRange).expect(206);
    expect(res.headers['content-range']).toBe('bytes 0-9/1000');
  });

  it('answers the whole 200 to an If-Range date of a resource modified in the second of the answer\'s Date (RFC 9110 sections 13.1.5, 8.8.2.2)', async () => {
    // Modified twice in that second, a 206 of the second version would be spliced onto the first.
    const sameSecond = serverFor(mount, rangeRouter({ now: () => Date.parse(LAST_MODIFIED) + 400 }));
    const whole = await request(sameSecond).get('/dated').set('Range', 'bytes=0-9').set('If-Range', LAST_MODIFIED).buffer(true).parse(binary).expect(200);
    expect(whole.headers.date).toBe(LAST_MODIFIED);
    expect((whole.body as Buffer).equals(BYTES)).toBe(true);
    const secondLater = serverFor(mount, rangeRouter({ now: () => Date.parse(LAST_MODIFIED) + 1000 }));
    await request(secondLater).get('/dated').set('Range', 'bytes=0-9').set('If-Range', LAST_MODIFIED).expect(206);
  });

  it('answers 304 to a matching If-None-Match before looking at Range (RFC 9110 section 13.2.2)', async () => {
    await request(server()).get('/image').set('Range', 'bytes=0-9').set('If-None-Match', '"v1"').expect(304);
  });

  it('ignores Range on HEAD, on a body that is not bytes, and on a status other than 200', async () => {
    expect((await request(server()).head('/image').set('Range', 'bytes=0-9').expect(200)).headers['content-range']).toBeUndefined();
    const text = await request(server()).get('/text').set('Range', 'bytes=0-1').expect(200);
    expect([text.text, text.headers['accept-ranges']]).toEqual(['some text', undefined]);
    await request(server()).get('/created').set('Range', 'bytes=0-1').expect(203);
  });
});
