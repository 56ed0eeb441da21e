import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { type CacheOptions, cache } from '../../middleware/cache';
import { createRouter } from '../../src';
import { TrackedSource, close, listen, rawGet } from '../setup/stream-fixture';

/**
 * The shared cache in front of streamed answers: it stores a streamed answer as it streams
 * through, up to its entry limit, and only a complete one; past the limit it keeps streaming
 * and stops keeping (middleware/cache/capture.ts), so an unbounded stream costs it nothing.
 */
describe('the shared cache and streamed answers', () => {
  let server: http.Server;
  afterEach(() => close(server));
  const handled: Record<string, number> = {};

  async function serve(options: Partial<CacheOptions>, rows: number, failAt?: number): Promise<void> {
    const api = createRouter({ onError: () => undefined });
    api
      .get('/rows')
      .cache({ maxAge: 60, public: true })
      .handle(() => {
        handled.rows = (handled.rows ?? 0) + 1;
        // The first answer fails at `failAt`, when given; later ones complete.
        const failing = failAt !== undefined && handled.rows === 1;
        return new TrackedSource((i) => ({ n: i, pad: 'x'.repeat(90) }), rows, failing ? { failAt } : {}).values();
      });
    const app = express();
    app.use(cache({ statusHeader: 'X-Cache', ...options }));
    app.use(api.middleware());
    server = await listen(http.createServer(app));
    handled.rows = 0;
  }

  it('stores a complete stream within the entry limit: the next request is a HIT with the same body', async () => {
    await serve({}, 20);
    const first = await request(server).get('/rows').buffer(true);
    const second = await request(server).get('/rows').buffer(true);
    expect([first.headers['x-cache'], second.headers['x-cache'], handled.rows]).toEqual(['MISS', 'HIT', 1]);
    expect(second.text).toBe(first.text);
    expect(second.text.split('\n')).toHaveLength(21);
  });

  it('streams an answer over the entry limit through whole, and does not store it', async () => {
    await serve({ maxEntryBytes: 1000 }, 200);
    for (const _ of [1, 2]) {
      const res = await request(server).get('/rows').buffer(true);
      expect([res.headers['x-cache'], res.text.split('\n').length]).toEqual(['MISS', 201]);
    }
    expect(handled.rows).toBe(2);
  });

  it('does not store a stream cut after its first byte', async () => {
    await serve({}, 20, 5);
    const cut = await rawGet(server, '/rows');
    cut.on('error', () => undefined);
    cut.resume();
    await new Promise((resolve) => cut.on('close', resolve));
    expect(cut.complete).toBe(false);
    const next = await request(server).get('/rows');
    expect([next.status, next.headers['x-cache'], handled.rows]).toEqual([200, 'MISS', 2]);
    const stored = await request(server).get('/rows');
    expect([stored.headers['x-cache'], stored.text]).toEqual(['HIT', next.text]);
  });
});
