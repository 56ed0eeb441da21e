import request from 'supertest';
import { serve } from '../setup/app-fixture';

describe('a router with 5,000 routes', () => {
  const count = 5000;
  const app = serve((api) => {
    for (let i = 0; i < count; i++) {
      if (i % 2 === 0) api.get(`/resource-${i}/{id}`).handle((ctx) => ({ route: i, id: ctx.path.id }));
      else api.get(`/resource-${i}/{id:\\d+}/items`).handle((ctx) => ({ route: i, id: ctx.path.id, items: true }));
    }
    api.get('/{kind}/{id}/{sub}/{leaf}').handle((ctx) => ({ route: 'generic', kind: ctx.path.kind }));
  });

  it.each([0, 2, 2498, 4998])('dispatches GET /resource-%i/abc to its route', async (i) => {
    const res = await request(app).get(`/resource-${i}/abc`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ route: i, id: 'abc' });
  });

  it.each([1, 2499, 4999])('dispatches GET /resource-%i/42/items to its route', async (i) => {
    expect((await request(app).get(`/resource-${i}/42/items`)).body).toEqual({ route: i, id: '42', items: true });
  });

  it('does not confuse routes of neighbouring paths', async () => {
    expect((await request(app).get('/resource-1/abc')).status).toBe(404);
    expect((await request(app).get('/resource-1/x/items')).status).toBe(404);
    expect((await request(app).post('/resource-4998/abc')).status).toBe(405);
    expect((await request(app).get('/resource-5000/abc')).status).toBe(404);
  });

  it('still reaches a generic route beside the specific ones', async () => {
    expect((await request(app).get('/resource-3/x/y/z')).body).toEqual({ route: 'generic', kind: 'resource-3' });
  });
});
