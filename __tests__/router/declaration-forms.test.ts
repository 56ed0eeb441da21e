import express from 'express';
import request from 'supertest';
import { createRouter } from '../../src';
import { serve } from '../setup/app-fixture';

describe('the fluent form', () => {
  const app = serve((api) => {
    api
      .route('/cars/{id}')
      .method('GET')
      .params('debug', '!legacy', 'mode=fast', 'mode!=slow')
      .headers('X-Api-Version=2')
      .consumes('application/json')
      .produces('application/json', 'application/xml')
      .handle((ctx) => ({ route: 'full', id: ctx.path.id }));
    api.get('/s').handle(() => ({ route: 'GET' }));
    api.post('/s').handle(() => ({ route: 'POST' }));
    api.put('/s').handle(() => ({ route: 'PUT' }));
    api.patch('/s').handle(() => ({ route: 'PATCH' }));
    api.delete('/s').handle(() => ({ route: 'DELETE' }));
  });

  it('answers a request that meets every condition of a fully declared route', async () => {
    const res = await request(app).get('/cars/9?debug&mode=fast').set('X-Api-Version', '2').set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ route: 'full', id: '9' });
  });

  it.each([
    ['/cars/9?mode=fast', 'debug'],
    ['/cars/9?debug&mode=fast&legacy', '!legacy'],
    ['/cars/9?debug', 'mode=fast'],
    ['/cars/9?debug&mode=slow', 'mode=fast'],
  ])('answers 400 for %s, naming the unmet condition %j', async (path, condition) => {
    const res = await request(app).get(path).set('X-Api-Version', '2');
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(condition);
  });

  it.each(['get', 'post', 'put', 'patch', 'delete'] as const)('routes %s through its shorthand', async (method) => {
    const res = await request(app)[method]('/s');
    expect(res.body.route).toBe(method.toUpperCase());
  });

  it('keeps a builder immutable, so that one prefix can start several routes', async () => {
    const shared = serve((api) => {
      const base = api.get('/shared').produces('application/json');
      base.params('mode=a').handle(() => ({ route: 'a' }));
      base.params('mode=b').handle(() => ({ route: 'b' }));
      base.handle(() => ({ route: 'none' }));
    });
    expect((await request(shared).get('/shared?mode=a')).body.route).toBe('a');
    expect((await request(shared).get('/shared?mode=b')).body.route).toBe('b');
    expect((await request(shared).get('/shared')).body.route).toBe('none');
  });

  it('rejects a handler that is not a function, naming the route', () => {
    expect(() => createRouter().get('/x').handle('nope' as never)).toThrow('Route GET /x: the handler must be a function');
  });
});

describe('the declarative form, map({ ... }, handler)', () => {
  it.each(['path', 'value', 'name'] as const)('takes the path from %j', async (attribute) => {
    const app = serve((api) => api.map({ [attribute]: '/cars/{id}', method: 'GET' }, (ctx) => ({ id: (ctx.path as { id: string }).id })));
    const res = await request(app).get('/cars/3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: '3' });
  });

  const app = serve((api) => {
    api.map(
      {
        path: '/cars',
        method: ['GET'],
        params: 'mode=fast',
        headers: ['X-Api-Version=2'],
        produces: 'application/json',
        query: [
          { name: 'page', type: 'integer', defaultValue: '1' },
          { value: 'size', type: 'integer', required: false },
        ],
        header: [{ name: 'X-Trace', required: false }],
        matrix: [{ value: 'color', required: false, array: true }],
      },
      (ctx) => ({ page: ctx.query.page, size: ctx.query.size ?? null, trace: ctx.header['X-Trace'] ?? null, color: ctx.matrix.color ?? null }),
    );
    api.map({ path: '/cars', method: 'POST', consumes: ['application/json'], body: Object }, (ctx) => ({ got: ctx.body }));
  });

  it('applies every mapping attribute and binds query parameters declared by `name` or `value`', async () => {
    const res = await request(app).get('/cars;color=red,blue?mode=fast&size=20').set('X-Api-Version', '2').set('X-Trace', 't1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ page: 1, size: 20, trace: 't1', color: ['red', 'blue'] });
  });

  it('enforces the declared params condition', async () => {
    expect((await request(app).get('/cars').set('X-Api-Version', '2')).status).toBe(400);
  });

  it('enforces the declared headers condition', async () => {
    expect((await request(app).get('/cars?mode=fast')).status).toBe(404);
  });

  it('enforces the declared consumes and reads the JSON body', async () => {
    expect((await request(app).post('/cars').set('Content-Type', 'text/plain').send('x')).status).toBe(415);
    const res = await request(app).post('/cars').send({ make: 'Volvo' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ got: { make: 'Volvo' } });
  });
});

describe('a route declared without .handle()', () => {
  it('makes middleware() throw, naming the route', () => {
    const api = createRouter();
    api.get('/users').handle(() => []);
    api.get('/users/{id}').produces('application/json');
    expect(() => api.middleware()).toThrow("router.middleware(): 'GET /users/{id}' was declared without .handle()");
  });

  it('makes wrap() throw, naming every such route, those of mounted routers included', () => {
    const api = createRouter();
    const inner = createRouter();
    inner.post('/orders').consumes('application/json');
    api.mount('/shop', inner);
    api.route('/health');
    expect(() => api.wrap(() => undefined)).toThrow("router.wrap(listener): 'route /health', 'POST /orders' were declared without .handle()");
  });

  it('counts a route as handled when any builder chained from it handles', async () => {
    const api = createRouter();
    const base = api.get('/books/{id}').produces('application/json');
    base.query('fields', { required: false }).handle((ctx) => ({ id: ctx.path.id, fields: ctx.query.fields ?? null }));
    const app = express().use(api.middleware());
    expect((await request(app).get('/books/1?fields=a')).body).toEqual({ id: '1', fields: 'a' });
  });
});

/**
 * What the types refuse (__tests__/types/dsl-types.test-d.ts) is refused at run time too, for
 * callers in JavaScript or past a cast.
 */
describe('a declaration the types refuse', () => {
  it('makes mount() throw when given anything but a router', () => {
    const outer = createRouter({ path: '/api' });
    // @ts-expect-error: only a router mounts
    expect(() => outer.mount('/x', {})).toThrow('only a router made by createRouter() can be mounted');
  });

  it('makes .body() throw for a class that names no body kind', () => {
    class Note {
      words(): number {
        return 0;
      }
    }
    const api = createRouter();
    // @ts-expect-error: a body is never an instance of Date, so Date is no body token
    expect(() => api.post('/date').body(Date).handle(() => undefined)).toThrow('.body(Date) names no body kind');
    // @ts-expect-error: nor of a class of the application's
    expect(() => api.post('/note').body(Note).handle(() => undefined)).toThrow('Declare .body(Object) for a plain object, or a Standard Schema');
  });
});
