import type http from 'node:http';
import express from 'express';
import request from 'supertest';
import { RedisStore, type StoredResponse, TieredStore, cache } from '../../../middleware/cache';
import { runCacheStoreContract } from '../../../testing/cache-store-contract';
import { listeningServers } from '../../setup/listening';
import { type RedisServer, startRedis } from '../../setup/redis-server';
import { type TrackedStore, tracked } from '../../setup/tracked-store';

const listening = listeningServers();
let server: RedisServer;
const opened: TieredStore[] = [];

beforeAll(async () => {
  server = await startRedis();
});

afterEach(async () => {
  for (const store of opened.splice(0)) {
    await store.close();
    await store.redis.close();
  }
});

afterAll(async () => {
  await server.stop();
});

let prefixes = 0;
/** These tests are not about timeouts: an operation may take this long on a loaded machine. */
const SLOW_MACHINE = 5_000;
/**
 * `count` instances' TieredStores on the test's server, under one prefix of their own, each with
 * its own connections (as separate processes have), subscribed.
 */
async function instances(count: number): Promise<TieredStore[]> {
  const prefix = `tiered${++prefixes}:`;
  const stores = Array.from({ length: count }, () => new TieredStore({ redis: new RedisStore({ url: server.url, prefix, log: () => undefined, timeout: SLOW_MACHINE }) }));
  opened.push(...stores);
  await Promise.all(stores.map(async (store) => Promise.all([store.ready(), store.redis.whenAvailable()])));
  return stores;
}

/** Resolves with the next key `store` hears another instance invalidate. */
function nextInvalidation(store: TieredStore): Promise<string> {
  return new Promise((resolve) => {
    const stop = store.onInvalidated((key) => {
      stop();
      resolve(key);
    });
  });
}

const response = (body: string): StoredResponse => ({
  status: 200,
  statusMessage: 'OK',
  rawHeaders: ['Cache-Control', 'max-age=600'],
  body: Buffer.from(body),
  requestTime: Date.now(),
  responseTime: Date.now(),
  selecting: {},
});

describe('TieredStore', () => {
  // The contract holds for one instance: what it sets it gets, from its L1 or from Redis.
  const contractStores: TieredStore[] = [];
  runCacheStoreContract({
    name: 'TieredStore',
    newStore: () => {
      const store = new TieredStore({ redis: new RedisStore({ url: server.url, prefix: `contract${++prefixes}:`, log: () => undefined, timeout: SLOW_MACHINE }) });
      contractStores.push(store);
      return {
        get: async (key) => {
          await store.redis.whenAvailable();
          return store.get(key);
        },
        set: async (key, variants) => {
          await store.redis.whenAvailable();
          return store.set(key, variants);
        },
        delete: async (key) => {
          await store.redis.whenAvailable();
          return store.delete(key);
        },
      };
    },
  });
  afterAll(async () => {
    for (const store of contractStores) {
      await store.close();
      await store.redis.close();
    }
  });

  it('answers from Redis what another instance stored, then from its L1 without asking Redis', async () => {
    const [a, b] = await instances(2);
    await a!.set('https://example.org/doc', [response('v1')]);
    const reads = jest.spyOn(b!.redis, 'get');
    const fromRedis = b!.get('https://example.org/doc');
    expect(fromRedis).toBeInstanceOf(Promise);
    expect(Buffer.from((await fromRedis)![0]!.body).toString()).toBe('v1');
    const fromL1 = b!.get('https://example.org/doc');
    expect(Array.isArray(fromL1)).toBe(true);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['removes a key', (store: TieredStore, key: string) => store.delete(key), undefined],
    ['stores a new response under a key', (store: TieredStore, key: string) => store.set(key, [response('v2')]), ['v2']],
  ])('takes a key out of every other L1 when one instance %s, as the announcement arrives', async (_name, change, own) => {
    const [a, b, c] = await instances(3);
    const key = 'https://example.org/doc';
    await a!.set(key, [response('v1')]);
    await b!.get(key);
    await c!.get(key);
    expect(b!.l1.get(key)).toBeDefined();
    expect(c!.l1.get(key)).toBeDefined();
    const arrivals = [nextInvalidation(b!), nextInvalidation(c!)];
    await change(a!, key);
    expect(await Promise.all(arrivals)).toEqual([key, key]);
    expect(b!.l1.get(key)).toBeUndefined();
    expect(c!.l1.get(key)).toBeUndefined();
    // Its own L1 holds what it just stored (its own announcement is not for it), or nothing after a removal.
    expect(a!.l1.get(key)?.map((v) => Buffer.from(v.body).toString())).toEqual(own);
  });

  it('does not fill its L1 with a value read from Redis before the key changed', async () => {
    const [a] = await instances(1);
    const key = 'https://example.org/doc';
    await a!.set(key, [response('v1')]);
    a!.l1.clear();
    // The GET is on its way when the key is removed: it reads v1, which must not be kept.
    const reading = a!.get(key);
    const removing = a!.delete(key);
    expect(Buffer.from((await reading)![0]!.body).toString()).toBe('v1');
    await removing;
    expect(a!.l1.get(key)).toBeUndefined();
  });
});

