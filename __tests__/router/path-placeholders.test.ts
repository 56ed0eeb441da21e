import request from 'supertest';
import { createRouter } from '../../src';
import { serve } from '../setup/app-fixture';

describe('path placeholders', () => {
  const app = serve((api) => {
    api.get('/users/{id}').handle((ctx) => ({ route: 'plain', id: ctx.path.id }));
    api.get('/cars/{id:\\d+}').handle((ctx) => ({ route: 'digits', id: ctx.path.id }));
    api.get('/zip/{code:\\d{5}}').handle((ctx) => ({ route: 'zip', code: ctx.path.code }));
    api.get('/files/{*rest}').handle((ctx) => ({ route: 'catch-all', rest: ctx.path.rest }));
    api.get('/orgs/{org}/repos/{repo}').handle((ctx) => ({ org: ctx.path.org, repo: ctx.path.repo }));
  });

  it.each([
    ['/users/John%20Doe', { route: 'plain', id: 'John Doe' }],
    ['/users/caf%C3%A9', { route: 'plain', id: 'café' }],
    ['/users/a%2Fb', { route: 'plain', id: 'a/b' }],
    ['/users/a+b', { route: 'plain', id: 'a+b' }],
    ['/cars/42', { route: 'digits', id: '42' }],
    ['/cars/%34%32', { route: 'digits', id: '42' }],
    ['/zip/12345', { route: 'zip', code: '12345' }],
    ['/files/a', { route: 'catch-all', rest: 'a' }],
    ['/files/a/b/c.txt', { route: 'catch-all', rest: 'a/b/c.txt' }],
    ['/files/a%20b/c', { route: 'catch-all', rest: 'a b/c' }],
    ['/files', { route: 'catch-all', rest: '' }],
    ['/orgs/acme/repos/represent', { org: 'acme', repo: 'represent' }],
  ])('binds %s as %j', async (path, body) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(body);
  });

  it.each(['/cars/4x', '/cars/x', '/zip/1234', '/zip/123456'])('does not match %s when the pattern rejects the segment', async (path) => {
    expect((await request(app).get(path)).status).toBe(404);
  });

  it('does not let a plain placeholder match an empty segment', async () => {
    expect((await request(app).get('/orgs//repos/x')).status).toBe(404);
  });

  it('answers 400 for a placeholder with invalid percent-encoding', async () => {
    const res = await request(app).get('/users/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('%E0%A4%A');
  });

  it('matches literal segments after percent-decoding the request path', async () => {
    const literal = serve((api) => api.get('/café/a b').handle(() => ({ route: 'literal' })));
    expect((await request(literal).get('/caf%C3%A9/a%20b')).body).toEqual({ route: 'literal' });
  });

  it('answers the root template at the mount point, with or without a trailing slash', async () => {
    const mounted = serve((api) => api.get('/').handle(() => ({ route: 'root' })), {}, '/api');
    expect((await request(mounted).get('/api')).body).toEqual({ route: 'root' });
    expect((await request(mounted).get('/api/')).body).toEqual({ route: 'root' });
  });

  describe('when a template is malformed', () => {
    it.each([
      ['/cars/{id', "Route GET /cars/{id: Malformed path template '/cars/{id'"],
      ['/cars/{id}/{id}', "Route GET /cars/{id}/{id}: Malformed path template '/cars/{id}/{id}': placeholder 'id' appears twice"],
      ['/files/{*rest}/x', "Route GET /files/{*rest}/x: Malformed path template"],
      ['/cars/{id:(}', 'Route GET /cars/{id:(}: Malformed path template'],
      ['cars', "Route GET cars: Malformed path template 'cars'"],
    ])('rejects %j at declaration with a message naming the route', (path, message) => {
      expect(() => createRouter().get(path).handle(() => undefined)).toThrow(message);
    });

    it('names the route when the router prefix and the route path clash', () => {
      expect(() => createRouter({ path: '/orgs/{id}' }).get('/users/{id}').handle(() => undefined)).toThrow(
        "Route GET /users/{id}: Malformed path template '/orgs/{id}/users/{id}': placeholder 'id' appears twice",
      );
    });

    it('names the router when its own prefix is malformed', () => {
      expect(() => createRouter({ path: '/api/{v' })).toThrow("Malformed path template '/api/{v'");
    });
  });
});

describe('literal segments declared percent-encoded', () => {
  const app = serve((api) => {
    api.get('/caf%C3%A9').handle(() => ({ route: 'cafe' }));
  });

  it('match the request whether it sends them encoded or not', async () => {
    expect((await request(app).get('/caf%C3%A9')).body).toEqual({ route: 'cafe' });
    expect((await request(app).get('/caf%c3%a9')).body).toEqual({ route: 'cafe' });
  });

  it('are rejected when the encoding is invalid, naming the route', () => {
    expect(() => serve((api) => api.get('/bad%ZZ').handle(() => 1))).toThrow(/bad%ZZ.*invalid percent-encoding/);
  });

  it("refuses Express's ':id' when the route is declared, naming the template it meant", () => {
    const api = createRouter();
    expect(() => api.get('/users/:id').handle((ctx) => ctx.path)).toThrow("did you mean '/users/{id}'?");
  });
});
