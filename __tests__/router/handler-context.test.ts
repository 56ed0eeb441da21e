import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { type Router, createRouter } from '../../src';

/** What handlers commonly do with the context object besides reading its fields. */
function declare(api: Router): void {
  api.get('/destructured/{id}').handle(({ path, req, res, signal }) => ({
    id: path.id,
    header: req.get('x-client') ?? null,
    json: typeof res.json,
    signal: signal instanceof AbortSignal,
  }));
  api.get('/spread/{id}').handle((ctx) => {
    const copy = { ...ctx };
    return { keys: Object.keys(copy).sort(), id: copy.path.id, req: 'req' in copy };
  });
  api.get('/derived').handle((ctx) => {
    const derived = Object.create(ctx) as typeof ctx;
    return { header: derived.req.get('x-client') ?? null, aborted: derived.signal.aborted };
  });
  api.get('/proxied').handle((ctx) => {
    const proxied = new Proxy(ctx, {});
    return { header: proxied.req.get('x-client') ?? null, json: typeof proxied.res.json };
  });
}

describe.each([
  ['app.use(api.middleware())', (api: Router) => express().use(api.middleware())],
  ['http.createServer(api.wrap(app))', (api: Router) => api.wrap(express())],
])('the handler context under %s', (_mount, mount) => {
  const api = createRouter();
  declare(api);
  const server = http.createServer(mount(api));

  it('gives its request, response and signal to a destructuring parameter', async () => {
    const res = await request(server).get('/destructured/7').set('X-Client', 'a');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: '7', header: 'a', json: 'function', signal: true });
  });

  it('copies its bound values with a spread; req, res and signal are read from ctx itself (getters)', async () => {
    const res = await request(server).get('/spread/7');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ keys: ['body', 'cookie', 'header', 'matrix', 'mediaType', 'path', 'query'], id: '7', req: false });
  });

  it('serves as the prototype of another object', async () => {
    const res = await request(server).get('/derived').set('X-Client', 'b');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ header: 'b', aborted: false });
  });

  it('works behind a Proxy', async () => {
    const res = await request(server).get('/proxied').set('X-Client', 'c');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ header: 'c', json: 'function' });
  });
});
