import request from 'supertest';
import { AmbiguousMappingError, type HookSet, createRouter } from '../../src';
import { serverFor, underBothMounts } from '../setup/both-mounts';
import { expectProblem } from '../setup/app-fixture';

/** An outer router at /api with a v2 router mounted at /v2, and an admin router mounted in v2. */
function tree(log: string[] = []) {
  const mark = (name: string): HookSet<never> => ({
    onRequest: () => void log.push(`${name}:onRequest`),
    preHandler: () => void log.push(`${name}:preHandler`),
    onSend: () => void log.push(`${name}:onSend`),
  });
  const api = createRouter({ path: '/api', produces: ['application/json', 'application/xml'], cache: { maxAge: 60 }, hooks: [mark('api')], onError: jest.fn() });
  api.get('/health').handle(() => ({ ok: true }));
  const v2 = createRouter({ params: 'client', hooks: [mark('v2')], bodyLimit: 16 });
  v2.get('/users/{id}').use(mark('route')).handle((ctx) => {
    log.push('handler');
    return { id: ctx.path.id, url: ctx.url('/users/{id}', { id: 8 }) };
  });
  v2.post('/users').consumes('application/json').body(Object).handle((ctx) => ctx.body);
  api.mount('/v2', v2);
  const admin = createRouter({ produces: 'text/plain', cache: { noStore: true } });
  v2.mount('/admin', admin);
  // Declared after both mounts: compiled in the tree all the same.
  admin.get('/stats').handle(() => 'all good');
  return { api, v2, admin, log };
}

underBothMounts('a router mounted in another', (mount) => {
  it('answers the inner routes under the joined path, with the outer conditions and the inner ones', async () => {
    const { api } = tree();
    const server = serverFor(mount, api);
    const res = await request(server).get('/api/v2/users/7?client=web').set('Accept', 'application/xml').expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('max-age=60');
    expect(res.text).toContain('<id>7</id>');
    // The inner router's params condition holds for its routes, not the outer's.
    expectProblem(await request(server).get('/api/v2/users/7'), 400);
    await request(server).get('/api/health').expect(200);
  });

  it('builds ctx.url through every prefix', async () => {
    const { api } = tree();
    const res = await request(serverFor(mount, api)).get('/api/v2/users/7?client=web').expect(200);
    expect(res.body.url).toBe('/api/v2/users/8');
  });

  it("lets the innermost router's produces and cache policy replace the outer ones, as a route's do", async () => {
    const { api } = tree();
    const server = serverFor(mount, api);
    const res = await request(server).get('/api/v2/admin/stats?client=web').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    // Produces text/plain only: JSON is not acceptable there.
    expectProblem(await request(server).get('/api/v2/admin/stats?client=web').set('Accept', 'application/json'), 406);
  });

  it("takes the inner router's body limit", async () => {
    const { api } = tree();
    const problem = expectProblem(
      await request(serverFor(mount, api)).post('/api/v2/users?client=web').set('Content-Type', 'application/json').send(JSON.stringify({ name: 'a long enough name' })),
      413,
    );
    expect(problem.type).toBe('urn:represent:problem:body-too-large');
  });

  it('runs the outer hooks, then the inner router’s, then the route’s, at each point', async () => {
    const { api, log } = tree();
    await request(serverFor(mount, api)).get('/api/v2/users/7?client=web').expect(200);
    expect(log).toEqual([
      'api:onRequest',
      'v2:onRequest',
      'route:onRequest',
      'api:preHandler',
      'v2:preHandler',
      'route:preHandler',
      'handler',
      'api:onSend',
      'v2:onSend',
      'route:onSend',
    ]);
  });

  it('runs only the outer hooks for the outer routes', async () => {
    const { api, log } = tree();
    await request(serverFor(mount, api)).get('/api/health').expect(200);
    expect(log).toEqual(['api:onRequest', 'api:preHandler', 'api:onSend']);
  });
});

