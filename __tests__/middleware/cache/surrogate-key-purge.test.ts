import express from 'express';
import request from 'supertest';
import { MemoryStore, type StoredResponse, cache } from '../../../middleware/cache';
import { seededNames, taggedUserRoutes } from '../../setup/tagged-users';

const response = (surrogateKeys?: string[], bytes = 10): StoredResponse => ({
  status: 200,
  statusMessage: 'OK',
  rawHeaders: ['Cache-Control', 'max-age=600'],
  body: new Uint8Array(bytes),
  requestTime: 0,
  responseTime: 0,
  selecting: {},
  ...(surrogateKeys !== undefined && { surrogateKeys }),
});

describe('MemoryStore.purgeKeys(surrogateKeys)', () => {
  const stored = (): MemoryStore => {
    const store = new MemoryStore();
    store.set('http://a.test/users', [response(['users'])]);
    store.set('http://a.test/users/7', [response(['user', 'user:7'])]);
    store.set('http://a.test/users/7.xml', [response(['user:7']), response(['user:7', 'xml'])]);
    store.set('http://a.test/users/8', [response(['user', 'user:8'])]);
    store.set('http://a.test/bookcase', [response()]);
    return store;
  };

  it.each<[string, string[], string[]]>([
    ['one key', ['user:7'], ['http://a.test/users/7', 'http://a.test/users/7.xml']],
    ['two keys, each key removed once', ['users', 'user:7'], ['http://a.test/users', 'http://a.test/users/7', 'http://a.test/users/7.xml']],
    ['a key one variant of several carries', ['xml'], ['http://a.test/users/7.xml']],
    ['a key on several URIs', ['user'], ['http://a.test/users/7', 'http://a.test/users/8']],
    ['a key nothing carries', ['user:9'], []],
    ['no key', [], []],
  ])('removes every key tagged with %s, and answers them', (_name, keys, removed) => {
    const store = stored();
    expect(store.purgeKeys(keys).sort()).toEqual([...removed].sort());
    for (const key of removed) expect(store.get(key)).toBeUndefined();
    expect(store.get('http://a.test/bookcase')).toBeDefined();
    expect(store.size).toBe(5 - removed.length);
  });

  it('forgets the tags of a key that is removed, replaced or evicted: the index holds what the store holds', () => {
    const body = 1000;
    const store = new MemoryStore({ maxBytes: 3 * (body + 1200) });
    store.set('http://a.test/removed', [response(['t'], body)]);
    store.delete('http://a.test/removed');
    store.set('http://a.test/replaced', [response(['t'], body)]);
    store.set('http://a.test/replaced', [response(['other'], body)]);
    store.set('http://a.test/evicted', [response(['t'], body)]);
    for (let i = 0; i < 3; i++) store.set(`http://a.test/filler${i}`, [response(undefined, body)]);
    expect(store.get('http://a.test/evicted')).toBeUndefined();
    expect(store.purgeKeys(['t'])).toEqual([]);
    store.set('http://a.test/kept', [response(['t'], body)]);
    expect(store.purgeKeys(['t'])).toEqual(['http://a.test/kept']);
  });

  it('counts the keys in the budget', () => {
    const plain = new MemoryStore();
    const tagged = new MemoryStore();
    plain.set('k', [response()]);
    tagged.set('k', [response(['user:7', 'users'])]);
    expect(tagged.bytes).toBeGreaterThan(plain.bytes + 2 * 'user:7users'.length);
  });
});

/** An app of tagged users behind cache(), on a database of its own. */
function usersApp(options: Parameters<typeof cache>[0] = {}) {
  const calls = { count: 0 };
  // One origin: supertest listens on a new port for each request, and the Host would differ.
  const shared = cache({ statusHeader: 'X-Cache', origin: 'http://a.test', ...options });
  const app = express();
  app.use(shared);
  taggedUserRoutes(app, seededNames(), calls);
  return { app, calls, shared };
}

