import { once } from 'node:events';
import type { Server } from 'node:http';
import request from 'supertest';
import { type AppOptions, createApp } from '../src/app';

/**
 * The app on one server for the whole test. The shared cache keys what it stores by the request's
 * Host, port included, and `request(app)` starts a server on a new port for every request: its
 * second request would never be a hit.
 */
const servers: Server[] = [];
async function serve(options?: AppOptions): Promise<{ app: Server; renders: () => number }> {
  const { app, renders } = createApp(options);
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return { app: server, renders };
}
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('GET /articles/{id}', () => {
  it('answers 200 with its cache policy and a strong ETag', async () => {
    const res = await request((await serve()).app).get('/articles/1');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('max-age=60');
    expect(res.headers['etag']).toBe('"1"');
    expect(res.headers['x-cache']).toBe('MISS');
  });

  it('is answered from the shared cache the second time, without running the handler', async () => {
    const { app, renders } = await serve();
    await request(app).get('/articles/1');
    const hit = await request(app).get('/articles/1');
    expect(hit.status).toBe(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['age']).toMatch(/^\d+$/);
    expect(hit.body.title).toBe('Caching');
    expect(renders()).toBe(1);
  });

  it('answers 304 with no body to an If-None-Match that names the current version', async () => {
    const { app, renders } = await serve();
    // no-cache: the shared cache must ask the app, whose .etag() hook answers before the handler.
    const res = await request(app).get('/articles/1').set('Cache-Control', 'no-cache').set('If-None-Match', '"1"');
    expect(res.status).toBe(304);
    expect(res.text).toBe('');
    expect(res.headers['etag']).toBe('"1"');
    expect(renders()).toBe(0);
  });

  it('answers 200 to an If-None-Match that names an older version', async () => {
    const res = await request((await serve()).app).get('/articles/1').set('If-None-Match', '"0"');
    expect(res.status).toBe(200);
  });

  it('revalidates a stale stored response with the app, which answers 304, and serves it again', async () => {
    let later = 0;
    const { app, renders } = await serve({ now: () => Date.now() + later });
    await request(app).get('/articles/1');
    later = 61_000; // past max-age=60
    const res = await request(app).get('/articles/1');
    expect(res.status).toBe(200);
    expect(res.headers['x-cache']).toBe('REVALIDATED');
    expect(res.body.title).toBe('Caching');
    expect(renders()).toBe(1);
  });
});

describe('PUT /articles/{id}', () => {
  const edit = { title: 'Caching, revised' };

  it('answers 200 with the new ETag when If-Match names the current version', async () => {
    const res = await request((await serve()).app).put('/articles/1').set('If-Match', '"1"').send(edit);
    expect(res.status).toBe(200);
    expect(res.headers['etag']).toBe('"2"');
    expect(res.body.title).toBe('Caching, revised');
  });

  it('answers 412 with a problem document, and changes nothing, when If-Match names an older version', async () => {
    const { app } = await serve();
    await request(app).put('/articles/1').set('If-Match', '"1"').send(edit);
    const lost = await request(app).put('/articles/1').set('If-Match', '"1"').send({ title: 'Someone else\'s edit' });
    expect(lost.status).toBe(412);
    expect(lost.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const current = await request(app).get('/articles/1');
    expect(current.body.title).toBe('Caching, revised');
  });

  it('makes the shared cache drop the stored article, so the next GET has the new version', async () => {
    const { app, renders } = await serve();
    await request(app).get('/articles/1');
    await request(app).put('/articles/1').send(edit);
    const res = await request(app).get('/articles/1');
    expect(res.headers['x-cache']).toBe('MISS');
    expect(res.headers['etag']).toBe('"2"');
    expect(res.body.title).toBe('Caching, revised');
    expect(renders()).toBe(2);
  });
});
