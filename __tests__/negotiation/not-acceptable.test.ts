import request from 'supertest';
import { ProblemType, ResponseEntity } from '../../src';
import { expectProblem, serve } from '../setup/negotiation-fixture';

describe('406 Not Acceptable', () => {
  const handler = jest.fn(() => ({ title: 'Dune' }));
  const app = serve((api) => {
    api.get('/declared').produces('application/json', 'application/xml').handle(handler);
    api.get('/undeclared').handle(handler);
    api.get('/bytes').produces('application/octet-stream').handle(() => Buffer.from('x'));
  });

  beforeEach(() => handler.mockClear());

  it('answers 406 listing the declared types, before running the handler, when Accept allows none', async () => {
    const res = await request(app).get('/declared').set('Accept', 'text/csv');
    const problem = expectProblem(res, 406);
    expect(problem).toMatchObject({ type: ProblemType.notAcceptable, available: ['application/json', 'application/xml'] });
    expect(problem.detail).toContain('application/json, application/xml');
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 406 listing what the converters can write for the returned value, when the route declares nothing', async () => {
    const res = await request(app).get('/undeclared').set('Accept', 'image/png, text/csv;q=0.5');
    const problem = expectProblem(res, 406);
    expect(problem).toMatchObject({ type: ProblemType.notAcceptable });
    expect(problem['available']).toEqual(['application/json', 'application/xml', 'text/xml']);
    for (const type of ['application/json', 'application/xml', 'text/xml']) expect(problem.detail).toContain(type);
  });

  it('answers 406 when the declared type cannot be written for the value', async () => {
    const res = await request(app).get('/bytes').set('Accept', 'text/plain');
    expectProblem(res, 406);
  });

  it('sends the 406 problem as JSON even though Accept did not ask for it', async () => {
    const res = await request(app).get('/declared').set('Accept', 'image/png');
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.headers['vary']).toBe('Accept');
  });
});

describe('a handler that sets the Content-Type itself', () => {
  const app = serve((api) => {
    api
      .get('/picked')
      .produces('application/json', 'application/xml')
      .handle(() => ResponseEntity.ok('<a/>').header('Content-Type', 'application/xml'));
    api
      .get('/undeclared')
      .produces('application/json')
      .handle(() => ResponseEntity.ok('x,y').header('Content-Type', 'text/csv'));
    api
      .post('/picked')
      .produces('application/json', 'application/xml')
      .handle(() => ResponseEntity.created('/picked/1', '<a/>').header('Content-Type', 'application/xml'));
    api
      .get('/failing')
      .produces('application/json', 'application/xml')
      .handle(() => ResponseEntity.status(409).header('Content-Type', 'application/xml').withBody('<conflict/>'));
  });

  it('answers 406 naming the type it picked, of those the route declares, when Accept refuses it', async () => {
    const problem = expectProblem(await request(app).get('/picked').set('Accept', 'application/json'), 406);
    expect(problem.available).toEqual(['application/xml']);
  });

  it.each(['application/xml', 'application/*', '*/*', 'application/json;q=1, application/xml;q=0.1'])('answers the picked type to Accept %j', async (accept) => {
    const res = await request(app).get('/picked').set('Accept', accept);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
  });

  it('answers without Accept', async () => {
    expect((await request(app).get('/picked')).status).toBe(200);
  });

  it('leaves a type the route does not declare to the handler (the route said nothing of it)', async () => {
    const res = await request(app).get('/undeclared').set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
  });

  it('sends an error in the type the handler picked whatever Accept says', async () => {
    const res = await request(app).get('/failing').set('Accept', 'application/json');
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
  });

  it('does not refuse the answer of an unsafe method that has already run', async () => {
    const res = await request(app).post('/picked').set('Accept', 'application/json');
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
  });
});