describe('cache(): a write purges what its answer is tagged with, whatever the URI', () => {
  const fill = async (app: express.Express): Promise<void> => {
    for (const path of ['/users', '/users/7', '/users/7.xml', '/users/8']) {
      await request(app).get(path).expect(200).expect('X-Cache', 'MISS');
      await request(app).get(path).expect(200).expect('X-Cache', 'HIT');
    }
  };

  it('answers PUT /users/7 (Surrogate-Key: users user:7), then the list and /users/7.xml anew, and /users/8 from memory', async () => {
    const { app, calls } = usersApp();
    await fill(app);
    await request(app).put('/users/7').type('text/plain').send('Ada King').expect(204);
    const before = calls.count;
    expect((await request(app).get('/users').expect('X-Cache', 'MISS')).body).toEqual(['Ada King', 'Alan']);
    expect((await request(app).get('/users/7.xml').expect('X-Cache', 'MISS')).text).toBe('<user>Ada King</user>');
    expect((await request(app).get('/users/7').expect('X-Cache', 'MISS')).body).toEqual({ name: 'Ada King' });
    await request(app).get('/users/8').expect('X-Cache', 'HIT');
    expect(calls.count).toBe(before + 3);
  });

  it('purges by the keys of a write to another URI (POST /rename, Surrogate-Key: user:7)', async () => {
    const { app } = usersApp();
    await fill(app);
    await request(app).post('/rename').type('text/plain').send('Lovelace').expect(204);
    expect((await request(app).get('/users/7').expect('X-Cache', 'MISS')).body).toEqual({ name: 'Lovelace' });
    await request(app).get('/users').expect('X-Cache', 'HIT');
  });

  it('purges nothing after a write that failed (400), whatever keys its answer carries', async () => {
    const { app } = usersApp();
    await fill(app);
    await request(app).put('/users/8').type('text/plain').send('').expect(400);
    await request(app).get('/users').expect('X-Cache', 'HIT');
    await request(app).get('/users/8').expect('X-Cache', 'HIT');
  });

  it('reads the keys only from the fields it is told (surrogateKeyFields)', async () => {
    const { app } = usersApp({ surrogateKeyFields: ['Cache-Tag'] });
    await fill(app);
    // The answer's Surrogate-Key is not read: only /users/7 itself is invalidated (RFC 9111 section 4.4).
    await request(app).put('/users/7').type('text/plain').send('Ada King').expect(204);
    await request(app).get('/users').expect('X-Cache', 'HIT');
    await request(app).get('/users/7.xml').expect('X-Cache', 'HIT');
    await request(app).get('/users/7').expect('X-Cache', 'MISS');
  });
});

describe('cache().purgeKeys(keys)', () => {
  it('drops every stored response tagged with one of the keys, and answers their URIs', async () => {
    const { app, shared } = usersApp();
    for (const path of ['/users', '/users/7', '/users/7.xml', '/users/8']) await request(app).get(path).expect(200);
    const removed = await shared.purgeKeys(['user:7']);
    expect([...removed].sort()).toEqual(['http://a.test/users/7', 'http://a.test/users/7.xml']);
    await request(app).get('/users/7').expect('X-Cache', 'MISS');
    await request(app).get('/users/7.xml').expect('X-Cache', 'MISS');
    await request(app).get('/users').expect('X-Cache', 'HIT');
  });

  it('makes a value a key as a route does: a space becomes %20, a number its digits', async () => {
    const store = new MemoryStore();
    const shared = cache({ store });
    store.set('http://a.test/a', [response(['team:a%20b'])]);
    store.set('http://a.test/b', [response(['7'])]);
    expect(await shared.purgeKeys(['team:a b', 7])).toEqual(['http://a.test/a', 'http://a.test/b']);
  });

  it('drops nothing, and never rejects, with a store that cannot purge by key', async () => {
    const shared = cache({ store: { get: () => undefined, set: () => undefined, delete: () => undefined } });
    await expect(shared.purgeKeys(['user:7'])).resolves.toEqual([]);
  });

  it('never rejects when the store fails', async () => {
    const failing = { get: () => undefined, set: () => undefined, delete: () => undefined, purgeKeys: () => Promise.reject(new Error('down')) };
    await expect(cache({ store: failing }).purgeKeys(['user:7'])).resolves.toEqual([]);
  });
});
