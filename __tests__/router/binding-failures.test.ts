import request from 'supertest';
import { expectProblem, serve } from '../setup/app-fixture';

describe('binding failures of one request', () => {
  const app = serve((api) => {
    api
      .get('/cars/{id}')
      .query('page', { type: 'integer', min: 1 })
      .query('active', { type: 'boolean', required: false })
      .header('X-Confirm')
      .matrix('year', { pathVar: 'id', type: 'integer', required: false })
      .handle((ctx) => ({ ...ctx.query, ...ctx.header, ...ctx.matrix }));
    api
      .get('/tags')
      .query('tag', { array: true, required: false })
      .query('id', { type: 'integer', array: true, required: false })
      .header('X-Tags', { array: true, required: false })
      .matrix('color', { array: true, required: false })
      .handle((ctx) => ({ ...ctx.query, ...ctx.header, ...ctx.matrix }));
  });

  it('answers 400 naming every missing or invalid value at once, as an invalid body does', async () => {
    const body = expectProblem(await request(app).get('/cars/7;year=old?page=0&active=maybe'), 400);
    expect(body.type).toBe('urn:represent:problem:invalid-parameters');
    expect(body.errors).toEqual([
      { in: 'query', parameter: 'page', detail: "Query parameter 'page' must be in 1..∞, got 0" },
      { in: 'query', parameter: 'active', detail: "Query parameter 'active' must be a boolean, got 'maybe'" },
      { in: 'header', parameter: 'X-Confirm', detail: "Required request header 'X-Confirm' is missing" },
      { in: 'matrix', parameter: 'year', detail: "Matrix variable 'year' must be an integer, got 'old'" },
    ]);
    expect(body.detail).toBe(
      "4 request parameters are missing or invalid: Query parameter 'page' must be in 1..∞, got 0; Query parameter 'active' must be a boolean, got 'maybe'; Required request header 'X-Confirm' is missing; Matrix variable 'year' must be an integer, got 'old'",
    );
  });

  it('keeps the type and fields of a single failure, and lists it in errors', async () => {
    const body = expectProblem(await request(app).get('/cars/7?page=2'), 400);
    expect(body).toMatchObject({
      type: 'urn:represent:problem:missing-request-header',
      detail: "Required request header 'X-Confirm' is missing",
      header: 'X-Confirm',
      errors: [{ in: 'header', parameter: 'X-Confirm', detail: "Required request header 'X-Confirm' is missing" }],
    });
  });

  it('answers 200 when every value binds', async () => {
    const res = await request(app).get('/cars/7;year=2012?page=2').set('X-Confirm', 'yes');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ page: 2, 'X-Confirm': 'yes', year: 2012 });
  });

  describe('array: true', () => {
    it.each([
      ['repeated names', '/tags?tag=a&tag=b', { tag: ['a', 'b'] }],
      ['a comma-separated value', '/tags?tag=a,b', { tag: ['a', 'b'] }],
      ['both', '/tags?tag=a,b&tag=c', { tag: ['a', 'b', 'c'] }],
      ['an encoded comma (the same value)', '/tags?tag=a%2Cb', { tag: ['a', 'b'] }],
      ['spaces around the commas', '/tags?tag=a,%20b', { tag: ['a', 'b'] }],
      ['converted values', '/tags?id=1,2&id=3', { id: [1, 2, 3] }],
      ['a matrix list', '/tags;color=red,blue', { color: ['red', 'blue'] }],
    ])('binds %s', async (_name, path, expected) => {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
    });

    it('binds a header sent as a list', async () => {
      const res = await request(app).get('/tags').set('X-Tags', 'a, b,c');
      expect(res.body).toEqual({ 'X-Tags': ['a', 'b', 'c'] });
    });

    it('answers 400 naming a member of a comma-separated value that does not convert', async () => {
      const body = expectProblem(await request(app).get('/tags?id=1,x'), 400);
      expect(body.errors).toEqual([{ in: 'query', parameter: 'id', detail: "Query parameter 'id' must be an integer, got 'x'" }]);
    });
  });
});
