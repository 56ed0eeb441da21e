import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import request from 'supertest';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { BadRequest, ProblemType, ResponseEntity } from '../../src';
import type { BodyConverter } from '../../src/converters';
import { readRawBody } from '../../src/exchange/body-reader';
import { HttpError } from '../../src/errors/http-error';
import { contentCodings } from '../../src/http/content-coding';
import { parseMediaType } from '../../src/http/media-type';
import { expectProblem, serve, spyHandler } from '../setup/negotiation-fixture';

const DOCUMENT = { title: 'Dune', tags: ['spice', 'sand'] };

/** The bodies a {@link refusingConverter} was handed, each refused before a byte was read (as an upload without a boundary is). */
const refusedBodies: Readable[] = [];
const refusingConverter: BodyConverter = {
  name: 'refusing',
  supportedMediaTypes: [parseMediaType('application/x-refused')],
  canRead: (_kind, type) => type.subtype === 'x-refused',
  canWrite: () => false,
  read: () => Promise.reject(new Error('not called: the converter reads streams')),
  readStream: (body) => {
    refusedBodies.push(body);
    return Promise.reject(new BadRequest('Refused before reading'));
  },
  write: () => {
    throw new TypeError('writes nothing');
  },
};
const JSON_BYTES = Buffer.from(JSON.stringify(DOCUMENT));

describe('contentCodings(field): the codings of a body, in the order applied', () => {
  it.each<[string | undefined, string[]]>([
    [undefined, []],
    ['', []],
    ['identity', []],
    ['gzip', ['gzip']],
    ['GZip', ['gzip']],
    ['gzip, br', ['gzip', 'br']],
    [' deflate ,, identity , x-gzip ', ['deflate', 'x-gzip']],
  ])('%j gives %j', (field, expected) => {
    expect(contentCodings(field)).toEqual(expected);
  });
});

