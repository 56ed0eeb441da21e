import request from 'supertest';
import { BadRequest, Conflict, HttpError, NotFound, ProblemType, ResponseEntity } from '../../src';
import { expectProblem, serve } from '../setup/app-fixture';

describe('what a handler returns', () => {
  const app = serve((api) => {
    api.get('/value').handle(() => ({ name: 'Volvo' }));
    api.get('/promise').handle(async () => ({ name: 'Saab' }));
    api.delete('/nothing').handle(() => undefined);
    api.post('/async-nothing').handle(async () => undefined);
    api.post('/created').handle(() => ResponseEntity.created('/cars/7', { id: 7 }));
    api.post('/created-empty').handle(() => ResponseEntity.created('/cars/8'));
    api.get('/entity').handle(() => ResponseEntity.status(202).header('X-Job', 'j1').withBody({ queued: true }));
    api.get('/falsy').handle(() => 0);
  });

  it('answers 200 with the value as JSON', async () => {
    const res = await request(app).get('/value');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ name: 'Volvo' });
  });

  it('answers 200 with a promised value', async () => {
    expect((await request(app).get('/promise')).body).toEqual({ name: 'Saab' });
  });

  it.each([
    ['delete', '/nothing'],
    ['post', '/async-nothing'],
  ] as const)('answers 204 without a body when the handler of %s %s returns undefined', async (method, path) => {
    const res = await request(app)[method](path);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
  });

  it('answers 201 with Location and the body of ResponseEntity.created', async () => {
    const res = await request(app).post('/created');
    expect(res.status).toBe(201);
    expect(res.headers['location']).toBe('/cars/7');
    expect(res.body).toEqual({ id: 7 });
  });

  it('answers 201 with Location and no body when created without one', async () => {
    const res = await request(app).post('/created-empty');
    expect(res.status).toBe(201);
    expect(res.headers['location']).toBe('/cars/8');
    expect(res.text).toBe('');
  });

  it('answers the status, headers and body of a ResponseEntity', async () => {
    const res = await request(app).get('/entity');
    expect(res.status).toBe(202);
    expect(res.headers['x-job']).toBe('j1');
    expect(res.body).toEqual({ queued: true });
  });

  it('answers 200 for a falsy value other than undefined', async () => {
    const res = await request(app).get('/falsy');
    expect(res.status).toBe(200);
    expect(res.text).toBe('0');
  });
});

describe('what a handler throws', () => {
  const onError = jest.fn();
  const app = serve(
    (api) => {
      api.get('/books/{id}').handle((ctx) => {
        throw new NotFound(`No book ${ctx.path.id}`);
      });
      api.put('/books/{id}').handle(async () => {
        throw new Conflict('The book is already on the shelf', { type: 'https://example.org/problems/shelved', extensions: { shelf: 3 } });
      });
      api.get('/teapot').handle(() => {
        throw new HttpError(418, undefined, { headers: { 'Retry-After': '5' } });
      });
      api.get('/bad').handle(() => {
        throw new BadRequest('Nope', { extensions: { status: 999, type: 'x', detail: 'y' } });
      });
      api.get('/crash').handle(() => {
        throw new Error('secret database password in message');
      });
      api.get('/reject').handle(() => Promise.reject(new TypeError('secret rejection')));
      api.get('/throw-string').handle(() => {
        throw 'a string';
      });
    },
    { onError },
  );

  beforeEach(() => onError.mockClear());

  it('answers a thrown HttpError as a problem document with type, title, status, detail and instance', async () => {
    const res = await request(app).get('/books/7?x=1');
    expect(expectProblem(res, 404)).toEqual({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No book 7', instance: '/books/7?x=1' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('answers a rejected HttpError with its own type and extension members', async () => {
    const problem = expectProblem(await request(app).put('/books/7'), 409);
    expect(problem).toEqual({
      type: 'https://example.org/problems/shelved',
      title: 'Conflict',
      status: 409,
      detail: 'The book is already on the shelf',
      instance: '/books/7',
      shelf: 3,
    });
  });

  it('sends the headers that belong to the error, and the status phrase as detail when none is given', async () => {
    const res = await request(app).get('/teapot');
    expect(res.headers['retry-after']).toBe('5');
    expect(expectProblem(res, 418)).toMatchObject({ title: "I'm a Teapot", detail: "I'm a Teapot" });
  });

  it('does not let extension members override the standard members', async () => {
    expect(expectProblem(await request(app).get('/bad'), 400)).toMatchObject({ status: 400, type: 'about:blank', detail: 'Nope' });
  });

  it.each(['/crash', '/reject', '/throw-string'])('answers anything else thrown by %s as a 500 problem without stack or message, and logs it', async (path) => {
    const res = await request(app).get(path);
    const problem = expectProblem(res, 500);
    expect(problem).toMatchObject({ type: ProblemType.internal, title: 'Internal Server Error', instance: path });
    expect(res.text).not.toMatch(/secret|a string|at .*\.ts|Error:/);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
