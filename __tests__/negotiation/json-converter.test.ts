import request from 'supertest';
import { serve } from '../setup/negotiation-fixture';

describe('the JSON converter over HTTP', () => {
  const received: unknown[] = [];
  const app = serve((api) => {
    api.post('/books').body(Object).handle(({ body }) => {
      received.push(body);
      return body;
    });
    api.get('/api/books/1').produces('application/vnd.api+json').handle(() => ({ data: { id: '1', type: 'books' } }));
    api.get('/hal/books/1').produces('application/*+json').handle(() => ({ title: 'Dune' }));
    api.get('/books/1').handle(() => ({ title: 'Dune', year: 1965, tags: ['sf'], available: true, isbn: null }));
    api.get('/numbers').handle(() => [1, 2, 3]);
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('reads application/json into an object', async () => {
    await request(app).post('/books').set('Content-Type', 'application/json').send('{"title":"Dune","year":1965,"tags":["sf"]}').expect(200);
    expect(received).toEqual([{ title: 'Dune', year: 1965, tags: ['sf'] }]);
  });

  it('reads every application/*+json type', async () => {
    await request(app).post('/books').set('Content-Type', 'application/merge-patch+json').send('{"title":null}').expect(200);
    await request(app).post('/books').set('Content-Type', 'application/vnd.api+json; charset=utf-8').send('{"data":[]}').expect(200);
    expect(received).toEqual([{ title: null }, { data: [] }]);
  });

  it('writes an object as application/json with charset=utf-8', async () => {
    const res = await request(app).get('/books/1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ title: 'Dune', year: 1965, tags: ['sf'], available: true, isbn: null });
  });

  it('writes arrays as JSON', async () => {
    const res = await request(app).get('/numbers').set('Accept', 'application/json');
    expect(res.text).toBe('[1,2,3]');
  });

  it('writes an application/*+json type the route produces', async () => {
    const res = await request(app).get('/api/books/1').set('Accept', 'application/vnd.api+json');
    expect(res.headers['content-type']).toBe('application/vnd.api+json; charset=utf-8');
    expect(JSON.parse(res.text)).toEqual({ data: { id: '1', type: 'books' } });
  });

  it('writes the application/*+json type Accept asks for when the route produces that range', async () => {
    const res = await request(app).get('/hal/books/1').set('Accept', 'application/hal+json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/hal+json; charset=utf-8');
    expect(JSON.parse(res.text)).toEqual({ title: 'Dune' });
  });

  it('does not make up an application/*+json type the route does not declare: 406', async () => {
    const res = await request(app).get('/books/1').set('Accept', 'application/hal+json');
    expect(res.status).toBe(406);
  });
});