describe('request bodies in a content coding (RFC 9110 section 8.4)', () => {
  const handler = spyHandler<typeof DOCUMENT>((body) => body);
  const app = serve((api) => {
    api.post('/echo').consumes('application/json').body(Object).handle(handler);
    api.post('/small').consumes('application/json').body(Object).limit(1000).handle(handler);
    api.post('/text').body(String).handle((ctx) => ResponseEntity.ok(ctx.body).header('Content-Type', 'text/plain'));
    api.post('/refusing').converters((registry) => registry.prepend(refusingConverter)).body(Buffer).handle((ctx) => ({ length: ctx.body.length }));
  });
  beforeEach(() => handler.mockClear());

  // superagent would write a Buffer as the JSON of its bytes when the type is JSON: send it as it is.
  const post = (path: string, encoding: string, body: Buffer) =>
    request(app)
      .post(path)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .serialize((bytes: unknown) => bytes as string)
      .send(body);

  it.each<[string, Buffer]>([
    ['gzip', zlib.gzipSync(JSON_BYTES)],
    ['x-gzip', zlib.gzipSync(JSON_BYTES)],
    ['GZIP', zlib.gzipSync(JSON_BYTES)],
    ['deflate', zlib.deflateSync(JSON_BYTES)],
    ['br', zlib.brotliCompressSync(JSON_BYTES)],
    ['identity', JSON_BYTES],
    ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(JSON_BYTES))],
  ])('decodes a body in %s before reading it', async (encoding, body) => {
    const res = await post('/echo', encoding, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DOCUMENT);
  });

  it.each(['compress', 'gzip, zstd'])('answers 415 with Accept-Encoding to %j, without running the handler', async (encoding) => {
    const problem = expectProblem(await post('/echo', encoding, JSON_BYTES), 415);
    expect(problem.type).toBe(ProblemType.unsupportedContentCoding);
    expect(problem.detail).toBe(`Content-Encoding '${encoding.split(', ').pop()}' is not supported; supported: gzip, deflate, br`);
    expect(problem.supported).toEqual(['gzip', 'deflate', 'br']);
    const res = await post('/echo', encoding, JSON_BYTES);
    expect(res.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(handler).not.toHaveBeenCalled();
  });

  it.each<[string, string, Buffer]>([
    ['bytes that are no gzip', 'gzip', JSON_BYTES],
    ['a gzip cut short', 'gzip', zlib.gzipSync(JSON_BYTES).subarray(0, 20)],
    ['bytes that are no brotli', 'br', Buffer.from('not brotli at all, not at all')],
  ])('answers 400 to %s', async (_name, encoding, body) => {
    const problem = expectProblem(await post('/echo', encoding, body), 400);
    expect(problem.type).toBe(ProblemType.malformedBody);
    expect(problem.detail).toMatch(new RegExp(`^The request body is not valid ${encoding}: `));
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 413 to a small body that inflates past the limit (a zip bomb)', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(1000 * 1024);
    const problem = expectProblem(await post('/echo', 'gzip', bomb), 413);
    expect(problem.type).toBe(ProblemType.bodyTooLarge);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 413 when the encoded bytes of a chunked body pass the limit, though they decode to nothing', async () => {
    const empty = zlib.gzipSync(Buffer.alloc(0));
    const members = Buffer.concat(Array.from({ length: Math.ceil(2000 / empty.length) }, () => empty));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) => {
        // No Content-Length: the body is chunked, and only counting what arrives can stop it.
        const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/small', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.write(members);
        req.end();
      });
      expect(status).toBe(413);
      expect(handler).not.toHaveBeenCalled();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('answers 413 to an encoded Content-Length over the limit before a byte of the body arrives', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const headers = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': '5000' };
      const status = await new Promise<number>((resolve, reject) => {
        // The body is never sent: only the Content-Length can answer.
        const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/small', headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        req.flushHeaders();
      });
      expect(status).toBe(413);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('reads an empty body with a Content-Encoding as empty: there is nothing to decode', async () => {
    const res = await post('/text', 'gzip', Buffer.alloc(0));
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  // A streaming converter may refuse a body before it listens to it (the upload's reader refuses a
  // body without a boundary so); the decoder's failure comes after, and was an 'error' event nobody
  // listened to: the process crashed.
  it('answers a converter refusing a body in a corrupt coding, and the decoding failing after throws nothing', async () => {
    const res = await request(app)
      .post('/refusing')
      .set('Content-Type', 'application/x-refused')
      .set('Content-Encoding', 'deflate')
      .serialize((bytes: unknown) => bytes as string)
      .send(Buffer.from('not deflate'));
    expectProblem(res, 400);
    const body = refusedBodies.pop()!;
    // destroy() emits 'error', then 'close': once closed, an error nobody listens to has been thrown.
    if (!body.closed) await new Promise((resolve) => body.once('close', resolve));
    expect(body.errored).toMatchObject({ type: 'encoding.invalid' });
  });
});

describe('readRawBody(req, limit) when the client is gone', () => {
  function request(headers: Record<string, string>): IncomingMessage {
    const req = new IncomingMessage(new Socket());
    req.headers = headers;
    return req;
  }

  it.each([
    ['without a coding', {}],
    ['in gzip', { 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' }],
  ])('answers 400 at once for a request aborted before its body was read, %s', async (_name, headers) => {
    const req = request(headers);
    req.destroy();
    await expect(readRawBody(req, 1000)).rejects.toMatchObject({ status: 400, detail: 'The client aborted the request body' });
  });

  it('answers 400 when a gzip body is aborted while it is read, and stops listening to the request', async () => {
    const req = request({ 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' });
    const reading = readRawBody(req, 1000);
    req.push(zlib.gzipSync(Buffer.from('{"a":')).subarray(0, 10));
    req.emit('aborted');
    const error = await reading.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect(req.listenerCount('aborted')).toBe(0);
    expect(req.listenerCount('data')).toBe(0);
  });
});
