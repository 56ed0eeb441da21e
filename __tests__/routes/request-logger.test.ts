import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../routes/app';
import { createLogger } from '../../routes/http/request-logger';

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
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const { app } = createApp({ logger: pino({ level: 'info' }, sink) });
    await request(app).get('/bookcase?view=summary');
    await request(app).delete('/user/all');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', path: '/bookcase?view=summary', status: 200, ms: expect.any(Number), cache: 'MISS' }),
      expect.objectContaining({ msg: 'request', method: 'DELETE', path: '/user/all', status: 400 }),
    ]);
  });
});
