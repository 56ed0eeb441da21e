import request from 'supertest';
import { ProblemType } from '../../src';
import { expectProblem, serve } from './app-fixture';

describe('request header binding, .header(name, options)', () => {
  const app = serve((api) => {
    api.delete('/cars/{id}').header('X-Confirm').handle((ctx) => ({ confirm: ctx.header['X-Confirm'] }));
    api.get('/optional').header('X-Trace', { required: false }).handle((ctx) => ({ trace: ctx.header['X-Trace'] ?? null }));
    api.get('/default').header('X-Page-Size', { type: 'integer', defaultValue: '20' }).handle((ctx) => ({ size: ctx.header['X-Page-Size'] }));
    api.get('/list').header('X-Tags', { array: true }).handle((ctx) => ({ tags: ctx.header['X-Tags'] }));
    api.map({ path: '/declarative', method: 'GET', header: [{ value: 'X-Confirm' }] }, (ctx) => ({ confirm: ctx.header['X-Confirm'] }));
  });

  it.each(['/cars/1', '/declarative'])('answers 400 on %s whose detail names the missing header', async (path) => {
    const res = await (path === '/cars/1' ? request(app).delete(path) : request(app).get(path));
    const problem = expectProblem(res, 400);
    expect(problem.detail).toBe("Required request header 'X-Confirm' is missing");
    expect(problem).toMatchObject({ type: ProblemType.missingRequestHeader, header: 'X-Confirm' });
  });

  it('binds the header whatever the case it is sent in', async () => {
    const res = await request(app).delete('/cars/1').set('x-confirm', 'yes');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ confirm: 'yes' });
  });

  it.each<[string, Record<string, string>, unknown]>([
    ['/optional', {}, { trace: null }],
    ['/optional', { 'X-Trace': ' abc ' }, { trace: 'abc' }],
    ['/default', {}, { size: 20 }],
    ['/default', { 'X-Page-Size': '' }, { size: 20 }],
    ['/default', { 'X-Page-Size': '50' }, { size: 50 }],
    ['/list', { 'X-Tags': 'a, b,c' }, { tags: ['a', 'b', 'c'] }],
  ])('binds %s with headers %j as %j', async (path, headers, body) => {
    const res = await request(app).get(path).set(headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(body);
  });

  it('answers 400 naming the header and the type when the value does not convert', async () => {
    const problem = expectProblem(await request(app).get('/default').set('X-Page-Size', 'lots'), 400);
    expect(problem).toMatchObject({
      type: ProblemType.invalidRequestHeader,
      detail: "Request header 'X-Page-Size' must be an integer, got 'lots'",
      header: 'X-Page-Size',
      expected: 'integer',
    });
  });

  it.each(['constructor', 'toString'])('sees no %j header when the request has none', async (name) => {
    const probe = serve((api) => api.get('/h').header(name, { required: false }).handle((ctx) => ({ value: (ctx.header as Record<string, unknown>)[name] ?? null })));
    const res = await request(probe).get('/h');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: null });
  });
});
