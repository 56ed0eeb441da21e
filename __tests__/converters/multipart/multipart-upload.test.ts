import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type Server, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { z } from 'zod';
import { Multipart, type UploadedFile, multipartWith } from '../../../src';
import { MultipartConverter } from '../../../src/converters';
import { expectProblem } from '../../setup/app-fixture';
import { serverFor, underBothMounts } from '../../setup/both-mounts';
import { createRouter } from '../../../src';
import * as filenames from '../../../src/converters/multipart/filename';

jest.setTimeout(60_000);

/** A folder of this test's own for the temporary files, to see them come and go. */
const directory = mkdtempSync(join(tmpdir(), 'multipart-test-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const limits = { fileSize: 1024, files: 2, fields: 3, fieldSize: 64, fieldNameSize: 16 };

/** What a handler saw of a stored file, read while the request is handled. */
async function describeFile(file: UploadedFile) {
  return { field: file.field, filename: file.filename, mediaType: file.mediaType, size: file.size, text: (await file.bytes()).toString(), stored: existsSync(file.path) };
}

function uploadRouter(seen: string[] = []) {
  const api = createRouter({ onError: jest.fn() });
  const converters = (registry: Parameters<Parameters<ReturnType<typeof api.post>['converters']>[0]>[0]) =>
    registry.replace('multipart', new MultipartConverter({ limits, directory }));
  api
    .post('/uploads')
    .converters(converters)
    .limit(4096)
    .body(Multipart)
    .handle(async (ctx) => {
      seen.push(...ctx.body.files.map((file) => file.path));
      return { fields: Object.fromEntries(Object.entries(ctx.body.fields)), files: await Promise.all(ctx.body.files.map(describeFile)) };
    });
  api
    .post('/books')
    .converters(converters)
    .body(multipartWith(z.object({ title: z.string().min(1), pages: z.number().int() }), { files: ['cover'] }))
    .handle((ctx) => ({ title: ctx.body.fields.title, pages: ctx.body.fields.pages, cover: ctx.body.file('cover')?.filename ?? null }));
  return api;
}

/** Waits, with a deadline of its own, until the temporary folder holds nothing. */
async function expectTemporaryFilesRemoved(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (readdirSync(directory).length > 0) {
    if (Date.now() > deadline) throw new Error(`temporary folders left: ${readdirSync(directory).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends `body` chunked (no Content-Length), 512 bytes a write, and answers the status and body, with a deadline. */
async function sendChunked(server: Server, type: string, body: Buffer): Promise<{ status: number; body: string }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer to the chunked upload within 20 s')), 20_000);
      const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/uploads', headers: { 'content-type': type, connection: 'close' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: text });
        });
      });
      req.on('error', () => {}); // the server may close the connection once it has answered
      for (let at = 0; at < body.length; at += 512) req.write(body.subarray(at, at + 512));
      req.end();
    });
  } finally {
    server.close();
  }
}

/** A multipart body written by hand, for what supertest would not send. */
function rawMultipart(parts: string[], boundary = 'XyZ'): { body: string; type: string } {
  return { body: `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

underBothMounts('multipart/form-data bodies', (mount) => {
  const server = () => serverFor(mount, uploadRouter());

  it('gives the handler the fields and the files, stored until the response is sent', async () => {
    const res = await request(server())
      .post('/uploads')
      .field('title', 'Dune')
      .field('tag', 'sf')
      .field('tag', 'classic')
      .attach('cover', Buffer.from('PNG bytes'), { filename: 'cover.png', contentType: 'image/png' })
      .expect(200);
    expect(res.body).toEqual({
      fields: { title: ['Dune'], tag: ['sf', 'classic'] },
      files: [{ field: 'cover', filename: 'cover.png', mediaType: 'image/png', size: 9, text: 'PNG bytes', stored: true }],
    });
    await expectTemporaryFilesRemoved();
  });

  it('validates the fields with the route\'s schema, coerced to its types', async () => {
    const res = await request(server()).post('/books').field('title', 'Dune').field('pages', '412').attach('cover', Buffer.from('x'), 'c.png').expect(200);
    expect(res.body).toEqual({ title: 'Dune', pages: 412, cover: 'c.png' });
  });

  it('answers 400 naming each field the schema refuses', async () => {
    const res = await request(server()).post('/books').field('title', '').field('pages', 'many');
    const problem = expectProblem(res, 400);
    expect((problem.errors as Array<{ pointer: string }>).map((e) => e.pointer).sort()).toEqual(['/pages', '/title']);
  });

  it('answers 400 for a file under a name the route does not take', async () => {
    const res = await request(server()).post('/books').field('title', 'Dune').field('pages', '1').attach('other', Buffer.from('x'), 'x.bin');
    expect(expectProblem(res, 400).errors).toEqual([{ pointer: '/other', detail: expect.stringContaining('cover') }]);
    await expectTemporaryFilesRemoved();
  });

  it.each([
    ['a file larger than fileSize', 'fileSize', 1024, (r: request.Test) => r.attach('f', Buffer.alloc(1025, 1), 'big.bin')],
    ['more files than files', 'files', 2, (r: request.Test) => r.attach('a', Buffer.from('1'), 'a').attach('b', Buffer.from('2'), 'b').attach('c', Buffer.from('3'), 'c')],
    ['more fields than fields', 'fields', 3, (r: request.Test) => r.field('a', '1').field('b', '2').field('c', '3').field('d', '4')],
    ['a field value larger than fieldSize', 'fieldSize', 64, (r: request.Test) => r.field('a', 'x'.repeat(65))],
    ['a field name longer than fieldNameSize', 'fieldNameSize', 16, (r: request.Test) => r.field('n'.repeat(17), 'x')],
    ['a file part\'s name longer than fieldNameSize', 'fieldNameSize', 16, (r: request.Test) => r.attach('n'.repeat(17), Buffer.from('x'), 'x')],
  ])('answers 413 for %s, naming the limit, and removes what was stored', async (_case, exceeded, limit, build) => {
    const res = await build(request(server()).post('/uploads'));
    expect(expectProblem(res, 413)).toMatchObject({ type: 'urn:represent:problem:body-too-large', exceeded, limit });
    await expectTemporaryFilesRemoved();
  });

  // Parts without Content-Disposition (or not form-data) are neither fields nor files: they count
  // toward the part limit (files + fields by default: 5 here) all the same.
  it.each([
    ['without Content-Disposition', 'Content-Type: text/plain\r\n\r\nx'],
    ['with a disposition other than form-data', 'Content-Disposition: attachment; name="a"\r\n\r\nx'],
  ])('answers 413 for more parts than parts, each %s, and removes what was stored', async (_case, part) => {
    const first = 'Content-Disposition: form-data; name="f"; filename="f.txt"\r\n\r\nfile';
    const { body, type } = rawMultipart([first, ...Array.from({ length: 5 }, () => part)]);
    const res = await request(server()).post('/uploads').set('Content-Type', type).send(body);
    expect(expectProblem(res, 413)).toMatchObject({ type: 'urn:represent:problem:body-too-large', exceeded: 'parts', limit: 5 });
    await expectTemporaryFilesRemoved();
  });

  it('takes as many parts as the part limit, those without a disposition ignored', async () => {
    const { body, type } = rawMultipart(['Content-Disposition: form-data; name="a"\r\n\r\n1', ...Array.from({ length: 4 }, () => 'Content-Type: text/plain\r\n\r\nx')]);
    const res = await request(server()).post('/uploads').set('Content-Type', type).send(body).expect(200);
    expect(res.body).toEqual({ fields: { a: ['1'] }, files: [] });
  });

  it('answers 413 for a chunked body that passes the route\'s limit in all, each part within its own', async () => {
    const { body, type } = rawMultipart([1, 2].map((n) => `Content-Disposition: form-data; name="f${n}"; filename="${n}.bin"\r\n\r\n${'x'.repeat(1000)}`).concat(['Content-Disposition: form-data; name="a"\r\n\r\n' + 'y'.repeat(60)]).concat(['Content-Disposition: form-data; name="b"\r\n\r\n' + 'y'.repeat(60)]).concat(['Content-Disposition: form-data; name="c"\r\n\r\n' + 'y'.repeat(60)]));
    const res = await sendChunked(server(), type, Buffer.from(body + 'z'.repeat(3000)));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ exceeded: 'totalBytes', limit: 4096 });
    await expectTemporaryFilesRemoved();
  });

  it('answers 413 for a Content-Length over the route\'s limit before reading anything', async () => {
    const res = await request(server()).post('/uploads').set('Content-Type', 'multipart/form-data; boundary=x').set('Content-Length', '5000').send('x'.repeat(5000));
    expectProblem(res, 413);
  });

  it.each([
    ['no boundary', 'multipart/form-data', '--x\r\n\r\n--x--\r\n'],
    ['a body cut before its closing boundary', 'multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue'],
    ['a part header that does not parse', 'multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition form-data\r\n\r\nvalue\r\n--XyZ--\r\n'],
    ['no part at all', 'multipart/form-data; boundary=XyZ', 'nothing here'],
  ])('answers 400 for %s', async (_case, type, body) => {
    const res = await request(server()).post('/uploads').set('Content-Type', type).send(body);
    expect(expectProblem(res, 400).type).toBe('urn:represent:problem:malformed-body');
    await expectTemporaryFilesRemoved();
  });

  // RFC 7578 section 4.2: each part has a name. It used to reach Buffer.byteLength(undefined) in a
  // busboy callback: an uncaught TypeError that ended the process.
  it.each([
    ['a field without a name', 'Content-Disposition: form-data\r\n\r\nv'],
    ['a field with an empty name', 'Content-Disposition: form-data; name=""\r\n\r\nv'],
    ['a file without a name', 'Content-Disposition: form-data; filename="a.txt"\r\n\r\nv'],
    ['a file with an empty name', 'Content-Disposition: form-data; name=""; filename="a.txt"\r\n\r\nv'],
    ['a file of octet-stream without a name', 'Content-Disposition: form-data\r\nContent-Type: application/octet-stream\r\n\r\nv'],
  ])('answers 400 for %s, and removes what was stored', async (_case, part) => {
    const { body, type } = rawMultipart(['Content-Disposition: form-data; name="f"; filename="first.txt"\r\n\r\nfirst', part]);
    const res = await request(server()).post('/uploads').set('Content-Type', type).send(body);
    expect(expectProblem(res, 400)).toMatchObject({ type: 'urn:represent:problem:malformed-body', detail: expect.stringContaining('name') });
    await expectTemporaryFilesRemoved();
  });

  it.each([
    ['a path', 'filename="../../etc/passwd"', 'passwd'],
    ['a Windows path', 'filename="C:\\Users\\ada\\photo.jpg"', 'photo.jpg'],
    ['dot segments only', 'filename=".."', ''],
    ['control characters (RFC 8187 encoded)', "filename*=UTF-8''a%07b%1B%5B2J%0D%0A.txt", 'ab[2J.txt'],
    ['a right-to-left override', 'filename="invoice\u202Efdp.exe"', 'invoicefdp.exe'],
    ['a name of 300 characters', `filename="${'n'.repeat(300)}.png"`, `${'n'.repeat(196)}.png`],
  ])('keeps the file name of %s only as a sanitised string, and stores the file under a name of its own', async (_case, parameter, expected) => {
    const { body, type } = rawMultipart([`Content-Disposition: form-data; name="f"; ${parameter}\r\nContent-Type: text/plain\r\n\r\nroot`]);
    const res = await request(server()).post('/uploads').set('Content-Type', type).send(Buffer.from(body)).expect(200);
    expect(res.body.files[0]).toMatchObject({ filename: expected, text: 'root', stored: true });
  });

  it('answers 415 listing multipart/form-data for another Content-Type', async () => {
    const res = await request(server()).post('/uploads').set('Content-Type', 'application/json').send('{}');
    expect(expectProblem(res, 415).detail).toContain('multipart/form-data');
  });
});

underBothMounts('multipart/form-data bodies: a fault while reading a part', (mount) => {
  afterEach(() => jest.restoreAllMocks());

  it('answers 500 and reports the fault thrown inside the parser\'s callback: the process goes on', async () => {
    const fault = new TypeError('a fault in a part handler');
    jest.spyOn(filenames, 'sanitiseFilename').mockImplementation(() => {
      throw fault;
    });
    const onError = jest.fn();
    const api = createRouter({ onError });
    api.post('/uploads').converters((registry) => registry.replace('multipart', new MultipartConverter({ limits, directory }))).body(Multipart).handle(() => ({ handled: true }));
    const { body, type } = rawMultipart(['Content-Disposition: form-data; name="a"\r\n\r\n1', 'Content-Disposition: form-data; name="f"; filename="f.txt"\r\n\r\nfile']);
    const res = await request(serverFor(mount, api)).post('/uploads').set('Content-Type', type).send(body);
    expectProblem(res, 500);
    expect(onError).toHaveBeenCalledWith(fault, expect.anything());
    await expectTemporaryFilesRemoved();
  });
});

describe('new MultipartConverter(options).limits', () => {
  it.each([
    ['no limits given', {}, { files: 10, fields: 100, parts: 110 }],
    ['more fields', { fields: 1000 }, { files: 10, fields: 1000, parts: 1010 }],
    ['fewer files', { files: 1, fields: 2 }, { files: 1, fields: 2, parts: 3 }],
    ['a part limit of its own', { parts: 7 }, { files: 10, fields: 100, parts: 7 }],
  ])('should count every part toward a part limit of files + fields, unless given: %s', (_case, given, expected) => {
    expect(new MultipartConverter({ limits: given }).limits).toMatchObject(expected);
  });
});
