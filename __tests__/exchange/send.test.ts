import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { ResponseEntity, createRouter } from '../../src';
import { serverFor } from '../setup/both-mounts';

/** A cached JSON route, one with an onResponse hook, and one whose handler watches its response's end through ctx.res. */
function router(seen: { finished?: Record<string, unknown>; bytes?: number | undefined }) {
  const api = createRouter({ onError: jest.fn() });
  api.get('/items/{id}').produces('application/json').cache({ maxAge: 60 }).handle((ctx) => ({ id: ctx.path.id }));
  api
    .get('/logged')
    .use({ onResponse: (_ctx, finished) => void (seen.bytes = finished.bytes) })
    .handle(() => ({ logged: true }));
  api.put('/items/{id}').handle((ctx) => ResponseEntity.created(`/items/${ctx.path.id}`));
  api.get('/watched').handle((ctx) => {
    const res = ctx.res;
    res.on('finish', () => void (seen.finished = res.getHeaders()));
    return { watched: true };
  });
  return api;
}

/** Counts the calls of `method` on node's ServerResponse while `run` runs. */
async function counting(method: 'setHeader' | 'getHeader', run: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn(http.ServerResponse.prototype, method);
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('send: one writeHead of the final lines for a response only the router has touched', () => {
  it('writes a wrapped route without setting a header on the response', async () => {
    const server = serverFor('wrap', router({}));
    let res!: request.Response;
    const sets = await counting('setHeader', async () => (res = await request(server).get('/items/7')));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: '7' });
    expect(sets).toBe(0);
  });

  it('sends the same fields as the field-by-field write of the middleware mount', async () => {
    const wrapped = await request(serverFor('wrap', router({}))).get('/items/7');
    const mounted = await request(serverFor('middleware', router({}))).get('/items/7');
    const fields = (res: request.Response) => {
      const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = res.headers;
      return rest;
    };
    expect(fields(wrapped)).toEqual(fields(mounted));
    expect(fields(wrapped)).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'max-age=60', 'content-length': String(wrapped.text.length) });
  });

  it.each(['wrap', 'middleware'] as const)('says Content-Length: 0 of a 201 without a body, not a chunked body (router.%s)', async (mount) => {
    const res = await request(serverFor(mount, router({}))).put('/items/7');
    expect(res.status).toBe(201);
    expect(res.headers['content-length']).toBe('0');
    expect(res.headers['transfer-encoding']).toBeUndefined();
  });

  it('tells an onResponse hook the bytes of a response written in one writeHead', async () => {
    const seen: { bytes?: number | undefined } = {};
    const server = serverFor('wrap', router(seen));
    let res!: request.Response;
    const sets = await counting('setHeader', async () => (res = await request(server).get('/logged')));
    expect(res.status).toBe(200);
    expect(sets).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.bytes).toBe(Buffer.byteLength(res.text));
  });

  it("keeps the header map of a response handed to the handler (ctx.res): its listeners read the final fields", async () => {
    const seen: { finished?: Record<string, unknown> } = {};
    const res = await request(serverFor('wrap', router(seen))).get('/watched');
    expect(res.status).toBe(200);
    expect(seen.finished).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', etag: res.headers.etag });
  });

  it("reads back only the fields the app set before it under the middleware mount, not each field it writes", async () => {
    const app = express().use((_req, res, next) => {
      res.setHeader('X-Trace', 't-1');
      next();
    });
    const server = serverFor('middleware', router({}), app);
    let res!: request.Response;
    const reads = await counting('getHeader', async () => (res = await request(server).get('/items/7')));
    expect(res.status).toBe(200);
    expect(res.headers['x-trace']).toBe('t-1');
    expect(reads).toBe(1);
  });

  it('keeps the header map under the middleware mount, where the app may read it after the router', async () => {
    let after: Record<string, unknown> | undefined;
    const app = express();
    app.use((_req, res, next) => {
      res.on('finish', () => void (after = res.getHeaders()));
      next();
    });
    const res = await request(serverFor('middleware', router({}), app)).get('/items/7');
    expect(res.status).toBe(200);
    expect(after).toMatchObject({ etag: res.headers.etag, 'cache-control': 'max-age=60' });
  });
});