describe('router.mount(path, router)', () => {
  it('checks ambiguity over the whole tree, for routes declared before the mount', () => {
    const api = createRouter();
    api.get('/v2/users/{id}').handle(() => null);
    const v2 = createRouter();
    v2.get('/users/{key}').handle(() => null);
    expect(() => api.mount('/v2', v2)).toThrow(AmbiguousMappingError);
    // All or none: the failed mount left both routers as they were.
    expect(api.routes().map((r) => r.path)).toEqual(['/v2/users/{id}']);
    expect(v2.routes().map((r) => r.path)).toEqual(['/users/{key}']);
  });

  it('checks ambiguity over the whole tree, for routes declared after the mount', () => {
    const api = createRouter();
    const v2 = createRouter();
    api.mount('/v2', v2);
    v2.get('/users/{id}').handle(() => null);
    expect(() => api.get('/v2/users/{key}').handle(() => null)).toThrow(AmbiguousMappingError);
    const admin = createRouter();
    v2.mount('/admin', admin);
    api.get('/v2/admin/users').handle(() => null);
    expect(() => admin.get('/users').handle(() => null)).toThrow("Ambiguous mapping: 'GET /v2/admin/users' would tie");
  });

  it.each<[string, (api: ReturnType<typeof createRouter>, inner: ReturnType<typeof createRouter>) => void, string]>([
    ['twice', (api, inner) => api.mount('/b', inner), "already mounted at '/a'"],
    ['in itself', (api) => api.mount('/self', api), 'cannot be mounted in itself'],
    ['in a router mounted in it', (api, inner) => inner.mount('/loop', api), 'cannot be mounted in itself or in a router mounted in it'],
    ['at a malformed path', (api) => api.mount('v2', createRouter()), "a path must start with '/'"],
    ['with its own origin', (api) => api.mount('/o', createRouter({ origin: 'https://example.com' })), "the 'origin' option of a mounted router"],
    ['once it is served', (api) => {
      const served = createRouter();
      served.middleware();
      api.mount('/s', served);
    }, 'already serves requests'],
  ])('refuses to mount a router %s', (_case, act, message) => {
    const api = createRouter();
    const inner = createRouter();
    api.mount('/a', inner);
    expect(() => act(api, inner)).toThrow(message);
  });

  it('refuses to serve a mounted router on its own', () => {
    const { v2 } = tree();
    expect(() => v2.middleware()).toThrow("mounted at '/v2' in another router: serve that one");
    expect(() => v2.wrap(() => undefined)).toThrow('serve that one');
  });

  it('refuses hooks on a router once its tree has routes', () => {
    const { api } = tree();
    expect(() => api.use({ onRequest: () => undefined })).toThrow('after 4 route(s) were declared');
  });

  it('lists every route of the tree in routes(), in declaration order, with full paths', () => {
    const { api, v2 } = tree();
    expect(api.routes().map((r) => `${r.methods.join('|')} ${r.path}`)).toEqual(['GET /api/health', 'GET /api/v2/users/{id}', 'POST /api/v2/users', 'GET /api/v2/admin/stats']);
    expect(v2.routes().map((r) => r.path)).toEqual(['/api/v2/users/{id}', '/api/v2/users', '/api/v2/admin/stats']);
  });

  it('prints the tree, each mounted router under its full path', () => {
    const { api } = tree();
    expect(api.printRoutes()).toBe(
      [
        'GET     /api/health  [produces: application/json, application/xml]',
        '/api/v2:',
        '  POST    /api/v2/users  [params: client; consumes: application/json; produces: application/json, application/xml]',
        '  GET     /api/v2/users/{id}  [params: client; produces: application/json, application/xml]',
        '  /api/v2/admin:',
        '    GET     /api/v2/admin/stats  [params: client; produces: text/plain]',
      ].join('\n'),
    );
  });

  it('prints a router with nothing mounted as its table, as before', () => {
    const api = createRouter();
    api.get('/a').handle(() => null);
    api.post('/b').handle(() => null);
    expect(api.printRoutes()).toBe('GET     /a\nPOST    /b');
  });

  it('describes the nested routes in the outer OpenAPI document', () => {
    const { api } = tree();
    const document = api.openapi({ info: { title: 'Tree', version: '1' } });
    expect(Object.keys(document.paths).sort()).toEqual(['/api/health', '/api/v2/admin/stats', '/api/v2/users', '/api/v2/users/{id}']);
    expect(document.paths['/api/v2/users/{id}']?.get?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'client', in: 'query', required: true })]));
  });
});
