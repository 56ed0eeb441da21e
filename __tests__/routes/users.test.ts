import request from 'supertest';
import { AS_ADMIN, JSON_TYPE, XML_TYPE, expectProblem, service } from '../setup/service-fixture';

const LINUS = { name: 'Linus Torvalds', email: 'torvalds@example.org', role: 'viewer' };

describe('POST /users', () => {
  it('creates a user from JSON: 201 with Location, the user and its ETag', async () => {
    const { app } = service();
    const res = await request(app).post('/users').set(AS_ADMIN).send(LINUS);
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe('/users/10');
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.body).toEqual({ id: '10', ...LINUS });
    expect(res.headers.etag).toBe('"11;json"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await request(app).get('/users/10')).body).toEqual(res.body);
  });

  it('creates a new user on every retry', async () => {
    const { app } = service();
    const locations = [];
    for (let i = 0; i < 3; i++) locations.push((await request(app).post('/users').set(AS_ADMIN).send(LINUS)).headers.location);
    expect(locations).toEqual(['/users/10', '/users/11', '/users/12']);
  });

  it('reads XML and answers XML when asked', async () => {
    const { app } = service();
    const res = await request(app)
      .post('/users').set(AS_ADMIN)
      .set('Content-Type', 'application/xml')
      .set('Accept', 'application/xml')
      .send('<user><name>Linus Torvalds</name><email>torvalds@example.org</email><role>viewer</role></user>');
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe(XML_TYPE);
    expect(res.text).toContain('<user><id>10</id><name>Linus Torvalds</name>');
  });

  it('reads a form', async () => {
    const { app } = service();
    const res = await request(app).post('/users').set(AS_ADMIN).type('form').send('name=Linus+Torvalds&email=torvalds%40example.org&role=viewer');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: '10', ...LINUS });
  });

  it('ignores an id in the body: the server chooses', async () => {
    const { app } = service();
    expect((await request(app).post('/users').set(AS_ADMIN).send({ ...LINUS, id: '1' })).headers.location).toBe('/users/10');
    expect((await request(app).get('/users/1')).body.name).toBe('Ada Lovelace');
  });

  it('answers 400 listing each invalid member, from JSON and from a form, and creates nothing', async () => {
    const { app } = service();
    const problem = expectProblem(await request(app).post('/users').set(AS_ADMIN).send({ name: 'X', role: 'root' }), 400);
    expect((problem.errors as { pointer: string }[]).map((e) => e.pointer)).toEqual(['/email', '/role']);
    expectProblem(await request(app).post('/users').set(AS_ADMIN).type('form').send('name=X&role=viewer'), 400);
    expectProblem(await request(app).get('/users/10'), 404);
  });

  it('answers 400 to a name with a control character, asked for XML, and creates nothing', async () => {
    const { app } = service();
    const res = await request(app).post('/users').set(AS_ADMIN).set('Accept', 'application/xml').send({ ...LINUS, name: 'Eve\u0001' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
    expectProblem(await request(app).get('/users/10'), 404);
    expect((await request(app).get('/user/all').set('Accept', 'application/xml')).status).toBe(200);
    expect((await request(app).get('/users/feed')).status).toBe(200);
  });

  it('answers 415 with Accept-Post to other media types', async () => {
    const { app } = service();
    const res = await request(app).post('/users').set(AS_ADMIN).set('Content-Type', 'text/plain').send('Linus');
    expectProblem(res, 415);
    expect(res.headers['accept-post']).toBe('application/json, application/xml, text/xml, application/x-www-form-urlencoded');
  });
});

describe('GET /users/search', () => {
  const { app } = service();

  it('answers the users whose name contains the query, ignoring case, no-cache', async () => {
    const res = await request(app).get('/users/search?name=AR');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.map((u: { name: string }) => u.name)).toEqual(['Barbara Liskov', 'Margaret Hamilton']);
    expect((await request(app).get('/users/search?name=zz')).body).toEqual([]);
  });

  it('answers XML as a <users> list of <user>', async () => {
    const res = await request(app).get('/users/search?name=knuth').set('Accept', 'application/xml');
    expect(res.text).toMatch(/<users><user><id>6<\/id><name>Donald Knuth<\/name>.*<\/user><\/users>$/);
  });

  it('answers 304 while no user changed', async () => {
    const etag = (await request(app).get('/users/search?name=a')).headers.etag;
    expect((await request(app).get('/users/search?name=a').set('If-None-Match', etag!)).status).toBe(304);
  });

  it('answers 400 naming the parameter when name is missing', async () => {
    const problem = expectProblem(await request(app).get('/users/search'), 400);
    expect(problem.detail).toBe("Required query parameter 'name' is missing");
  });
});
