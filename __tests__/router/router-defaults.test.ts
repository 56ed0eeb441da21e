import request from 'supertest';
import { serve } from '../setup/app-fixture';

describe('router-level defaults, createRouter({ ... })', () => {
  it('prefixes every route with the router path', async () => {
    const app = serve((api) => {
      api.get('/cars').handle(() => ({ route: 'cars' }));
      api.get('/').handle(() => ({ route: 'root' }));
    }, { path: '/v1' });
    expect((await request(app).get('/v1/cars')).body.route).toBe('cars');
    expect((await request(app).get('/v1')).body.route).toBe('root');
    expect((await request(app).get('/cars')).status).toBe(404);
  });

  it('adds router params to the route params', async () => {
    const app = serve((api) => api.get('/cars').params('mode=fast').handle(() => ({ route: 'ok' })), { params: ['apiKey'] });
    expect((await request(app).get('/cars?apiKey=1&mode=fast')).status).toBe(200);
    const missingRouterParam = await request(app).get('/cars?mode=fast');
    expect(missingRouterParam.status).toBe(400);
    expect(missingRouterParam.body.detail).toContain('apiKey');
    expect((await request(app).get('/cars?apiKey=1')).status).toBe(400);
  });

  it('adds router headers to the route headers', async () => {
    const app = serve((api) => api.get('/cars').headers('X-Api-Version=2').handle(() => ({ route: 'ok' })), { headers: 'X-Tenant' });
    expect((await request(app).get('/cars').set('X-Tenant', 'a').set('X-Api-Version', '2')).status).toBe(200);
    expect((await request(app).get('/cars').set('X-Api-Version', '2')).status).toBe(404);
    expect((await request(app).get('/cars').set('X-Tenant', 'a')).status).toBe(404);
  });

  it('adds router methods to the route methods', async () => {
    const app = serve((api) => api.post('/cars').handle(() => ({ route: 'ok' })), { method: 'PUT' });
    expect((await request(app).post('/cars')).status).toBe(200);
    expect((await request(app).put('/cars')).status).toBe(200);
    const res = await request(app).delete('/cars');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('POST, PUT, OPTIONS');
  });

  it('applies router produces to a route that declares none, and lets a route replace them', async () => {
    const app = serve((api) => {
      api.get('/json').handle(() => ({ kind: 'json' }));
      api.get('/problem').produces('application/problem+json').handle(() => ({ kind: 'problem' }));
    }, { produces: ['application/json'] });
    expect((await request(app).get('/json').set('Accept', 'text/html')).status).toBe(406);
    const replaced = await request(app).get('/problem').set('Accept', 'application/problem+json');
    expect(replaced.status).toBe(200);
    expect(replaced.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect((await request(app).get('/problem').set('Accept', 'application/json')).status).toBe(406);
  });

  it('applies router consumes to a route that declares none, and lets a route replace them', async () => {
    const app = serve((api) => {
      api.post('/default').body(Object).handle(() => ({ route: 'default' }));
      api.post('/replaced').consumes('application/merge-patch+json').body(Object).handle(() => ({ route: 'replaced' }));
    }, { consumes: 'application/json' });
    expect((await request(app).post('/default').set('Content-Type', 'application/json').send('{}')).status).toBe(200);
    expect((await request(app).post('/replaced').set('Content-Type', 'application/merge-patch+json').send('{}')).status).toBe(200);
    const refused = await request(app).post('/replaced').set('Content-Type', 'application/json').send('{}');
    expect(refused.status).toBe(415);
    expect(refused.headers['accept-post']).toBe('application/merge-patch+json');
  });
});
