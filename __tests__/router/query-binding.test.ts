import request from 'supertest';
import { ProblemType, createRouter } from '../../src';
import * as queryParameters from '../../src/http/query-parameters';
import { expectProblem, serve } from '../setup/app-fixture';

describe('query parameter binding, .query(name, options)', () => {
  const app = serve((api) => {
    api.get('/required').query('page').handle((ctx) => ({ page: ctx.query.page }));
    api.get('/optional').query('page', { required: false, type: 'integer' }).handle((ctx) => ({ page: ctx.query.page ?? 'absent' }));
    api.get('/default').query('page', { type: 'integer', defaultValue: '1' }).handle((ctx) => ({ page: ctx.query.page }));
    api.get('/typed')
      .query('n', { type: 'number', required: false })
      .query('i', { type: 'integer', required: false })
      .query('b', { type: 'boolean', required: false })
      .handle((ctx) => ({ n: ctx.query.n ?? null, i: ctx.query.i ?? null, b: ctx.query.b ?? null }));
    api.get('/array').query('tag', { array: true, required: false }).query('id', { type: 'integer', array: true, defaultValue: '0' }).handle((ctx) => ({ tag: ctx.query.tag ?? null, id: ctx.query.id }));
    api.map({ path: '/declarative', method: 'GET', query: [{ value: 'q' }, { name: 'limit', type: 'integer', defaultValue: '10' }] }, (ctx) => ({ q: ctx.query.q, limit: ctx.query.limit }));
  });

  it.each([
    ['/required?page=3', { page: '3' }],
    ['/required?page=a+b%21', { page: 'a b!' }],
    ['/required?page=', { page: '' }],
    ['/optional?page=7', { page: 7 }],
    ['/optional', { page: 'absent' }],
    ['/default', { page: 1 }],
    ['/default?page=', { page: 1 }],
    ['/default?page=5', { page: 5 }],
    ['/typed?n=2.5&i=-3&b=true', { n: 2.5, i: -3, b: true }],
    ['/typed?b=0', { n: null, i: null, b: false }],
    ['/array?tag=a&tag=b', { tag: ['a', 'b'], id: [0] }],
    ['/array?tag=a&id=1&id=2', { tag: ['a'], id: [1, 2] }],
    ['/declarative?q=cars', { q: 'cars', limit: 10 }],
    ['/declarative?q=cars&limit=3', { q: 'cars', limit: 3 }],
  ])('binds %s as %j', async (path, body) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(body);
  });

  it.each([
    ['/required', "Required query parameter 'page' is missing"],
    ['/declarative', "Required query parameter 'q' is missing"],
  ])('answers 400 for %s naming the missing parameter', async (path, detail) => {
    const problem = expectProblem(await request(app).get(path), 400);
    expect(problem).toMatchObject({ type: ProblemType.missingQueryParameter, detail });
  });

  it.each([
    ['/optional?page=two', 'page', 'integer', "Query parameter 'page' must be an integer, got 'two'"],
    ['/default?page=1.5', 'page', 'integer', "Query parameter 'page' must be an integer, got '1.5'"],
    ['/typed?n=abc', 'n', 'number', "Query parameter 'n' must be a number, got 'abc'"],
    ['/typed?b=maybe', 'b', 'boolean', "Query parameter 'b' must be a boolean, got 'maybe'"],
    ['/array?id=1&id=x', 'id', 'integer', "Query parameter 'id' must be an integer, got 'x'"],
  ])('answers 400 for %s naming the parameter %j and the expected type %j', async (path, parameter, expected, detail) => {
    const problem = expectProblem(await request(app).get(path), 400);
    expect(problem).toMatchObject({ type: ProblemType.invalidQueryParameter, detail, parameter, expected });
  });

  it('refuses a binding named __proto__ at declaration (ctx.query.__proto__ would be a prototype)', () => {
    expect(() => createRouter().get('/x').query('__proto__').handle(() => 1)).toThrow(
      "Route GET /x: A query parameter binding cannot be named '__proto__'",
    );
  });

  it('rejects a default value outside its range at declaration, which would answer 400 to every request without the value', () => {
    expect(() => createRouter().get('/x').query('size', { type: 'integer', defaultValue: '0', min: 1, max: 100 }).handle(() => 1)).toThrow(
      "Route GET /x: The default value '0' of query parameter 'size' is outside 1..100",
    );
  });

  it('rejects a default value that does not convert, at declaration, naming the route', () => {
    expect(() => createRouter().get('/x').query('page', { type: 'integer', defaultValue: 'one' }).handle(() => 1)).toThrow(
      "Route GET /x: The default value 'one' of query parameter 'page' is not an integer",
    );
  });

  describe('its query reader, compiled when the route is declared', () => {
    afterEach(() => jest.restoreAllMocks());

    it('is compiled once per route that binds the query, and reads a plain query without parsing every parameter', async () => {
      const compiled = jest.spyOn(queryParameters, 'compileQueryReader');
      const parsed = jest.spyOn(queryParameters, 'parseQuery');
      const app = serve((api) => {
        api.get('/pages').query('page', { type: 'integer' }).query('size', { type: 'integer', defaultValue: '10' }).handle((ctx) => ctx.query);
        api.get('/plain').handle(() => ({ plain: true }));
      });
      expect(compiled).toHaveBeenCalledTimes(1);
      expect(compiled).toHaveBeenCalledWith(['page', 'size']);
      for (const page of [1, 2, 3]) {
        const res = await request(app).get(`/pages?page=${page}&sort=name&verbose=false`);
        expect(res.body).toEqual({ page, size: 10 });
      }
      expect((await request(app).get('/plain?page=1')).body).toEqual({ plain: true });
      expect(compiled).toHaveBeenCalledTimes(1);
      expect(parsed).not.toHaveBeenCalled();
    });

    it('reads a query with escapes as URLSearchParams decodes it, parsing it once', async () => {
      const parsed = jest.spyOn(queryParameters, 'parseQuery');
      const app = serve((api) => {
        api.get('/search').query('q').query('page', { type: 'integer', defaultValue: '1' }).handle((ctx) => ctx.query);
      });
      const res = await request(app).get('/search?q=caf%C3%A9+cr%C3%A8me&page=%32');
      expect(res.body).toEqual({ q: 'café crème', page: 2 });
      expect(parsed).toHaveBeenCalledTimes(1);
    });
  });
});