/** The one origin both instances answer for, as behind a load balancer: their cache keys agree. */
const ORIGIN = 'http://api.example.com';

describe('two instances, each cache() on a TieredStore over one Redis, over HTTP', () => {
  /** The document both instances serve, as a shared database would hold it. */
  let document = { version: 1 };

  async function app(store: TieredStore): Promise<{ server: http.Server; calls: { count: number }; store: TrackedStore }> {
    const calls = { count: 0 };
    const trackedStore = tracked(store);
    const instance = express();
    instance.use(cache({ store: trackedStore, origin: ORIGIN, statusHeader: 'X-Cache' }));
    instance.get('/doc', (_req, res) => {
      calls.count++;
      res.set('Cache-Control', 'max-age=600').json(document);
    });
    instance.put('/doc', express.json(), (req, res) => {
      document = req.body as { version: number };
      res.status(204).end();
    });
    return { server: await listening(instance), calls, store: trackedStore };
  }

  beforeEach(() => {
    document = { version: 1 };
  });

  it('answers on instance B, from Redis, what instance A stored, then from its L1', async () => {
    const [storeA, storeB] = await instances(2);
    const a = await app(storeA!);
    const b = await app(storeB!);
    await request(a.server).get('/doc').expect(200).expect('X-Cache', 'MISS');
    await a.store.settled();
    const redisReads = jest.spyOn(storeB!.redis, 'get');
    await request(b.server).get('/doc').expect(200).expect('X-Cache', 'HIT').expect({ version: 1 });
    await request(b.server).get('/doc').expect(200).expect('X-Cache', 'HIT').expect({ version: 1 });
    expect(redisReads).toHaveBeenCalledTimes(1);
    expect(b.calls.count).toBe(0);
  });

  it('answers the new representation on instance B after a PUT through instance A', async () => {
    const [storeA, storeB] = await instances(2);
    const a = await app(storeA!);
    const b = await app(storeB!);
    await request(a.server).get('/doc').expect(200).expect({ version: 1 });
    await a.store.settled();
    await request(b.server).get('/doc').expect('X-Cache', 'HIT').expect({ version: 1 });
    expect(storeB!.l1.size).toBe(1);

    const invalidated = nextInvalidation(storeB!);
    await request(a.server).put('/doc').send({ version: 2 }).expect(204);
    expect(await invalidated).toBe(`${ORIGIN}/doc`);
    await request(b.server).get('/doc').expect(200).expect('X-Cache', 'MISS').expect({ version: 2 });
    await b.store.settled();
    await request(a.server).get('/doc').expect(200).expect('X-Cache', 'HIT').expect({ version: 2 });
  });
});
