import type http from 'node:http';
import express from 'express';
import request from 'supertest';
import { createClient } from 'redis';
import { RedisStore, type SharedCache, type StoredResponse, TieredStore, cache } from '../../../middleware/cache';
import { listeningServers } from '../../setup/listening';
import { type RedisServer, startRedis } from '../../setup/redis-server';
import { type TrackedStore, tracked } from '../../setup/tracked-store';
import { seededNames, taggedUserRoutes } from '../../setup/tagged-users';
import { until } from '../../setup/until';

const listening = listeningServers();
let server: RedisServer;
let client: ReturnType<typeof createClient>;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startRedis();
  client = createClient({ url: server.url, disableOfflineQueue: true });
  client.on('error', () => undefined);
  await client.connect();
});

afterEach(async () => {
  for (const store of opened.splice(0).reverse()) await store.close();
});

afterAll(async () => {
  client.destroy();
  await server.stop();
});

/** These tests are not about timeouts: an operation may take this long on a loaded machine. */
const SLOW_MACHINE = 5_000;
let prefixes = 0;

function redisStore(prefix = `purge${++prefixes}:`): RedisStore {
  const store = new RedisStore({ url: server.url, prefix, log: () => undefined, timeout: SLOW_MACHINE });
  opened.push(store);
  return store;
}

const response = (maxAge: number, surrogateKeys?: string[]): StoredResponse => ({
  status: 200,
  statusMessage: 'OK',
  rawHeaders: ['Cache-Control', `max-age=${maxAge}`],
  body: Buffer.from('body'),
  requestTime: Date.now(),
  responseTime: Date.now(),
  selecting: {},
  ...(surrogateKeys !== undefined && { surrogateKeys }),
});

describe('RedisStore, by surrogate key', () => {
  it('lists a key in a set per surrogate key, which expires no sooner than the longest-lived value it lists', async () => {
    const store = redisStore();
    await store.whenAvailable();
    const prefix = `purge${prefixes}:`;
    await store.set('http://a.test/long', [response(600, ['user:7'])]);
    await store.set('http://a.test/short', [response(60, ['user:7', 'users'])]);
    expect((await client.sMembers(`${prefix}tag:user:7`)).sort()).toEqual(['http://a.test/long', 'http://a.test/short']);
    expect(await client.sMembers(`${prefix}tag:users`)).toEqual(['http://a.test/short']);
    const setLeft = await client.pTTL(`${prefix}tag:user:7`);
    expect(setLeft).toBeGreaterThanOrEqual(await client.pTTL(`${prefix}http://a.test/long`));
    expect(setLeft).toBeGreaterThan(590_000);
    expect(await client.pTTL(`${prefix}tag:users`)).toBeGreaterThan(50_000);
  });

  it('removes every value tagged with a key, and the sets, and answers the keys', async () => {
    const store = redisStore();
    await store.whenAvailable();
    const prefix = `purge${prefixes}:`;
    await store.set('http://a.test/users', [response(600, ['users'])]);
    await store.set('http://a.test/users/7', [response(600, ['user:7'])]);
    await store.set('http://a.test/users/7.xml', [response(600, ['user:7'])]);
    await store.set('http://a.test/users/8', [response(600, ['user:8'])]);
    expect([...(await store.purgeKeys(['user:7', 'users']))].sort()).toEqual(['http://a.test/users', 'http://a.test/users/7', 'http://a.test/users/7.xml']);
    for (const key of ['users', 'users/7', 'users/7.xml']) expect(await store.get(`http://a.test/${key}`)).toBeUndefined();
    expect(await store.get('http://a.test/users/8')).toHaveLength(1);
    expect(await client.exists([`${prefix}tag:user:7`, `${prefix}tag:users`])).toBe(0);
  });

  it('purges harmlessly a member whose value is gone (evicted, expired or removed)', async () => {
    const store = redisStore();
    await store.whenAvailable();
    await store.set('http://a.test/gone', [response(600, ['t'])]);
    await store.set('http://a.test/kept', [response(600, ['t'])]);
    await client.del(`purge${prefixes}:http://a.test/gone`);
    expect([...(await store.purgeKeys(['t']))].sort()).toEqual(['http://a.test/gone', 'http://a.test/kept']);
    expect(await store.get('http://a.test/kept')).toBeUndefined();
  });

  it('keeps a set within a few members of the values it lists, however many values left it', async () => {
    const store = redisStore();
    await store.whenAvailable();
    const prefix = `purge${prefixes}:`;
    // 1,000 values tagged `t`, each removed once the next is stored: one is live at a time.
    for (let i = 0; i < 1_000; i++) {
      await store.set(`http://a.test/${i}`, [response(600, ['t'])]);
      if (i > 0) await store.delete(`http://a.test/${i - 1}`);
    }
    // Each write drops the members it finds gone among two picked at random: about two members
    // stay listed for each live one; 40 is a bound a fair pick never reaches (without the pruning, 1,000).
    expect(await client.sCard(`${prefix}tag:t`)).toBeLessThan(40);
    expect(Number(await client.sIsMember(`${prefix}tag:t`, 'http://a.test/999'))).toBe(1);
  });

  it('touches the sets of a value it reads, so that an LRU eviction takes the value before them', async () => {
    const store = redisStore();
    await store.whenAvailable();
    const prefix = `purge${prefixes}:`;
    await store.set('http://a.test/read', [response(600, ['user:7', 'users'])]);
    const send = jest.spyOn(store.client, 'sendCommand');
    try {
      await store.get('http://a.test/read');
      await until(() => send.mock.calls.length >= 2, SLOW_MACHINE, () => JSON.stringify(send.mock.calls.map(([args]) => args.map(String))));
      expect(send.mock.calls.map(([args]) => args.map(String))).toEqual([
        ['GET', `${prefix}http://a.test/read`],
        ['TOUCH', `${prefix}tag:user:7`, `${prefix}tag:users`],
      ]);
    } finally {
      send.mockRestore();
    }
  });
});

