import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { type Router, type RouterOptions, ResponseEntity, createRouter } from '../../src';
import { expectProblem } from '../setup/app-fixture';

/** A users resource whose POST answers 201 with a Location built by `ctx.url`. */
function users(options: RouterOptions = {}): Router<string> {
  const api = createRouter<string>({ onError: jest.fn(), ...options });
  api.get('/users/{id}').handle((ctx) => ({ ...ctx.path }));
  api
    .post('/users')
    .query('id', { required: false })
    .handle((ctx) => {
      const id = ctx.query.id ?? '1';
      return ResponseEntity.created(ctx.url('/users/{id}', { id }), { id });
    });
  api.get('/links').handle((ctx) => ({ self: ctx.url('/links'), root: ctx.url('/'), absolute: ctx.origin + ctx.url('/users/{id}', { id: 7 }) }));
  api.get('/bad-link').handle((ctx) => ctx.url('/users/{id}', { id: '' }));
  return api;
}

/** POSTs, then GETs the Location it answered: the created resource must be there. */
async function createAndFollow(app: http.Server | express.Express, post: string): Promise<{ location: string; body: unknown }> {
  const created = await request(app).post(post);
  expect(created.status).toBe(201);
  const location = created.headers.location as string;
  const followed = await request(app).get(location);
  expect(followed.status).toBe(200);
  return { location, body: followed.body };
}

describe('ctx.url(template, values)', () => {
  describe("under app.use('/api', router.middleware())", () => {
    const app = express().use('/api', users().middleware());

    it('answers a Location under the mount path, which resolves', async () => {
      expect(await createAndFollow(app, '/api/users?id=7')).toEqual({ location: '/api/users/7', body: { id: '7' } });
    });

    it('percent-encodes a value so that it comes back as sent', async () => {
      const { location, body } = await createAndFollow(app, `/api/users?id=${encodeURIComponent('a/b;c=d zoë')}`);
      expect(location).toBe('/api/users/a%2Fb%3Bc%3Dd%20zo%C3%AB');
      expect(body).toEqual({ id: 'a/b;c=d zoë' });
    });

    it('builds paths without placeholders, the root, and absolute URLs with ctx.origin', async () => {
      const res = await request(app).get('/api/links').set('Host', 'example.org');
      expect(res.body).toEqual({ self: '/api/links', root: '/api', absolute: 'http://example.org/api/users/7' });
    });

    it('answers 500 (a problem, not a crash) when a value would not reach the route', async () => {
      expectProblem(await request(app).get('/api/bad-link'), 500);
    });
  });

  describe('under nested mount points', () => {
    const app = express().use('/v1', express.Router().use('/api', users().middleware()));

    it('answers a Location under the whole mount path', async () => {
      expect((await createAndFollow(app, '/v1/api/users?id=3')).location).toBe('/v1/api/users/3');
    });
  });

  describe('at the root', () => {
    const app = express().use(users().middleware());

    it('answers a Location from the root', async () => {
      expect((await createAndFollow(app, '/users?id=3')).location).toBe('/users/3');
      expect((await request(app).get('/links')).body).toMatchObject({ self: '/links', root: '/' });
    });
  });

  describe('under router.wrap(app)', () => {
    const app = express();
    const server = http.createServer(users().wrap(app));

    it('answers a Location from the root', async () => {
      expect((await createAndFollow(server, '/users?id=4')).location).toBe('/users/4');
    });
  });

  describe("with a router path ('/tenants/{tenant}')", () => {
    const app = express().use('/api', users({ path: '/tenants/{tenant}' }).middleware());

    it("fills the router's placeholders from the request", async () => {
      const { location, body } = await createAndFollow(app, '/api/tenants/a%20b/users?id=5');
      expect(location).toBe('/api/tenants/a%20b/users/5');
      expect(body).toEqual({ id: '5', tenant: 'a b' });
    });
  });

  describe("with a router path whose placeholder the values name", () => {
    const api = createRouter({ path: '/tenants/{tenant}', onError: jest.fn() });
    api.get('/move').handle((ctx) => ctx.url('/users/{id}', { id: 1, tenant: 'other' }));
    const app = express().use('/api', api.middleware());

    it('uses the value given', async () => {
      expect((await request(app).get('/api/tenants/acme/move').set('Accept', 'text/plain')).text).toBe('/api/tenants/other/users/1');
    });
  });
});
