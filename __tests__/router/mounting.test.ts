import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { createRouter } from '../../src';
import { serve } from '../setup/app-fixture';

describe('router.middleware()', () => {
  describe('when mounted at the root', () => {
    const app = serve((api) => api.get('/cars/{id}').handle((ctx) => ({ id: ctx.path.id })));

    it('answers a matching request', async () => {
      const res = await request(app).get('/cars/7');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: '7' });
    });

    it('ignores a trailing slash', async () => {
      expect((await request(app).get('/cars/7/')).body).toEqual({ id: '7' });
    });

    it('falls through with next() when no route path matches (Express answers 404)', async () => {
      const res = await request(app).get('/bikes/7');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    });
  });

  describe("when mounted under app.use('/api', ...)", () => {
    const app = serve((api) => api.get('/cars/{id}').handle((ctx) => ({ id: ctx.path.id })), {}, '/api');

    it('answers paths relative to the mount point', async () => {
      const res = await request(app).get('/api/cars/7');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: '7' });
    });

    it('does not answer the same path outside the mount point', async () => {
      expect((await request(app).get('/cars/7')).status).toBe(404);
    });

    it('names the full request URI as the problem instance', async () => {
      const res = await request(app).post('/api/cars/7?x=1');
      expect(res.status).toBe(405);
      expect(res.body.instance).toBe('/api/cars/7?x=1');
    });
  });

  describe('when mounted beside ordinary Express routes', () => {
    const api = createRouter({ onError: jest.fn() });
    api.get('/cars').handle(() => ['dsl']);
    const app = express();
    app.get('/before', (_req, res) => void res.json(['before']));
    app.use(api.middleware());
    app.get('/after', (_req, res) => void res.json(['after']));
    app.get('/cars/express-only', (_req, res) => void res.json(['express']));

    it.each([
      ['/before', ['before']],
      ['/cars', ['dsl']],
      ['/after', ['after']],
      ['/cars/express-only', ['express']],
    ])('answers %s from the right handler', async (path, body) => {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(body);
    });
  });

  it('serves routes declared after the middleware was created', async () => {
    const api = createRouter();
    const app = express().use(api.middleware());
    api.get('/late').handle(() => ({ late: true }));
    expect((await request(app).get('/late')).body).toEqual({ late: true });
  });

  it('mounts the same router on two apps independently of each other', async () => {
    const api = createRouter();
    api.get('/x').handle(() => ({ route: 'x' }));
    const [a, b] = [express().use('/a', api.middleware()), express().use(api.middleware())];
    expect((await request(a).get('/a/x')).body.route).toBe('x');
    expect((await request(b).get('/x')).body.route).toBe('x');
  });
});

describe('request targets in absolute-form (RFC 9112 section 3.2.2)', () => {
  /** Sends the request line exactly as given: supertest always sends the origin-form. */
  function rawTarget(listener: http.RequestListener, method: string, target: string): Promise<{ status: number; body: string }> {
    const server = http.createServer(listener);
    return new Promise((resolve, reject) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        const req = http.request({ host: '127.0.0.1', port, method, path: target }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            server.close();
            resolve({ status: res.statusCode ?? 0, body });
          });
        });
        req.on('error', (error) => {
          server.close();
          reject(error);
        });
        req.end();
      });
    });
  }

  const declare = (api: ReturnType<typeof createRouter>): void => void api.get('/cars/{id}').query('color', { required: false }).handle((ctx) => ({ id: ctx.path.id, color: ctx.query.color ?? null }));

  it.each([
    ['as middleware', (): http.RequestListener => serve(declare)],
    ['wrapped', (): http.RequestListener => {
      const api = createRouter();
      declare(api);
      return api.wrap(express());
    }],
  ])('answers http://host/path?query as /path?query %s', async (_mount, listener) => {
    const res = await rawTarget(listener(), 'GET', 'http://cars.example/cars/7?color=red');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ id: '7', color: 'red' });
  });

  it('leaves the asterisk-form of OPTIONS * to the app', async () => {
    const api = createRouter();
    api.get('/').handle(() => ({ root: true }));
    const app = express();
    app.use(api.middleware());
    app.use((req, res) => void res.status(200).send(`app saw ${req.url}`));
    const res = await rawTarget(app, 'OPTIONS', '*');
    expect(res.body).toBe('app saw *');
  });
});
