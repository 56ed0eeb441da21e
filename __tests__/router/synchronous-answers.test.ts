import http from 'node:http';
import net from 'node:net';
import express from 'express';
import request from 'supertest';
import { HttpError, createRouter } from '../../src';

/**
 * A route whose steps all answer synchronously is written in the turn that received the request:
 * no promise and no microtask per step. These tests watch whether the response has ended when the
 * request listener returns, and that the answers are the same either way.
 */
describe('dispatch of routes that answer synchronously', () => {
  const endedInTurn: boolean[] = [];
  const api = createRouter({ onError: () => undefined });
  api.get('/plain/{id}').produces('application/json', 'application/xml').handle((ctx) => ({ id: ctx.path.id }));
  api.get('/later/{id}').produces('application/json').handle(async (ctx) => ({ id: ctx.path.id }));
  api.get('/versioned').produces('application/json').etag(() => 4).handle(() => ({ v: 4 }));
  api.get('/versioned-later').produces('application/json').etag(async () => 4).handle(() => ({ v: 4 }));
  api.get('/refused').handle(() => {
    throw new HttpError(409, 'Not now');
  });
  api.get('/refused-later').handle(async () => {
    throw new HttpError(409, 'Not now');
  });
  api.post('/echo').consumes('application/json').body(Object).handle((ctx) => ctx.body);
  api.get('/half-written').handle((ctx) => {
    ctx.res.writeHead(200, { 'Content-Type': 'text/plain' });
    ctx.res.write('partial');
    throw new Error('failed halfway');
  });
  const listener = api.wrap(express());
  const server = http.createServer((req, res) => {
    listener(req, res);
    endedInTurn.push(res.writableEnded);
  });

  beforeEach(() => {
    endedInTurn.length = 0;
  });

  it('writes a plain value before the listener returns', async () => {
    const res = await request(server).get('/plain/7').set('Accept', 'application/xml');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/xml');
    expect(endedInTurn).toEqual([true]);
  });

  it('answers the .etag() hook\'s 304 before the listener returns', async () => {
    const first = await request(server).get('/versioned');
    const res = await request(server).get('/versioned').set('If-None-Match', first.headers.etag as string);
    expect(res.status).toBe(304);
    expect(endedInTurn).toEqual([true, true]);
  });

  it('writes a synchronous refusal as its problem before the listener returns', async () => {
    const res = await request(server).get('/refused');
    expect(res.status).toBe(409);
    expect(res.type).toBe('application/problem+json');
    expect(endedInTurn).toEqual([true]);
  });

  it.each([
    ['a handler that returns a promise', '/later/7', 200],
    ['a hook that returns a promise', '/versioned-later', 200],
    ['a handler that rejects', '/refused-later', 409],
  ])('waits for %s and answers the same', async (_what, path, status) => {
    const res = await request(server).get(path);
    expect(res.status).toBe(status);
    expect(endedInTurn).toEqual([false]);
  });

  it('waits for a request body, which arrives later', async () => {
    const res = await request(server).post('/echo').send({ a: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ a: 1 });
    expect(endedInTurn).toEqual([false]);
  });

  it('sends what a handler wrote before it threw, then cuts the connection', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      const received = await new Promise<string>((resolve, reject) => {
        let data = '';
        const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /half-written HTTP/1.1\r\nHost: x\r\n\r\n'));
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => (data += chunk));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
      expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(received).toContain('partial');
      // Chunked, and never finished: no last chunk, so the client knows the answer is incomplete.
      expect(received).not.toContain('\r\n0\r\n\r\n');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
