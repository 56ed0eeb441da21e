import express from 'express';
import request from 'supertest';
import { ProblemType, createRouter } from '../../src';
import { expectProblem, serve } from '../setup/app-fixture';

describe('matrix variables, .matrix(name, options)', () => {
  const app = serve((api) => {
    api.get('/cars')
      .matrix('color', { array: true, required: false })
      .matrix('year', { type: 'integer', required: false })
      .handle((ctx) => ({ color: ctx.matrix.color ?? null, year: ctx.matrix.year ?? null }));
    api.get('/cars/{id}').matrix('color', { required: false }).handle((ctx) => ({ id: ctx.path.id, color: ctx.matrix.color ?? null }));
    api.get('/owners/{owner}/cars/{car}')
      .matrix('q', { pathVar: 'owner', required: false, array: true })
      .matrix('r', { pathVar: 'car', required: false, array: true })
      .matrix('any', { required: false, array: true })
      .handle((ctx) => ({ q: ctx.matrix.q ?? null, r: ctx.matrix.r ?? null, any: ctx.matrix.any ?? null }));
    api.get('/required/{id}').matrix('v', { pathVar: 'id' }).handle((ctx) => ({ v: ctx.matrix.v }));
    api.get('/defaults').matrix('v', { defaultValue: 'x', array: true }).handle((ctx) => ({ v: ctx.matrix.v }));
    api.get('/proto').matrix('toString', { required: false }).handle((ctx) => ({ value: ctx.matrix.toString ?? null }));
  });

  it.each([
    ['/cars;color=red;year=2012', { color: ['red'], year: 2012 }],
    ['/cars;color=red,blue', { color: ['red', 'blue'] }],
    ['/cars;color=red;color=blue', { color: ['red', 'blue'] }],
    ['/cars;color=red,green;color=blue;year=1999', { color: ['red', 'green', 'blue'], year: 1999 }],
    ['/cars;color=dark%20red', { color: ['dark red'] }],
    ['/cars', { color: null, year: null }],
  ])('binds %s as %j', async (path, expected) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(expected);
  });

  it('never lets matrix content stop a path from matching: /cars/42;color=red gives id 42', async () => {
    const res = await request(app).get('/cars/42;color=red');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: '42', color: 'red' });
  });

  it('binds from the segment of pathVar only, or from any segment without it', async () => {
    const res = await request(app).get('/owners/ann;q=1;any=a/cars/volvo;r=2;q=9;any=b');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ q: ['1'], r: ['2'], any: ['a', 'b'] });
  });

  it('answers 400 naming a required matrix variable that is missing from its segment', async () => {
    const problem = expectProblem(await request(app).get('/required/7;w=1'), 400);
    expect(problem).toMatchObject({ type: ProblemType.missingMatrixVariable, detail: "Required matrix variable 'v' is missing" });
    expect((await request(app).get('/required/7;v=1')).body).toEqual({ v: '1' });
  });

  it('applies the default value when the variable is absent or empty', async () => {
    expect((await request(app).get('/defaults')).body).toEqual({ v: ['x'] });
    expect((await request(app).get('/defaults;v=')).body).toEqual({ v: ['x'] });
    expect((await request(app).get('/defaults;v=y')).body).toEqual({ v: ['y'] });
  });

  it('answers 400 naming the variable and type when a value does not convert', async () => {
    const problem = expectProblem(await request(app).get('/cars;year=old'), 400);
    expect(problem).toMatchObject({ type: ProblemType.invalidMatrixVariable, parameter: 'year', expected: 'integer' });
    expect(problem.detail).toBe("Matrix variable 'year' must be an integer, got 'old'");
  });

  it('answers 400 for invalid percent-encoding in matrix variables', async () => {
    expect(expectProblem(await request(app).get('/cars;color=%E0%A4%A'), 400).type).toBe(ProblemType.malformedPath);
  });

  it('does not read prototype members as matrix variables', async () => {
    const res = await request(app).get('/proto');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: null });
  });

  it('rejects a pathVar that is not a placeholder of the path, naming the route', () => {
    // @ts-expect-error: 'car' is not a placeholder of '/cars/{id}' (the same check at compile time)
    expect(() => createRouter().get('/cars/{id}').matrix('color', { pathVar: 'car' }).handle(() => 1)).toThrow(
      "Route GET /cars/{id}: matrix variable 'color' names pathVar 'car', which is not a placeholder of the path",
    );
  });

  it('rejects the same pathVar in the declarative form, when it is declared', () => {
    expect(() => createRouter().map({ path: '/cars/{id}', method: 'GET', matrix: [{ name: 'color', pathVar: 'car' }] }, () => 1)).toThrow(
      "Route GET /cars/{id}: matrix variable 'color' names pathVar 'car', which is not a placeholder of the path",
    );
  });

  it('takes a pathVar naming a placeholder of the router path', async () => {
    const api = createRouter({ path: '/shops/{shop}', onError: jest.fn() });
    api.get('/cars').matrix('city', { pathVar: 'shop' }).handle((ctx) => ({ city: ctx.matrix.city }));
    const res = await request(express().use(api.middleware())).get('/shops/main;city=Oslo/cars');
    expect(res.body).toEqual({ city: 'Oslo' });
  });
});
