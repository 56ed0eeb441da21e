import express, { type Express } from 'express';
import request from 'supertest';
import { ResponseEntity, createRouter } from '../../src';

/**
 * A 200 that some cache may store carries a validator (spec, Caching rules), and "may some cache
 * store it" is the one storability rule of src/caching/storability.ts, the shared cache's.
 */
describe('the ETag of a response some cache may store', () => {
  let app: Express;
  beforeAll(() => {
    const api = createRouter({ onError: jest.fn() });
    api.get('/understood').handle(() => ResponseEntity.ok({ a: 1 }).header('Cache-Control', 'max-age=60, no-store, must-understand'));
    api.get('/no-store').handle(() => ResponseEntity.ok({ a: 1 }).header('Cache-Control', 'max-age=60, no-store'));
    api.get('/private').handle(() => ResponseEntity.ok({ a: 1 }).header('Cache-Control', 'private, max-age=60'));
    app = express();
    app.use(api.middleware());
  });

  it('gives an ETag under no-store with must-understand: a cache that knows 200 may store it (RFC 9111 section 5.2.2.3)', async () => {
    const res = await request(app).get('/understood');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
  });

  it('gives no ETag under no-store alone: no cache may store it', async () => {
    const res = await request(app).get('/no-store');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeUndefined();
  });

  it('gives an ETag to a private response: a private cache may store it', async () => {
    const res = await request(app).get('/private');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
  });
});
