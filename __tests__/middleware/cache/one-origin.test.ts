import express from 'express';
import request from 'supertest';
import { MemoryStore, cache } from '../../../middleware/cache';
import { type ListeningApp, listen } from '../../../testing/listen';

/** An app behind the shared cache whose one route counts the requests that reach it. */
function countingApp() {
  let calls = 0;
  const app = express();
  app.use(cache({ store: new MemoryStore() }));
  app.get('/books/1', (_req, res) => {
    calls += 1;
    res.set('Cache-Control', 'max-age=60').json({ title: 'Dune' });
  });
  return { app, calls: () => calls };
}

describe('listen(app) from represent/testing', () => {
  let server: ListeningApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("answers a miss to every request(app): each listens on a port of its own, and the cache keys on the origin", async () => {
    const { app, calls } = countingApp();
    const first = await request(app).get('/books/1').expect(200);
    const second = await request(app).get('/books/1').expect(200);
    expect(first.headers['cache-status']).toMatch(/fwd=uri-miss.*stored/);
    expect(second.headers['cache-status']).toMatch(/fwd=uri-miss.*stored/);
    expect(calls()).toBe(2);
  });

  it('keeps one origin: the first request is a miss, stored, and the second a hit the app never sees', async () => {
    const { app, calls } = countingApp();
    server = await listen(app);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const first = await request(server.url).get('/books/1').expect(200);
    const second = await request(server.url).get('/books/1').expect(200);
    expect(first.headers['cache-status']).toMatch(/^represent; fwd=uri-miss; fwd-status=200; ttl=\d+; stored$/);
    expect(second.headers['cache-status']).toMatch(/^represent; hit; ttl=\d+$/);
    expect(second.body).toEqual({ title: 'Dune' });
    expect(calls()).toBe(1);
  });

  it('closes with its kept-alive connections: a request after close() is refused', async () => {
    const { app } = countingApp();
    const closing = await listen(app);
    await request(closing.url).get('/books/1').expect(200);
    await closing.close();
    await expect(request(closing.url).get('/books/1')).rejects.toThrow(/ECONNREFUSED/);
  });
});
