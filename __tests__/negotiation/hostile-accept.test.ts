import request from 'supertest';
import { ProblemType } from '../../src';
import { MAX_RANGES } from '../../src/http/accept-header';
import { MAX_PARAMETERS } from '../../src/http/media-type-reader';
import { expectProblem, serve } from '../setup/negotiation-fixture';

/**
 * Issue 17, finding 4: a 14 KB `Accept: x,x,x,…` cost 100 times a normal request (an exception
 * per member). Members that are not media ranges are ignored without one, and only the first
 * MAX_RANGES members are read; a media type with more than MAX_PARAMETERS parameters is not one.
 */
describe('GET /book (produces JSON) and GET /text (a string, no produces) under hostile Accept fields', () => {
  const app = serve((api) => {
    api.get('/book').produces('application/json').handle(() => ({ title: 'Dune' }));
    api.get('/text').handle(() => 'Dune');
    api.post('/echo').consumes('text/plain').produces('text/plain').body(String).handle((ctx) => ctx.body);
  });
  const fillers = (n: number) => Array.from({ length: n }, (_, i) => `text/x-${i}`).join(',');

  it.each(['/book', '/text'])('answers %s with a 406 problem when a 14 KB Accept holds no media range', async (path) => {
    const res = await request(app).get(path).set('Accept', 'x,'.repeat(7000));
    expectProblem(res, 406);
    expect(res.body).toMatchObject({ type: ProblemType.notAcceptable });
  });

  it.each(['/book', '/text'])('answers %s 200 when a 14 KB Accept of invalid members ends its first 64 with */*', async (path) => {
    await request(app).get(path).set('Accept', `${'x,'.repeat(MAX_RANGES - 1)}*/*,${'x,'.repeat(7000)}`).expect(200);
  });

  it(`answers 200 when application/json is member ${MAX_RANGES}`, async () => {
    await request(app).get('/book').set('Accept', `${fillers(MAX_RANGES - 1)},application/json`).expect(200).expect('Content-Type', 'application/json; charset=utf-8');
  });

  it(`answers 406 when application/json is member ${MAX_RANGES + 1}: the members after the first ${MAX_RANGES} are ignored`, async () => {
    expectProblem(await request(app).get('/book').set('Accept', `${fillers(MAX_RANGES)},application/json`), 406);
  });

  it(`answers 406 when the only range asking for JSON has more than ${MAX_PARAMETERS} parameters`, async () => {
    const many = Array.from({ length: MAX_PARAMETERS + 1 }, (_, i) => `p${i}=1`).join(';');
    expectProblem(await request(app).get('/book').set('Accept', `application/json;${many}`), 406);
  });

  it(`reads a body whose Content-Type has ${MAX_PARAMETERS} parameters, and answers 415 past that`, async () => {
    const parameters = (n: number) => Array.from({ length: n - 1 }, (_, i) => `; p${i}=1`).join('');
    await request(app).post('/echo').set('Content-Type', `text/plain; charset=utf-8${parameters(MAX_PARAMETERS)}`).send('Dune').expect(200, 'Dune');
    const res = await request(app).post('/echo').set('Content-Type', `text/plain; charset=utf-8${parameters(MAX_PARAMETERS + 1)}`).send('Dune');
    expectProblem(res, 415);
  });
});
