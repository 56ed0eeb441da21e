import createApp from 'express';
import request from 'supertest';
import { createRouter } from '../../src';
import { cache } from '../../src/entries/cache';
import { serverFor, underBothMounts } from '../setup/both-mounts';

const NOSNIFF = 'nosniff';

/** A GET under one Host, so that the shared cache keys every request of a test alike (each supertest request has its own port). */
const get = (app: Parameters<typeof request>[0], path: string) => request(app).get(path).set('Host', 'example.test');

/** A router with a cached text route, mounted behind the shared cache, and a plain Express route behind both. */
function app() {
  const api = createRouter({ onError: jest.fn() });
  api.get('/text').cache({ maxAge: 60 }).handle(() => 'hello');
  api.get('/fails').handle(() => {
    throw new Error('internal');
  });
  api.patch('/text').consumes('application/merge-patch+json').handle(() => 'patched');
  const express = (withCache: boolean) => {
    const app = createApp();
    if (withCache) app.use(cache({ statusHeader: 'X-Cache' }));
    app.use(api.middleware());
    app.get('/express', (_req, res) => void res.set({ 'Cache-Control': 'max-age=60', Date: new Date().toUTCString() }).send('<p>from Express</p>'));
    return app;
  };
  return { shared: express(true), routerOnly: express(false) };
}

describe('X-Content-Type-Options: nosniff (WHATWG Fetch section 3.5.7)', () => {
  describe('on what the router writes', () => {
    const { routerOnly } = app();

    it('marks a representation', async () => {
      const res = await request(routerOnly).get('/text');
      expect(res.status).toBe(200);
      expect(res.headers['x-content-type-options']).toBe(NOSNIFF);
    });

    it('marks a 304', async () => {
      const first = await request(routerOnly).get('/text');
      const res = await request(routerOnly).get('/text').set('If-None-Match', first.headers.etag!);
      expect(res.status).toBe(304);
      expect(res.headers['x-content-type-options']).toBe(NOSNIFF);
    });

    it('marks an OPTIONS answer', async () => {
      const res = await request(routerOnly).options('/text');
      expect(res.status).toBe(204);
      expect(res.headers['x-content-type-options']).toBe(NOSNIFF);
    });

    it.each([
      ['a 406', (r: request.Agent) => r.get('/text').set('Accept', 'image/png'), 406],
      ['a 405', (r: request.Agent) => r.delete('/text'), 405],
      ['a 415', (r: request.Agent) => r.patch('/text').set('Content-Type', 'text/plain').send('x'), 415],
      ['a 500', (r: request.Agent) => r.get('/fails'), 500],
      ['a 400 for an invalid Host', (r: request.Agent) => r.get('/text').set('Host', 'a/b'), 400],
    ])('marks a problem document: %s', async (_name, send, status) => {
      const res = await send(request.agent(routerOnly));
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['x-content-type-options']).toBe(NOSNIFF);
    });

    it('leaves the answers of the rest of the app to it', async () => {
      const res = await request(routerOnly).get('/express');
      expect(res.status).toBe(200);
      expect(res.headers['x-content-type-options']).toBeUndefined();
    });
  });

  underBothMounts('on what the router writes or hands over', (mount) => {
    const api = createRouter({ onError: jest.fn() });
    api.get('/by-hand').handle((ctx) => void ctx.res.type('html').send('<p>written by the handler</p>'));
    api.get('/stream').produces('text/plain').handle(async function* lines() {
      yield 'one\n';
      yield 'two\n';
    });
    api.get('/bytes').produces('application/octet-stream').handle(() => Buffer.from('0123456789'));
    api
      .get('/limited')
      .use((_req, res) => void res.status(429).type('html').send('<p>slow down</p>'))
      .handle(() => 'never');
    const server = serverFor(mount, api);

    it.each([
      ['a response the handler writes itself through ctx.res', '/by-hand', 200],
      ['a response Express middleware run as a hook writes', '/limited', 429],
      ['a stream', '/stream', 200],
    ])('marks %s', async (_name, path, status) => {
      const res = await request(server).get(path);
      expect(res.status).toBe(status);
      expect(res.headers['x-content-type-options']).toBe(NOSNIFF);
    });

    it('marks a 206 and a 416', async () => {
      const partial = await request(server).get('/bytes').set('Range', 'bytes=0-3');
      expect(partial.status).toBe(206);
      expect(partial.headers['x-content-type-options']).toBe(NOSNIFF);
      const refused = await request(server).get('/bytes').set('Range', 'bytes=50-60');
      expect(refused.status).toBe(416);
      expect(refused.headers['x-content-type-options']).toBe(NOSNIFF);
    });
  });

  describe('on what the shared cache writes', () => {
    it('marks a hit and a 304 from the store, once', async () => {
      const { shared } = app();
      await get(shared, '/express').expect(200);
      const hit = await get(shared, '/express');
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.headers['x-content-type-options']).toBe(NOSNIFF);
      const notModified = await get(shared, '/express').set('If-None-Match', hit.headers.etag!);
      expect(notModified.status).toBe(304);
      expect(notModified.headers['x-cache']).toBe('HIT');
      expect(notModified.headers['x-content-type-options']).toBe(NOSNIFF);
      // A router's answer stored with its own mark is replayed with one, not two.
      await get(shared, '/text').expect(200);
      const stored = await get(shared, '/text');
      expect(stored.headers['x-cache']).toBe('HIT');
      expect(stored.headers['x-content-type-options']).toBe(NOSNIFF);
    });

    it('marks what it hands on to the app behind it', async () => {
      const { shared } = app();
      const res = await get(shared, '/express');
      expect(res.headers['x-cache']).toBe('MISS');
      expect(res.headers['x-content-type-options']).toBe(NOSNIFF);
    });

    it('marks its own problems: 504 for only-if-cached', async () => {
      const { shared } = app();
      const res = await get(shared, '/express').set('Cache-Control', 'only-if-cached');
      expect(res.status).toBe(504);
      expect(res.headers['x-content-type-options']).toBe(NOSNIFF);
    });
  });
});
