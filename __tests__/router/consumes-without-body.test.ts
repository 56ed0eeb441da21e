import request from 'supertest';
import { expectProblem, serve } from '../setup/app-fixture';

describe('consumes and requests without a body', () => {
  const app = serve((api) => {
    api.post('/with-body').consumes('application/json').body(Object).handle((ctx) => ctx.body);
    api.post('/without-body').consumes('application/json').handle(() => ({ ran: true }));
    api.post('/pick').consumes('application/json').body(Object).handle(() => ({ route: 'json' }));
    api.post('/pick').consumes('text/plain').body(String).handle(() => ({ route: 'text' }));
  });

  it('answers 415 with Accept-Post when a route that declares a body gets none', async () => {
    const res = await request(app).post('/with-body');
    expectProblem(res, 415);
    expect(res.headers['accept-post']).toBe('application/json');
  });

  it('matches a route that declares no body whatever its consumes', async () => {
    const res = await request(app).post('/without-body');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ran: true });
  });

  it('does not send a bodiless POST to the first of two routes that differ only in consumes', async () => {
    const res = await request(app).post('/pick');
    expectProblem(res, 415);
    expect(res.headers['accept-post']).toBe('application/json, text/plain');
  });

  it('still picks by Content-Type when there is a body', async () => {
    expect((await request(app).post('/pick').set('Content-Type', 'text/plain').send('x')).body).toEqual({ route: 'text' });
    expect((await request(app).post('/pick').send({ a: 1 })).body).toEqual({ route: 'json' });
  });
});
