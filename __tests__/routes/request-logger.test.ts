import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../routes/app';
import { createLogger } from '../../routes/http/request-logger';
import { listeningServers } from '../setup/listening';

const listening = listeningServers();

/** A pino logger whose lines are kept, parsed. */
function capturedLogger(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe('createLogger(env)', () => {
  it.each([
    [{ NODE_ENV: 'test' }, 'silent'],
    [{ NODE_ENV: 'production' }, 'info'],
    [{}, 'info'],
    [{ NODE_ENV: 'test', LOG_LEVEL: 'debug' }, 'debug'],
  ])('should log at the level %j asks for', (env, level) => {
    expect(createLogger(env as NodeJS.ProcessEnv).level).toBe(level);
  });
});

describe('requestLogger(logger)', () => {
  it('should write one line per request: method, path, status, milliseconds and the cache outcome', async () => {
    const { logger, lines } = capturedLogger();
    const { app } = createApp({ logger });
    await request(app).get('/bookcase?view=summary');
    await request(app).delete('/user/all');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', path: '/bookcase?view=summary', status: 200, ms: expect.any(Number), cache: 'MISS' }),
      expect.objectContaining({ msg: 'request', method: 'DELETE', path: '/user/all', status: 400 }),
    ]);
  });
});

describe('requestLogger(logger, sharedCache): the cache field', () => {
  it('should name what the shared cache answered from the store: HIT for a stored response, and for a 304 made from one', async () => {
    const { logger, lines } = capturedLogger();
    const { app } = createApp({ logger });
    // One server, so one Host: the cache keys by it.
    const server = await listening(app);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const first = await request(url).get('/bookcase');
    expect(first.headers['x-cache']).toBe('MISS');
    const hit = await request(url).get('/bookcase');
    expect(hit.headers['x-cache']).toBe('HIT');
    const notModified = await request(url).get('/bookcase').set('If-None-Match', first.headers.etag as string);
    expect(notModified.status).toBe(304);
    expect(notModified.headers['x-cache']).toBe('HIT');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map(({ status, cache }) => ({ status, cache }))).toEqual([
      { status: 200, cache: 'MISS' },
      { status: 200, cache: 'HIT' },
      { status: 304, cache: 'HIT' },
    ]);
  });
});
