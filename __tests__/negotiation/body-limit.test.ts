import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { ProblemType } from '../../src';
import { expectProblem, serve } from '../setup/negotiation-fixture';

const MB = 1024 * 1024;

interface RawAnswer {
  readonly status: number;
  readonly body: string;
  /** Bytes of the body the client had written when the answer came. */
  readonly sent: number;
}

/**
 * Sends `firstChunk`, then keeps writing 16 KB chunks (slowly) until the server answers or
 * `total` is reached, and never ends the request: a server that waited for the whole body would
 * never answer. With `length` the request has a Content-Length, otherwise it is chunked.
 */
async function sendUntilAnswered(app: Express, path: string, options: { length?: number; total: number; firstChunk?: number }): Promise<RawAnswer> {
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<RawAnswer>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const headers: Record<string, string | number> = { 'Content-Type': 'application/octet-stream' };
      if (options.length !== undefined) headers['Content-Length'] = options.length;
      const req = http.request({ port, path, method: 'POST', headers }, (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, sent });
        });
      });
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      const write = (size: number): void => {
        if (answered || sent >= options.total) return;
        const chunk = Buffer.alloc(Math.min(size, options.total - sent), 0x61);
        sent += chunk.length;
        req.write(chunk);
        setTimeout(() => write(16 * 1024), 2);
      };
      write(options.firstChunk ?? 16 * 1024);
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('413 Content Too Large', () => {
  const handler = jest.fn(({ body }: { body: Buffer }) => ({ length: body.length }));
  const app = serve(
    (api) => {
      api.post('/default').body(Buffer).handle(handler);
      api.post('/small').body(Buffer).limit(10).handle(handler);
    },
  );
  const limited = serve((api) => {
    api.post('/router-limit').body(Buffer).handle(handler);
    api.post('/route-limit').body(Buffer).limit(4096).handle(handler);
  }, { bodyLimit: 100 });

  beforeEach(() => handler.mockClear());

  it('accepts a body of exactly the default limit of 1 MB', async () => {
    const res = await request(app).post('/default').set('Content-Type', 'application/octet-stream').send(Buffer.alloc(MB));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ length: MB });
  });

  it('answers 413 for one byte over the default limit, without running the handler', async () => {
    const res = await request(app).post('/default').set('Content-Type', 'application/octet-stream').send(Buffer.alloc(MB + 1));
    const problem = expectProblem(res, 413);
    expect(problem).toMatchObject({ type: ProblemType.bodyTooLarge, limit: MB });
    expect(problem.detail).toBe(`The request body is larger than the limit of ${MB} bytes`);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 413 from the Content-Length alone, before the body is sent', async () => {
    const answer = await sendUntilAnswered(app, '/default', { length: 50 * MB, total: 50 * MB });
    expect(answer.status).toBe(413);
    expect(answer.sent).toBeLessThan(MB);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 413 for a chunked body as soon as it passes the limit, without waiting for the rest', async () => {
    const answer = await sendUntilAnswered(app, '/default', { total: 20 * MB, firstChunk: MB + 1 });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 413, limit: MB });
    expect(answer.sent).toBeLessThan(4 * MB);
    expect(handler).not.toHaveBeenCalled();
  });

  it('applies a per-route limit', async () => {
    expect((await request(app).post('/small').set('Content-Type', 'application/octet-stream').send(Buffer.alloc(10))).status).toBe(200);
    const res = await request(app).post('/small').set('Content-Type', 'application/octet-stream').send(Buffer.alloc(11));
    expect(expectProblem(res, 413)['limit']).toBe(10);
  });

  it('applies a per-router limit, which a route\'s limit replaces', async () => {
    expect((await request(limited).post('/router-limit').set('Content-Type', 'application/octet-stream').send(Buffer.alloc(100))).status).toBe(200);
    const over = await request(limited).post('/router-limit').set('Content-Type', 'application/octet-stream').send(Buffer.alloc(101));
    expect(expectProblem(over, 413)['limit']).toBe(100);
    expect((await request(limited).post('/route-limit').set('Content-Type', 'application/octet-stream').send(Buffer.alloc(4096))).status).toBe(200);
    expect((await request(limited).post('/route-limit').set('Content-Type', 'application/octet-stream').send(Buffer.alloc(4097))).status).toBe(413);
  });

  it('answers 413 for a chunked body over a per-route limit', async () => {
    const answer = await sendUntilAnswered(app, '/small', { total: MB });
    expect(answer.status).toBe(413);
    expect(answer.sent).toBeLessThan(MB);
    expect(handler).not.toHaveBeenCalled();
  });
});
