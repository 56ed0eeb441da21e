import express from 'express';
import request from 'supertest';
import { cache } from '../../../middleware/cache';
import { ProblemType } from '../../../src/errors/problem-types';
import { listeningServers } from '../../setup/listening';

const listening = listeningServers();
const LAST_MODIFIED = 'Sun, 06 Nov 1994 08:49:37 GMT';

/** `/digits` stores `0123456789` (max-age, a strong ETag, Last-Modified); the handler counts its calls. */
async function setup() {
  let calls = 0;
  const app = express();
  app.use(cache({ statusHeader: 'X-Cache' }));
  app.get('/digits', (_req, res) => {
    calls++;
    res.set({ 'Cache-Control': 'max-age=60', ETag: '"d1"', 'Last-Modified': LAST_MODIFIED, 'Content-Type': 'text/plain' }).send('0123456789');
  });
  const server = await listening(app);
  await request(server).get('/digits').expect(200, '0123456789');
  return { server, calls: () => calls };
}

describe('cache(): Range requests answered from a stored complete 200 (RFC 9110 section 14)', () => {
  it('answers 206 with the bytes asked for, their Content-Range and the stored fields', async () => {
    const { server, calls } = await setup();
    const part = await request(server).get('/digits').set('Range', 'bytes=2-4').expect(206).expect('Content-Range', 'bytes 2-4/10').expect('Content-Length', '3');
    expect(part.text).toBe('234');
    expect(part.headers.etag).toBe('"d1"');
    expect(part.headers['x-cache']).toBe('HIT');
    expect(part.headers['cache-status']).toMatch(/^represent; hit; ttl=/);
    await request(server).get('/digits').set('Range', 'bytes=-2').expect(206, '89').expect('Content-Range', 'bytes 8-9/10');
    await request(server).get('/digits').set('Range', 'bytes=7-').expect(206, '789');
    expect(calls()).toBe(1);
  });

  it('answers several ranges as multipart/byteranges, each part with its type and range', async () => {
    const { server } = await setup();
    const part = await request(server).get('/digits').set('Range', 'bytes=0-0,8-9').buffer(true).parse((res, done) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      res.on('end', () => done(null, text));
    }).expect(206);
    const boundary = /boundary=(\w+)/.exec(part.headers['content-type'] as string)?.[1];
    expect(boundary).toBeDefined();
    expect(part.body).toBe(
      `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Range: bytes 0-0/10\r\n\r\n0\r\n--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Range: bytes 8-9/10\r\n\r\n89\r\n--${boundary}--\r\n`,
    );
  });

  it('answers 416 with the length when no range overlaps the stored response', async () => {
    const { server } = await setup();
    const refused = await request(server).get('/digits').set('Range', 'bytes=10-20').expect(416).expect('Content-Range', 'bytes */10');
    expect(refused.body.type).toBe(ProblemType.rangeNotSatisfiable);
  });

  it('answers the range when If-Range is the stored ETag or Last-Modified, and the whole response otherwise', async () => {
    const { server } = await setup();
    await request(server).get('/digits').set({ Range: 'bytes=0-1', 'If-Range': '"d1"' }).expect(206, '01');
    await request(server).get('/digits').set({ Range: 'bytes=0-1', 'If-Range': LAST_MODIFIED }).expect(206, '01');
    await request(server).get('/digits').set({ Range: 'bytes=0-1', 'If-Range': '"d0"' }).expect(200, '0123456789');
    await request(server).get('/digits').set({ Range: 'bytes=0-1', 'If-Range': 'W/"d1"' }).expect(200, '0123456789');
  });

  it('answers the whole response when If-Range is a Last-Modified in the second of the stored Date (RFC 9110 section 8.8.2.2)', async () => {
    const app = express();
    app.use(cache({ statusHeader: 'X-Cache' }));
    // The origin wrote its Date in the second of Last-Modified: it may change again within that second.
    app.get('/recent', (_req, res) => {
      const now = new Date().toUTCString();
      res.set({ 'Cache-Control': 'max-age=60', 'Last-Modified': now, Date: now, 'Content-Type': 'text/plain' }).send('0123456789');
    });
    const server = await listening(app);
    const first = await request(server).get('/recent').expect(200);
    const ranged = await request(server).get('/recent').set({ Range: 'bytes=0-1', 'If-Range': first.headers['last-modified'] as string }).expect(200, '0123456789');
    expect(ranged.headers['x-cache']).toBe('HIT');
  });

  it('answers the whole response to a Range it does not understand, and to HEAD', async () => {
    const { server } = await setup();
    await request(server).get('/digits').set('Range', 'lines=0-1').expect(200, '0123456789');
    await request(server).get('/digits').set('Range', 'bytes=5-1').expect(200, '0123456789');
    await request(server).head('/digits').set('Range', 'bytes=0-1').expect(200).expect('Content-Length', '10');
  });

  it('answers a conditional Range request that the stored ETag satisfies with a 304', async () => {
    const { server } = await setup();
    await request(server).get('/digits').set({ Range: 'bytes=0-1', 'If-None-Match': '"d1"' }).expect(304);
  });
});
