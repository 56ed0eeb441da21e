import request from 'supertest';
import { ProblemType } from '../../src';
import { expectProblem, serve } from './negotiation-fixture';

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
