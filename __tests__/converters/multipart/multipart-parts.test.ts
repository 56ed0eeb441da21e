import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { type Server, request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import request from 'supertest';
import { type FilePart, HttpError, MultipartParts, createRouter } from '../../../src';
import { MultipartConverter, type MultipartLimits } from '../../../src/converters';
import { serverFor, underBothMounts } from '../../setup/both-mounts';
import { expectProblem } from '../../setup/app-fixture';

jest.setTimeout(120_000);

const MB = 1024 * 1024;

/** A folder of this test's own, where the converter would store files: it must stay empty. */
const directory = mkdtempSync(join(tmpdir(), 'multipart-parts-test-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A promise with its resolver, and a deadline of its own that fails saying what was awaited. */
function deferred<T>(what: string, ms = 30_000): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  let timer: NodeJS.Timeout;
  const promise = new Promise<T>((done, fail) => {
    resolve = (value) => {
      clearTimeout(timer);
      done(value);
    };
    timer = setTimeout(() => fail(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return { promise, resolve };
}

/** Reads a file part through a hash, counting its bytes and the chunks they came in: no disk. */
async function hashPart(part: FilePart): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    part.stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        hash.update(chunk);
        done();
      },
    }),
  );
  return { bytes, sha256: hash.digest('hex') };
}

type Converters = Parameters<Parameters<ReturnType<ReturnType<typeof createRouter>['post']>['converters']>[0]>[0];
const withLimits = (limits: MultipartLimits) => (registry: Converters) => registry.replace('multipart', new MultipartConverter({ limits, directory }));

/** The routes: every part read through a hash, one that swallows failures, one that reads nothing, one that skips files. */
function partsRouter(hooks: { gotFile?: (part: FilePart) => Promise<void> } = {}) {
  const api = createRouter({ onError: jest.fn() });
  const post = (path: string, limits: MultipartLimits = { fileSize: 25 * MB, files: 3, fields: 3 }) => api.post(path).converters(withLimits(limits)).limit(30 * MB).body(MultipartParts);
  post('/hashes').handle(async (ctx) => {
    const parts: unknown[] = [];
    for await (const part of ctx.body) {
      if (part.kind === 'field') parts.push({ field: part.name, value: part.value });
      else {
        await hooks.gotFile?.(part);
        parts.push({ file: part.field, filename: part.filename, mediaType: part.mediaType, ...(await hashPart(part)) });
      }
    }
    // Read while the request is handled: a stored upload would be in the converter's folder now.
    return { parts, stored: readdirSync(directory) };
  });
  post('/small', { fileSize: 1024, files: 2, fields: 2 }).handle(async (ctx) => {
    for await (const part of ctx.body) if (part.kind === 'file') await hashPart(part);
    return { read: true };
  });
  post('/swallowing', { fileSize: 1024, files: 2, fields: 2 }).handle(async (ctx) => {
    try {
      for await (const part of ctx.body) if (part.kind === 'file') await hashPart(part);
    } catch {
      // The handler makes nothing of the failure: the router answers it all the same.
    }
    return { read: true };
  });
  post('/fields-only').handle(async (ctx) => {
    const fields: Record<string, string> = {};
    const skipped: string[] = [];
    for await (const part of ctx.body) {
      if (part.kind === 'field') fields[part.name] = part.value;
      else skipped.push(part.field);
    }
    return { fields, skipped };
  });
  post('/first-field').handle(async (ctx) => {
    for await (const part of ctx.body) if (part.kind === 'field') return { first: part.value };
    return { first: null };
  });
  post('/nothing').handle(() => ({ read: false }));
  return api;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('.body(MultipartParts): files handed on as streams', () => {
  it('pipes a 20 MB file through a hash as it arrives, with no temporary file, every byte counted', async () => {
    const file = Buffer.alloc(20 * MB);
    for (let at = 0; at < file.length; at += 4096) file.writeUInt32BE(at, at);
    const res = await request(serverFor('middleware', partsRouter()))
      .post('/hashes')
      .field('title', 'backup')
      .attach('archive', file, { filename: '../big.bin', contentType: 'application/octet-stream' })
      .field('after', 'yes')
      .expect(200);
    expect(res.body).toEqual({
      parts: [
        { field: 'title', value: 'backup' },
        { file: 'archive', filename: 'big.bin', mediaType: 'application/octet-stream', bytes: 20 * MB, sha256: sha256(file) },
        { field: 'after', value: 'yes' },
      ],
      stored: [],
    });
    expect(readdirSync(directory)).toEqual([]);
  });

  it('holds the request back while the handler does not read a file part (backpressure)', async () => {
    const file = Buffer.alloc(20 * MB, 7);
    const got = deferred<Socket>('the handler receiving the file part');
    const release = deferred<void>('the test releasing the handler', 90_000);
    const router = partsRouter({
      gotFile: async () => {
        got.resolve(socketOf.current!);
        await release.promise;
      },
    });
    const socketOf: { current?: Socket } = {};
    const server = serverFor('middleware', router);
    server.on('connection', (socket: Socket) => (socketOf.current = socket));
    const answer = request(server).post('/hashes').attach('archive', file, 'big.bin').then((res) => res);
    const socket = await got.promise;
    // Wait, with a deadline, until the server reads no more of the body: it is held back.
    let last = -1;
    let steady = 0;
    const deadline = Date.now() + 30_000;
    while (steady < 5 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      steady = socket.bytesRead === last ? steady + 1 : 0;
      last = socket.bytesRead;
    }
    // Without backpressure the whole 20 MB would be read (and held) while the handler waits.
    expect(socket.bytesRead).toBeLessThan(8 * MB);
    release.resolve();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.body.parts[0]).toMatchObject({ bytes: 20 * MB, sha256: sha256(file) });
  });
});

underBothMounts('.body(MultipartParts)', (mount) => {
  const server = () => serverFor(mount, partsRouter());

  it.each([
    ['a file larger than fileSize', 'fileSize', 1024, (r: request.Test) => r.attach('f', Buffer.alloc(1025, 1), 'big.bin')],
    ['more files than files', 'files', 2, (r: request.Test) => r.attach('a', Buffer.from('1'), 'a').attach('b', Buffer.from('2'), 'b').attach('c', Buffer.from('3'), 'c')],
    ['more fields than fields', 'fields', 2, (r: request.Test) => r.field('a', '1').field('b', '2').field('c', '3')],
    ['more parts than parts (files + fields), none with a disposition', 'parts', 4, (r: request.Test) =>
      r.set('Content-Type', 'multipart/form-data; boundary=XyZ').send(`${'--XyZ\r\nContent-Type: text/plain\r\n\r\nx\r\n'.repeat(5)}--XyZ--\r\n`)],
  ])('answers 413 for %s, naming the limit, as the handler reads', async (_case, exceeded, limit, build) => {
    const res = await build(request(server()).post('/small'));
    expect(expectProblem(res, 413)).toMatchObject({ type: 'urn:represent:problem:body-too-large', exceeded, limit });
  });

  it.each([
    ['a field', 'Content-Disposition: form-data\r\n\r\nv'],
    ['a file', 'Content-Disposition: form-data; name=""; filename="a.txt"\r\n\r\nv'],
  ])('answers 400 for %s without a name (RFC 7578 section 4.2), as the handler reads', async (_case, part) => {
    const res = await request(server())
      .post('/hashes')
      .set('Content-Type', 'multipart/form-data; boundary=XyZ')
      .send(`--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ\r\n${part}\r\n--XyZ--\r\n`);
    expect(expectProblem(res, 400)).toMatchObject({ type: 'urn:represent:problem:malformed-body', detail: expect.stringContaining('no name') });
  });

  it('answers the 413 even when the handler swallows the failure and returns', async () => {
    const res = await request(server()).post('/swallowing').attach('f', Buffer.alloc(4096, 1), 'big.bin').field('after', 'x');
    expect(expectProblem(res, 413)).toMatchObject({ exceeded: 'fileSize', limit: 1024 });
  });

  it('throws away a file part the handler does not read, and completes the request', async () => {
    const res = await request(server())
      .post('/fields-only')
      .field('a', '1')
      .attach('skipped', Buffer.alloc(2 * MB, 3), 'skipped.bin')
      .field('b', '2')
      .expect(200);
    expect(res.body).toEqual({ fields: { a: '1', b: '2' }, skipped: ['skipped'] });
  });

  it('reads the rest of the body after a handler that stops early, or reads nothing', async () => {
    const early = await request(server()).post('/first-field').field('a', 'first').attach('f', Buffer.alloc(MB, 1), 'f.bin').field('b', 'x').expect(200);
    expect(early.body).toEqual({ first: 'first' });
    const none = await request(server()).post('/nothing').attach('f', Buffer.alloc(MB, 1), 'f.bin').expect(200);
    expect(none.body).toEqual({ read: false });
  });

  it('answers a limit passed in the parts nobody read: the body is checked to its end', async () => {
    const res = await request(server()).post('/nothing').attach('f', Buffer.alloc(26 * MB, 1), 'f.bin');
    expect(expectProblem(res, 413)).toMatchObject({ exceeded: 'fileSize' });
  });

  it('answers 400 for a body cut before its closing boundary, and 415 for another type', async () => {
    const cut = await request(server()).post('/hashes').set('Content-Type', 'multipart/form-data; boundary=XyZ').send('--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue');
    expect(expectProblem(cut, 400).type).toBe('urn:represent:problem:malformed-body');
    const none = await request(server()).post('/hashes').set('Content-Type', 'multipart/form-data').send('--x\r\n\r\n--x--\r\n');
    expect(expectProblem(none, 400).type).toBe('urn:represent:problem:malformed-body');
    expectProblem(await request(server()).post('/hashes').set('Content-Type', 'application/json').send('{}'), 415);
  });

  // The parser failed the file the handler was reading with an error of its own, which the
  // handler threw on: a 500 for a client's mistake, reported as a fault of the server.
  // busboy hands on a field in a charset it cannot decode as undefined, though a field's value is
  // typed a string: a handler reading it failed, a 500. It is the 415 of a body in such a charset.
  it('answers 415 for a field in a charset the server cannot decode', async () => {
    for (const charset of ['utf-16', 'shift_jis', 'x-no-such']) {
      const body = `--XyZ\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: text/plain; charset=${charset}\r\n\r\nvalue\r\n--XyZ--\r\n`;
      const res = await request(server()).post('/fields-only').set('Content-Type', 'multipart/form-data; boundary=XyZ').send(body);
      expect(expectProblem(res, 415).type).toBe('urn:represent:problem:unsupported-media-type');
    }
  });

  it('answers 400 for a body cut inside a file part the handler is reading', async () => {
    const cut = await request(server()).post('/hashes').set('Content-Type', 'multipart/form-data; boundary=XyZ').send('--XyZ\r\nContent-Disposition: form-data; name="f"; filename="f.bin"\r\n\r\nsome bytes');
    expect(expectProblem(cut, 400).type).toBe('urn:represent:problem:malformed-body');
  });
});

/**
 * A route whose handler hashes each file part, saying when it starts reading one and what its
 * reading failed with; `timeout` is its time limit.
 */
function recordingRoute(timeout?: number) {
  const seen = deferred<unknown>('the handler seeing the upload fail');
  const reading = deferred<void>('the handler starting to read the file');
  const api = createRouter({ onError: jest.fn() });
  const route = api.post('/uploads').converters(withLimits({ fileSize: 10 * MB })).limit(20 * MB);
  (timeout === undefined ? route : route.timeout(timeout)).body(MultipartParts).handle(async (ctx) => {
    try {
      for await (const part of ctx.body) {
        if (part.kind === 'file') {
          reading.resolve();
          await hashPart(part);
        }
      }
    } catch (error) {
      seen.resolve(error);
      throw error;
    }
    return { complete: true };
  });
  return { api, seen, reading };
}

describe('.body(MultipartParts) when the client leaves mid-upload', () => {
  it('fails the part the handler reads with a 400, and the server goes on answering', async () => {
    const { api, seen, reading } = recordingRoute();
    const server: Server = serverFor('middleware', api);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const head = '--XyZ\r\nContent-Disposition: form-data; name="f"; filename="f.bin"\r\n\r\n';
      const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/uploads', headers: { 'content-type': 'multipart/form-data; boundary=XyZ', 'content-length': String(5 * MB) } });
      req.on('error', () => {}); // destroyed below
      req.write(head);
      req.write(Buffer.alloc(64 * 1024, 1));
      await reading.promise;
      req.destroy();
      const error = (await seen.promise) as HttpError;
      expect({ status: error.status, type: error.type }).toEqual({ status: 400, type: 'urn:represent:problem:malformed-body' });
      const after = await request(server).post('/uploads').attach('f', Buffer.from('again'), 'f.bin').expect(200);
      expect(after.body).toEqual({ complete: true });
      expect(readdirSync(directory)).toEqual([]);
    } finally {
      server.close();
    }
  });
});

