import request from 'supertest';
import { expectProblem, serve } from '../setup/app-fixture';

/** RFC 5789 section 3.1: where a resource's PATCH is described, Accept-Patch names the patch documents it takes. */
describe('Accept-Patch', () => {
  const app = serve((api) => {
    api.get('/books/{id}').handle(() => ({ title: 'Dune' }));
    api.patch('/books/{id}').consumes('application/merge-patch+json').body(Object).handle(() => ({ title: 'Dune' }));
    api.patch('/books/{id}').consumes('application/json-patch+json').body(Object).handle(() => ({ title: 'Dune' }));
    api.get('/shelves/{id}').handle(() => ({ name: 'top' }));
    api.put('/shelves/{id}').body(Object).handle(() => ({ name: 'top' }));
    api.patch('/notes/{id}').body(String).handle(() => 'ok');
  });
  const PATCHES = 'application/merge-patch+json, application/json-patch+json';

  it('is sent on OPTIONS, listing what the PATCH routes consume', async () => {
    const res = await request(app).options('/books/1');
    expect(res.status).toBe(204);
    expect(res.headers['allow']).toBe('GET, HEAD, PATCH, OPTIONS');
    expect(res.headers['accept-patch']).toBe(PATCHES);
  });

  it('lists what a PATCH route without consumes can read', async () => {
    const res = await request(app).options('/notes/1');
    expect(res.headers['accept-patch']).toMatch(/^text\/plain, text\/\*, /);
  });

  it('is sent on a 405 of a resource that takes PATCH', async () => {
    const res = await request(app).delete('/books/1');
    expectProblem(res, 405);
    expect(res.headers['accept-patch']).toBe(PATCHES);
  });

  it('is sent on a 415 to a PATCH', async () => {
    const res = await request(app).patch('/books/1').set('Content-Type', 'application/json').send('{}');
    expectProblem(res, 415);
    expect(res.headers['accept-patch']).toBe(PATCHES);
  });

  it('is not sent for a resource that does not take PATCH', async () => {
    const options = await request(app).options('/shelves/1');
    expect(options.headers['allow']).toBe('GET, HEAD, PUT, OPTIONS');
    expect(options.headers['accept-patch']).toBeUndefined();
    const res = await request(app).delete('/shelves/1');
    expectProblem(res, 405);
    expect(res.headers['accept-patch']).toBeUndefined();
  });
});
