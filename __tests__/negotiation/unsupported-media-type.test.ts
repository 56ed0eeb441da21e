import request from 'supertest';
import { Form, ProblemType } from '../../src';
import { expectProblem, serve } from '../setup/negotiation-fixture';

// Forms are read into objects only where consumes names them, so an object route does not list them.
const OBJECT_TYPES = ['application/json', 'application/*+json', 'application/xml', 'text/xml', 'application/*+xml'];

describe('415 Unsupported Media Type', () => {
  const handler = jest.fn(() => 'ok');
  const app = serve((api) => {
    api.post('/books').body(Object).handle(handler);
    api.put('/books/{id}').body(Object).handle(handler);
    api.patch('/books/{id}').body(Object).handle(handler);
    api.post('/json-only').consumes('application/json').body(Object).handle(handler);
    api.post('/forms').body(Form).handle(handler);
  });

  beforeEach(() => handler.mockClear());

  it('answers 415 listing the acceptable types in the detail and in Accept-Post for POST', async () => {
    const res = await request(app).post('/books').set('Content-Type', 'text/plain').send('Dune');
    const problem = expectProblem(res, 415);
    expect(problem.type).toBe(ProblemType.unsupportedMediaType);
    expect(problem.detail).toBe(`Content-Type 'text/plain' is not supported; supported: ${OBJECT_TYPES.join(', ')}`);
    expect(problem['supported']).toEqual(OBJECT_TYPES);
    expect(res.headers['accept-post']).toBe(OBJECT_TYPES.join(', '));
    expect(res.headers['accept-patch']).toBeUndefined();
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 415 with Accept-Patch for PATCH (RFC 5789 section 3.1)', async () => {
    const res = await request(app).patch('/books/1').set('Content-Type', 'image/png').send(Buffer.from([1]));
    expectProblem(res, 415);
    expect(res.headers['accept-patch']).toBe(OBJECT_TYPES.join(', '));
    expect(res.headers['accept-post']).toBeUndefined();
  });

  it('answers 415 without Accept-Post or Accept-Patch for PUT', async () => {
    const res = await request(app).put('/books/1').set('Content-Type', 'text/csv').send('a,b');
    const problem = expectProblem(res, 415);
    expect(problem.detail).toContain(OBJECT_TYPES.join(', '));
    expect(res.headers['accept-post']).toBeUndefined();
    expect(res.headers['accept-patch']).toBeUndefined();
  });

  it('treats a missing Content-Type as application/octet-stream, which no object reader takes', async () => {
    const res = await request(app).post('/books').unset('Content-Type').send(Buffer.from('{"a":1}'));
    expect(expectProblem(res, 415).detail).toMatch(/^Content-Type 'application\/octet-stream' is not supported/);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 415 for a Content-Type that is not a media type', async () => {
    const res = await request(app).post('/books').set('Content-Type', 'json please').send('{}');
    expect(expectProblem(res, 415).detail).toMatch(/not a valid media type/);
  });

  it('lists only what the route consumes', async () => {
    const res = await request(app).post('/json-only').set('Content-Type', 'application/xml').send('<a/>');
    expectProblem(res, 415);
    expect(res.headers['accept-post']).toBe('application/json');
  });

  it('lists the form type for a Form body', async () => {
    const res = await request(app).post('/forms').set('Content-Type', 'application/json').send('{}');
    expectProblem(res, 415);
    expect(res.headers['accept-post']).toBe('application/x-www-form-urlencoded');
  });

  it('answers 415 for a charset it cannot decode, naming it', async () => {
    const res = await request(app).post('/books').set('Content-Type', 'application/json; charset=x-klingon').send('{}');
    const problem = expectProblem(res, 415);
    expect(problem.detail).toContain('x-klingon');
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('form bodies into objects', () => {
  const app = serve((api) => {
    api.post('/json-only').body(Object).handle((ctx) => ctx.body);
    api.post('/with-forms').consumes('application/json', 'application/x-www-form-urlencoded').body(Object).handle((ctx) => ctx.body);
  });

  it('answers 415 to a form posted to an object route whose consumes does not name forms (no cross-site form posts)', async () => {
    const res = await request(app).post('/json-only').type('form').send('name=x');
    expect(res.status).toBe(415);
    expect(res.headers['accept-post']).not.toContain('x-www-form-urlencoded');
  });

  it('reads a form into the object where consumes names the form type', async () => {
    const res = await request(app).post('/with-forms').type('form').send('name=x&tag=a&tag=b');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'x', tag: ['a', 'b'] });
  });
});
