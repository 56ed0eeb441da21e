import request from 'supertest';
import { createApp } from '../src/app';

describe('GET /api/books/{id}', () => {
  const app = createApp();

  it('answers JSON when the client asks for JSON', async () => {
    const res = await request(app).get('/api/books/1').set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ id: 1, title: 'Dune', author: 'Frank Herbert' });
  });

  it('answers XML when the client prefers XML', async () => {
    const res = await request(app).get('/api/books/1').set('Accept', 'application/json;q=0.5, application/xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toContain('<book>');
    expect(res.text).toContain('<title>Dune</title>');
    // Two representations of one URL: caches must key on Accept.
    expect(res.headers['vary']).toMatch(/Accept/i);
  });

  it('answers 406 with a problem document when the client takes neither', async () => {
    const res = await request(app).get('/api/books/1').set('Accept', 'text/csv');
    expect(res.status).toBe(406);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });

  it('answers 404 with a problem document for a book that is not there', async () => {
    const res = await request(app).get('/api/books/99').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, detail: 'There is no book 99' });
  });
});

describe('POST /api/books', () => {
  it('answers 201 with a Location under the mount path, which the GET then answers', async () => {
    const app = createApp();
    const created = await request(app).post('/api/books').send({ title: 'Emma', author: 'Jane Austen' });
    expect(created.status).toBe(201);
    expect(created.headers['location']).toBe('/api/books/2');
    expect(created.body).toEqual({ id: 2, title: 'Emma', author: 'Jane Austen' });

    const fetched = await request(app).get(created.headers['location']!).set('Accept', 'application/json');
    expect(fetched.status).toBe(200);
    expect(fetched.body.title).toBe('Emma');
  });

  it('reads an XML book as it reads a JSON one', async () => {
    const res = await request(createApp())
      .post('/api/books')
      .set('Content-Type', 'application/xml')
      .set('Accept', 'application/json')
      .send('<book><title>Persuasion</title><author>Jane Austen</author></book>');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 2, title: 'Persuasion', author: 'Jane Austen' });
  });

  it('answers 400 with a problem document when the book has no title', async () => {
    const res = await request(createApp()).post('/api/books').send({ author: 'Anonymous' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.body.detail).toBe('A book needs a title and an author');
  });

  it('answers 415 for a body in a type it does not read', async () => {
    const res = await request(createApp()).post('/api/books').set('Content-Type', 'text/plain').send('Emma');
    expect(res.status).toBe(415);
  });
});