/** The one origin both instances answer for, as behind a load balancer: their cache keys agree. */
const ORIGIN = 'http://api.example.com';

describe('two instances, each cache() on a TieredStore over one Redis: a write on one purges by key on both', () => {
  /** The users both instances serve, as a shared database would hold them. */
  let names: Map<string, string>;
  beforeEach(() => {
    names = seededNames();
  });

  async function instance(prefix: string): Promise<{ server: http.Server; tiered: TieredStore; store: TrackedStore; shared: SharedCache; calls: { count: number } }> {
    const tiered = new TieredStore({ redis: redisStore(prefix) });
    opened.push(tiered);
    await Promise.all([tiered.ready(), tiered.redis.whenAvailable()]);
    const store = tracked(tiered);
    const shared = cache({ store, origin: ORIGIN, statusHeader: 'X-Cache' });
    const calls = { count: 0 };
    const app = express();
    app.use(shared);
    taggedUserRoutes(app, names, calls);
    return { server: await listening(app), tiered, store, shared, calls };
  }

  const TAGGED = [`${ORIGIN}/users`, `${ORIGIN}/users/7.xml`];
  const PATHS = ['/users', '/users/7.xml', '/users/8.xml'];

  /** A and B, each holding every path in its L1 (A stored them, B read them from Redis). */
  async function filled() {
    const prefix = `instances${++prefixes}:`;
    const a = await instance(prefix);
    const b = await instance(prefix);
    for (const path of PATHS) await request(a.server).get(path).expect(200).expect('X-Cache', 'MISS');
    await a.store.settled();
    for (const path of PATHS) await request(b.server).get(path).expect(200).expect('X-Cache', 'HIT');
    await b.store.settled();
    for (const key of [...TAGGED, `${ORIGIN}/users/8.xml`]) expect(b.tiered.l1.get(key)).toBeDefined();
    return { a, b };
  }

  /** Waits, 100 ms at most, until B's L1 holds none of the tagged keys; the time it took. */
  async function purgedFromL1(b: TieredStore): Promise<number> {
    const started = performance.now();
    await until(() => TAGGED.every((key) => b.l1.get(key) === undefined), 100, () => `B's L1 still holds ${TAGGED.filter((key) => b.l1.get(key) !== undefined).join(', ')}`);
    return performance.now() - started;
  }

  it('answers PUT /users/7 through A, and within 100 ms B holds neither the list nor /users/7.xml; then B answers them anew', async () => {
    const { a, b } = await filled();
    // The write's answer ends once Redis ran the purge and the announcement is published.
    await request(a.server).put('/users/7').type('text/plain').send('Ada King').expect(204);
    await purgedFromL1(b.tiered);
    expect(b.tiered.l1.get(`${ORIGIN}/users/8.xml`)).toBeDefined();
    const calls = b.calls.count;
    expect((await request(b.server).get('/users').expect(200).expect('X-Cache', 'MISS')).body).toEqual(['Ada King', 'Alan']);
    expect((await request(b.server).get('/users/7.xml').expect(200).expect('X-Cache', 'MISS')).text).toBe('<user>Ada King</user>');
    await request(b.server).get('/users/8.xml').expect(200).expect('X-Cache', 'HIT');
    expect(b.calls.count).toBe(calls + 2);
    // A dropped them too, and Redis holds them no more.
    for (const key of TAGGED) {
      expect(a.tiered.l1.get(key)).toBeUndefined();
    }
  });

  it('purges on B, within 100 ms, what A.purgeKeys() drops (a change made outside a request)', async () => {
    const { a, b } = await filled();
    expect([...(await a.shared.purgeKeys(['users', 'user:7']))].sort()).toEqual(TAGGED);
    await purgedFromL1(b.tiered);
    expect(await b.tiered.redis.get(`${ORIGIN}/users`)).toBeUndefined();
    expect(await b.tiered.redis.get(`${ORIGIN}/users/8.xml`)).toHaveLength(1);
    await request(b.server).get('/users/7.xml').expect(200).expect('X-Cache', 'MISS');
  });
});