describe('.body(MultipartParts) when the route\'s time limit answers mid-upload', () => {
  afterEach(() => jest.useRealTimers());

  it('fails the part the handler reads with an answer, not a fault to report', async () => {
    const { api, seen, reading } = recordingRoute(5_000);
    const server: Server = serverFor('middleware', api);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // Only setTimeout is faked: the route's time limit, passed once the handler reads the file.
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'nextTick', 'queueMicrotask', 'Date', 'hrtime', 'performance'] });
    try {
      const { port } = server.address() as AddressInfo;
      const answered = deferred<number>('the 503');
      const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/uploads', headers: { 'content-type': 'multipart/form-data; boundary=XyZ', 'content-length': String(5 * MB) } }, (res) => {
        answered.resolve(res.statusCode ?? 0);
        res.resume();
      });
      req.on('error', () => {}); // destroyed below
      req.write('--XyZ\r\nContent-Disposition: form-data; name="f"; filename="f.bin"\r\n\r\n');
      req.write(Buffer.alloc(64 * 1024, 1));
      await reading.promise;
      jest.advanceTimersByTime(5_000);
      expect(await answered.promise).toBe(503);
      // The response is over, so the body is abandoned: an HttpError is an answer, which onError
      // is not given, where any other error would be reported as a fault.
      expect(await seen.promise).toBeInstanceOf(HttpError);
      req.destroy();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
