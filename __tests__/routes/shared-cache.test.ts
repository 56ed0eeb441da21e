import supertest from 'supertest';
import type { Express } from 'express';
import { AS_ADMIN, expectProblem, service } from '../setup/service-fixture';
import type { MemoryStore } from '../../middleware/cache';

// The cache keys on the Host: every request of a test goes to the same origin.
const request = (app: Express) => ({
  get: (path: string) => supertest(app).get(path).set('Host', 'service.test'),
  put: (path: string) => supertest(app).put(path).set(AS_ADMIN).set('Host', 'service.test'),
  patch: (path: string) => supertest(app).patch(path).set(AS_ADMIN).set('Host', 'service.test'),
  post: (path: string) => supertest(app).post(path).set(AS_ADMIN).set('Host', 'service.test'),
});

describe('the shared cache in front of the service', () => {
  it('answers a second GET /bookcase from memory while it is fresh (max-age=60)', async () => {
    const { app } = service({ cache: true });
    const first = await request(app).get('/bookcase');
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await request(app).get('/bookcase');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toEqual(first.body);
  });

  it('drops the stored bookcase when it is replaced through the cache', async () => {
    const { app } = service({ cache: true });
    await request(app).get('/bookcase');
    expect((await request(app).put('/bookcase').set(AS_ADMIN).send({ name: 'Office', books: [] })).status).toBe(204);
    const after = await request(app).get('/bookcase');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.name).toBe('Office');
  });

  it.each(['/%62ookcase', '/bookcase/', '/bookcase;x=1'])('drops the stored bookcase when it is replaced under another spelling, %s', async (spelling) => {
    const { app } = service({ cache: true });
    await request(app).get('/bookcase');
    expect((await request(app).put(spelling).set(AS_ADMIN).send({ name: 'Den', books: [] })).status).toBe(204);
    const after = await request(app).get('/bookcase');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.name).toBe('Den');
  });

  it('revalidates a no-cache user every time, answered from the stored version without building it again', async () => {
    const { app, store } = service({ cache: true });
    await request(app).get('/users/1');
    const avatars = jest.spyOn(store.avatars, 'get');
    const again = await request(app).get('/users/1');
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBe('REVALIDATED');
    expect(again.body.name).toBe('Ada Lovelace');
    expect(avatars).not.toHaveBeenCalled();
  });

  it('never answers a stale list after a write to another URI', async () => {
    const { app } = service({ cache: true });
    expect((await request(app).get('/user/all;role=admin')).body).toHaveLength(3);
    await request(app).patch('/users/3').set(AS_ADMIN).set('Content-Type', 'application/merge-patch+json').send('{"role":"viewer"}');
    const after = await request(app).get('/user/all;role=admin');
    expect(after.status).toBe(200);
    expect(after.body).toHaveLength(2);
    await request(app).post('/users').set(AS_ADMIN).send({ name: 'New Admin', email: 'new@example.org', role: 'admin' });
    expect((await request(app).get('/user/all;role=admin')).body).toHaveLength(3);
  });

  it('keeps the XML and the JSON of one URI apart (Vary: Accept)', async () => {
    const { app } = service({ cache: true });
    await request(app).get('/bookcase');
    const xml = await request(app).get('/bookcase').set('Accept', 'application/xml');
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
  });

  it('is not there with cache: false (CACHE=off)', async () => {
    const { app } = service({ cache: false });
    expect((await request(app).get('/bookcase')).headers['x-cache']).toBeUndefined();
  });
});

describe('paths no route matches', () => {
  const { app } = service({ cache: true });

  it('answers a 404 problem document', async () => {
    const problem = expectProblem(await request(app).get('/nothing/here'), 404);
    expect(problem).toMatchObject({ title: 'Not Found', instance: '/nothing/here' });
  });
});

describe('the shared cache in front of the service, purged by surrogate key after a write', () => {
  it('answers GET /bookcase?view=summary anew after PUT /bookcase, which names only /bookcase but tags it `bookcase`', async () => {
    const { app } = service({ cache: true });
    await request(app).get('/bookcase?view=summary');
    expect((await request(app).get('/bookcase?view=summary')).headers['x-cache']).toBe('HIT');
    expect((await request(app).put('/bookcase').send({ name: 'Attic', books: [] })).status).toBe(204);
    const after = await request(app).get('/bookcase?view=summary');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.name).toBe('Attic');
  });

  it('answers the feed anew after PUT /users/1 (Surrogate-Key: users user:1), and drops the list and the search', async () => {
    const { app, cache } = service({ cache: true });
    const stored = ['/users/feed', '/user/all', '/users/search?name=a'];
    for (const path of stored) expect((await request(app).get(path)).status).toBe(200);
    expect((await request(app).get('/users/feed')).headers['x-cache']).toBe('HIT');
    const store = cache!.store as MemoryStore;
    for (const path of stored) expect(store.get(`http://service.test${path}`)).toBeDefined();
    expect((await request(app).put('/users/1').send({ name: 'Ada King', email: 'ada@example.org', role: 'admin' })).status).toBe(204);
    for (const path of stored) expect(store.get(`http://service.test${path}`)).toBeUndefined();
    const feed = await request(app).get('/users/feed').buffer(true);
    expect(feed.headers['x-cache']).toBe('MISS');
    expect(feed.text).toContain('Ada King');
  });
});

describe('the shared cache in front of the service, over the network', () => {
  it.each([
    ['anyone', {}],
    ['an admin', AS_ADMIN],
  ])('drops nothing for a PURGE with Surrogate-Key from %s: only writes and the code purge it', async (_who, credentials) => {
    const { app } = service({ cache: true });
    for (const path of ['/bookcase', '/bookcase?view=summary']) await request(app).get(path);
    const purge = await supertest(app).purge('/bookcase').set(credentials).set('Host', 'service.test').set('Surrogate-Key', 'bookcase');
    expect(purge.status).toBe(405);
    for (const path of ['/bookcase', '/bookcase?view=summary']) expect((await request(app).get(path)).headers['x-cache']).toBe('HIT');
  });
});
