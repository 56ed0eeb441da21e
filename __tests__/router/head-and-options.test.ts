import request from 'supertest';
import { serve } from '../setup/app-fixture';

describe('HEAD', () => {
  const handler = jest.fn(() => ({ make: 'Volvo', year: 2012 }));
  const app = serve((api) => {
    api.get('/cars/{id}').produces('application/json').handle(handler);
    api.route('/explicit').method('HEAD').handle(() => undefined);
    api.get('/explicit').handle(() => ({ route: 'get' }));
    api.post('/posts').handle(() => ({ route: 'posted' }));
  });

  it('answers HEAD from the GET route with the same headers and no body', async () => {
    const get = await request(app).get('/cars/1');
    const head = await request(app).head('/cars/1');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.text).toBeUndefined();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('prefers a route that declares HEAD over the GET route', async () => {
    expect((await request(app).head('/explicit')).status).toBe(204);
  });

  it('answers 405 to HEAD on a resource without GET', async () => {
    const res = await request(app).head('/posts');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('POST, OPTIONS');
  });
});

describe('OPTIONS', () => {
  const app = serve((api) => {
    api.get('/cars').handle(() => []);
    api.post('/cars').handle(() => ({ route: 'created' }));
    api.delete('/cars/{id}').handle(() => undefined);
    api.route('/anything').handle(() => ({ route: 'any' }));
    api.get('/custom').handle(() => ({ route: 'get' }));
    api.route('/custom').method('OPTIONS').handle((ctx) => {
      ctx.res.setHeader('Allow', 'GET, OPTIONS');
      return { custom: true };
    });
  });

  it('answers 204 with Allow listing the methods of every route of the path', async () => {
    const res = await request(app).options('/cars');
    expect(res.status).toBe(204);
    expect(res.headers['allow']).toBe('GET, HEAD, POST, OPTIONS');
    expect(res.text).toBe('');
  });

  it('lists only the routes of the requested path', async () => {
    expect((await request(app).options('/cars/7')).headers['allow']).toBe('DELETE, OPTIONS');
  });

  it('answers OPTIONS itself for a route without a method condition', async () => {
    const res = await request(app).options('/anything');
    expect(res.status).toBe(204);
    expect(res.headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  });

  it('leaves OPTIONS to a route that declares it', async () => {
    const res = await request(app).options('/custom');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ custom: true });
  });

  it('falls through for a path no route has', async () => {
    expect((await request(app).options('/nowhere')).status).toBe(404);
  });
});
