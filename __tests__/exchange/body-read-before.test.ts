import express from 'express';
import request from 'supertest';
import { Form, createRouter } from '../../src';

/**
 * `app.use(express.json())` before `app.use(api.middleware())` is how many Express apps start: the
 * body parser reads the body before the router. What it read is the body, read again by the route's
 * converter and rules.
 */
describe('a body a parser mounted before the router already read', () => {
  function appWith(parser: express.RequestHandler, onError = jest.fn()) {
    const api = createRouter({ onError });
    api.post('/objects').consumes('application/json').body(Object).handle((ctx) => ctx.body as object);
    api.post('/small').consumes('application/json').limit(16).body(Object).handle((ctx) => ctx.body as object);
    api.post('/text').consumes('text/plain').body(String).handle((ctx) => ({ text: ctx.body }));
    api.post('/forms').consumes('application/x-www-form-urlencoded').body(Form).handle(() => ({ read: true }));
    const app = express();
    app.use(parser);
    app.use(api.middleware());
    return { app, onError };
  }

  it('reads JSON that express.json() parsed, with the route\'s rules: forbidden keys are dropped', async () => {
    const { app } = appWith(express.json());
    const res = await request(app).post('/objects').set('Content-Type', 'application/json').send('{"title":"Dune","__proto__":{"admin":true}}').expect(200);
    expect(res.body).toEqual({ title: 'Dune' });
  });

  it('holds the route\'s own limit over what the parser read', async () => {
    const { app } = appWith(express.json());
    const res = await request(app).post('/small').set('Content-Type', 'application/json').send('{"title":"a title longer than 16 bytes"}');
    expect(res.status).toBe(413);
  });

  it('reads the bytes express.raw() kept, and the text express.text() decoded', async () => {
    const raw = appWith(express.raw({ type: '*/*' })).app;
    expect((await request(raw).post('/objects').set('Content-Type', 'application/json').send('{"n":1}').expect(200)).body).toEqual({ n: 1 });
    const text = appWith(express.text()).app;
    expect((await request(text).post('/text').set('Content-Type', 'text/plain; charset=utf-8').send('café').expect(200)).body).toEqual({ text: 'café' });
  });

  it('reads an empty body as empty, where express.json() made {} of it', async () => {
    const { app } = appWith(express.json());
    const res = await request(app).post('/objects').set('Content-Type', 'application/json').set('Content-Length', '0').send();
    expect(res.status).toBe(400);
  });

  it('reads text decoded from a charset node cannot write again, re-encoded in UTF-8', async () => {
    const { app } = appWith(express.text());
    const res = await request(app).post('/text').set('Content-Type', 'text/plain; charset=windows-1252').send(Buffer.from([0x63, 0x80]));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ text: 'c€' });
  });

  it('answers 500 and reports what to do when what was read cannot be read again (a form made into an object)', async () => {
    const { app, onError } = appWith(express.urlencoded());
    const res = await request(app).post('/forms').type('form').send('a=1');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(String((onError.mock.calls[0]![0] as Error).message)).toContain('mount body parsers after the router');
  });
});
