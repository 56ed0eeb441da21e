import express from 'express';
import request from 'supertest';
import { NotFound, createRouter } from '../../src';

/**
 * A problem document replaces the representation the handler was writing: the headers about that
 * representation go, the ones the app's middleware set for every answer stay, as on a success.
 */
describe('headers on problem documents', () => {
  const api = createRouter({ onError: jest.fn() });
  api.get('/ok').handle(() => ({ ok: true }));
  api.get('/missing').handle((ctx) => {
    ctx.res.setHeader('ETag', '"half-written"');
    ctx.res.setHeader('Content-Location', '/elsewhere');
    throw new NotFound('No such thing');
  });
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Strict-Transport-Security', 'max-age=63072000');
    res.setHeader('X-Request-Id', 'r-1');
    res.setHeader('Cache-Control', 'public, max-age=600');
    next();
  });
  app.use(api.middleware());

  it.each([
    ['a handler that throws', 'get', '/missing', 404],
    ['a method no route answers', 'post', '/ok', 405],
    ['an Accept no route meets', 'get', '/ok', 406],
  ] as const)('keeps the middleware headers on the problem of %s', async (_, method, path, status) => {
    const res = await request(app)[method](path).set('Accept', status === 406 ? 'image/png' : 'application/json').expect(status);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000');
    expect(res.headers['x-request-id']).toBe('r-1');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('drops what described the representation the handler was writing', async () => {
    const res = await request(app).get('/missing').expect(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['content-location']).toBeUndefined();
  });

  it('keeps the same headers on a success', async () => {
    const res = await request(app).get('/ok').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['x-request-id']).toBe('r-1');
  });
});
