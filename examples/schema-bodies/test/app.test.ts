import request from 'supertest';
import { createApp } from '../src/app';

const PROBLEM = 'application/problem+json; charset=utf-8';
const INVALID_BODY = 'urn:represent:problem:invalid-body';

describe('POST /api/members', () => {
  it('answers 201 with the member the schema parsed, defaults filled in', async () => {
    const res = await request(createApp()).post('/api/members').send({ name: '  Ada ', email: 'ada@example.org', age: 36 });
    expect(res.status).toBe(201);
    expect(res.headers['location']).toBe('/api/members/1');
    expect(res.body).toEqual({ id: 1, name: 'Ada', email: 'ada@example.org', age: 36, newsletter: false });
  });

  it('reads a form into the same schema, numbers and booleans included', async () => {
    const res = await request(createApp())
      .post('/api/members')
      .type('form')
      .send('name=Ada&email=ada%40example.org&age=36&newsletter=true');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 1, name: 'Ada', email: 'ada@example.org', age: 36, newsletter: true });
  });

  it('reads an XML body into the same schema', async () => {
    const res = await request(createApp())
      .post('/api/members')
      .set('Content-Type', 'application/xml')
      .send('<member><name>Ada</name><email>ada@example.org</email><age>36</age></member>');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Ada', age: 36, newsletter: false });
  });

  it('answers 400 with a problem document listing every invalid field, and stores nothing', async () => {
    const app = createApp();
    const res = await request(app).post('/api/members').send({ name: ' ', email: 'ada', age: 9.5 });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe(PROBLEM);
    expect(res.body.type).toBe(INVALID_BODY);
    expect(res.body.errors).toEqual([
      { pointer: '/name', detail: 'a name is required' },
      { pointer: '/email', detail: 'not an e-mail address' },
      { pointer: '/age', detail: expect.any(String) },
    ]);
    expect((await request(app).get('/api/members/1')).status).toBe(404);
  });

  it('names a missing field by its pointer', async () => {
    const res = await request(createApp()).post('/api/members').send({ name: 'Ada' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer: '/email', detail: expect.any(String) }]);
  });

  it('answers 400 with a malformed-body problem for JSON that does not parse', async () => {
    const res = await request(createApp()).post('/api/members').set('Content-Type', 'application/json').send('{"name": "Ada",');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe(PROBLEM);
    expect(res.body.type).toBe('urn:represent:problem:malformed-body');
  });
});

describe('PUT /api/members/{id}', () => {
  it('replaces a member with a body that passes the schema', async () => {
    const app = createApp();
    await request(app).post('/api/members').send({ name: 'Ada', email: 'ada@example.org' });
    const res = await request(app).put('/api/members/1').send({ name: 'Ada Lovelace', email: 'ada@example.org', newsletter: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 1, name: 'Ada Lovelace', email: 'ada@example.org', newsletter: true });
  });

  it('checks the body before the handler runs: 400, not 404, for an invalid body to a missing member', async () => {
    const res = await request(createApp()).put('/api/members/7').send({ email: 'ada@example.org' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer: '/name', detail: expect.any(String) }]);
  });
});

describe('GET /api/members', () => {
  it('lists the members that signed up', async () => {
    const app = createApp();
    await request(app).post('/api/members').send({ name: 'Ada', email: 'ada@example.org' });
    const res = await request(app).get('/api/members');
    expect(res.body).toEqual([{ id: 1, name: 'Ada', email: 'ada@example.org', newsletter: false }]);
  });
});
