import request from 'supertest';
import { z } from 'zod';
import { ProblemType, validateWithSchema } from '../../src';
import { expectProblem, serve } from '../setup/negotiation-fixture';

const Book = z.object({
  title: z.string().min(1),
  year: z.number().int().min(1450),
  available: z.boolean(),
  tags: z.array(z.string()).max(2),
});

describe('body schema validation', () => {
  const handler = jest.fn(({ body }: { body: z.infer<typeof Book> }) => body);
  const app = serve((api) => {
    // Forms are read into objects only where consumes names them (cross-site form posts need no preflight).
    api.post('/books').consumes('application/json', 'application/xml', 'application/x-www-form-urlencoded').body(Book).produces('application/json').handle(handler);
  });

  beforeEach(() => handler.mockClear());

  const valid = {
    json: ['application/json', '{"title":"Dune","year":1965,"available":true,"tags":["sf","classic"]}'],
    xml: ['application/xml', '<book><title>Dune</title><year>1965</year><available>true</available><tags>sf</tags><tags>classic</tags></book>'],
    form: ['application/x-www-form-urlencoded', 'title=Dune&year=1965&available=true&tags=sf&tags=classic'],
  } as const;

  const invalid = {
    json: ['application/json', '{"title":"","year":1200,"available":"maybe","tags":["a","b","c"]}'],
    xml: ['application/xml', '<book><title></title><year>1200</year><available>maybe</available><tags>a</tags><tags>b</tags><tags>c</tags></book>'],
    form: ['application/x-www-form-urlencoded', 'title=&year=1200&available=maybe&tags=a&tags=b&tags=c'],
  } as const;

  it.each(Object.entries(valid))('reads a valid %s body into the typed value', async (_format, [type, body]) => {
    const res = await request(app).post('/books').set('Content-Type', type).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ title: 'Dune', year: 1965, available: true, tags: ['sf', 'classic'] });
  });

  it.each(Object.entries(invalid))('answers 400 listing each failing field of a %s body', async (_format, [type, body]) => {
    const res = await request(app).post('/books').set('Content-Type', type).send(body);
    const problem = expectProblem(res, 400);
    expect(problem.type).toBe(ProblemType.invalidBody);
    expect((problem['errors'] as { pointer: string }[]).map((e) => e.pointer)).toEqual(['/title', '/year', '/available', '/tags']);
    expect(problem.detail).toMatch(/^The request body is invalid: \/title: /);
    expect(handler).not.toHaveBeenCalled();
  });

  it('gives the same problem for the same mistakes in JSON, XML and form bodies', async () => {
    const problems = [];
    for (const [type, body] of Object.values(invalid)) {
      const res = await request(app).post('/books').set('Content-Type', type).send(body);
      problems.push(JSON.parse(res.text));
    }
    expect(problems[1]).toEqual(problems[0]);
    expect(problems[2]).toEqual(problems[0]);
  });

  it('reports a missing field the same way from JSON, XML and form bodies', async () => {
    const bodies: [string, string][] = [
      ['application/json', '{"year":1965,"available":true,"tags":[]}'],
      ['application/xml', '<book><year>1965</year><available>true</available></book>'],
      ['application/x-www-form-urlencoded', 'year=1965&available=true'],
    ];
    const errors = [];
    for (const [type, body] of bodies) {
      const res = await request(app).post('/books').set('Content-Type', type).send(body);
      errors.push(expectProblem(res, 400)['errors']);
    }
    expect(errors[0]).toEqual([{ pointer: '/title', detail: expect.any(String) }]);
    expect(errors[1]).toEqual(errors[0]);
    expect(errors[2]).toEqual(errors[0]);
  });
});

describe('validateWithSchema, for values a handler builds', () => {
  const Edition = z.object({ 'a/b~c': z.string(), year: z.coerce.number().int() });
  const app = serve((api) => {
    api
      .put('/editions/{id}')
      .consumes('application/json')
      .body(Object)
      .produces('application/json')
      .handle((ctx) => validateWithSchema(Edition, ctx.body, { status: 422, subject: 'The edition' }));
    api
      .post('/editions')
      .consumes('application/json')
      .body(Object)
      .produces('application/json')
      .handle((ctx) => validateWithSchema(Edition, ctx.body));
  });

  it("answers the schema's output, not its input", async () => {
    const res = await request(app).put('/editions/1').set('Content-Type', 'application/json').send('{"a/b~c":"x","year":"1965"}');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ 'a/b~c': 'x', year: 1965 });
  });

  it('fails with the status and subject given, each member as an escaped JSON Pointer', async () => {
    const res = await request(app).put('/editions/1').set('Content-Type', 'application/json').send('{"year":"soon"}');
    const problem = expectProblem(res, 422);
    expect(problem.type).toBe(ProblemType.invalidBody);
    expect(problem.detail).toMatch(/^The edition is invalid: \/a~1b~0c: /);
    expect((problem['errors'] as { pointer: string }[]).map((e) => e.pointer)).toEqual(['/a~1b~0c', '/year']);
  });

  it('fails with 400 and "The request body" by default', async () => {
    const res = await request(app).post('/editions').set('Content-Type', 'application/json').send('{"a/b~c":"x","year":"soon"}');
    const problem = expectProblem(res, 400);
    expect(problem.detail).toMatch(/^The request body is invalid: \/year: /);
  });
});
