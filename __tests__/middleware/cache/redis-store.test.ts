import express from 'express';
import request from 'supertest';
import { createClient } from 'redis';
import { type CacheStore, RedisStore, type StoredResponse, cache } from '../../../middleware/cache';
import { runCacheStoreContract } from '../../../testing/cache-store-contract';
import { listeningServers } from '../../setup/listening';
import { type RedisServer, startRedis } from '../../setup/redis-server';
import { tracked } from '../../setup/tracked-store';

const listening = listeningServers();
let server: RedisServer;
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startRedis();
  client = createClient({ url: server.url, disableOfflineQueue: true });
  client.on('error', () => undefined);
  // Each store of the contract listens on the one client.
  client.setMaxListeners(0);
  await client.connect();
});

afterAll(async () => {
  client.destroy();
  await server.stop();
});

let stores = 0;
/** These tests are not about timeouts: an operation may take this long on a loaded machine. */
const SLOW_MACHINE = 5_000;
/** A store on the test's server, under a prefix of its own. */
const newStore = (options: { now?: () => number; prefix?: string } = {}): RedisStore =>
  new RedisStore({ client, prefix: `test${++stores}:`, log: () => undefined, timeout: SLOW_MACHINE, ...options });

const NOW = Date.UTC(2025, 0, 1);
const response = (rawHeaders: string[], body: Uint8Array = new Uint8Array([1, 2, 3])): StoredResponse => ({
  status: 200,
  statusMessage: 'OK',
  rawHeaders,
  body,
  requestTime: NOW,
  responseTime: NOW,
  selecting: {},
});

runCacheStoreContract({ name: 'RedisStore', newStore: () => newStore() });

describe('RedisStore', () => {
  it('gives back a body byte for byte, and header lines as they were received', async () => {
    const store = newStore({ now: () => NOW });
    const body = new Uint8Array([...Array(256).keys(), 0xc3, 0x28, 0xff, 0xfe, 0x00]);
    const stored = response(['Cache-Control', 'max-age=60', 'X-Name', 'caf\u00e9 \u00ff', 'set-cookie', 'a=1', 'Set-Cookie', 'b=2'], body);
    await store.set('https://example.org/bytes', [stored]);
    const [got] = (await store.get('https://example.org/bytes'))!;
    expect(Buffer.from(got!.body).equals(Buffer.from(body))).toBe(true);
    expect(got!.rawHeaders).toEqual(stored.rawHeaders);
  });

  it.each([
    ['its freshness lifetime', [['Cache-Control', 'max-age=60']], 60_000],
    ['its lifetime less its age', [['Cache-Control', 'max-age=60', 'Age', '20']], 40_000],
    ['its lifetime and the stale-while-revalidate window', [['Cache-Control', 'max-age=60, stale-while-revalidate=30']], 90_000],
    ['its lifetime and the stale-if-error window', [['Cache-Control', 'max-age=60, stale-if-error=300']], 360_000],
    ['no stale window when it must revalidate', [['Cache-Control', 'max-age=60, stale-if-error=300, must-revalidate']], 60_000],
    ['its lifetime and the revalidation window when it has a validator', [['Cache-Control', 'max-age=10', 'ETag', '"v1"']], 310_000],
    ['the longest-lived of its variants', [['Cache-Control', 'max-age=60'], ['Cache-Control', 'max-age=120']], 120_000],
    ['the lifetime a targeted field gives it', [['Cache-Control', 'max-age=0', 'CDN-Cache-Control', 'max-age=600']], 600_000],
    ['its Cache-Control lifetime when a targeted field is not a valid dictionary (RFC 9213 section 2.1)', [['Cache-Control', 'max-age=60', 'CDN-Cache-Control', 'max-age=600,']], 60_000],
  ])('expires a value after %s', async (_name, headerLines, ms) => {
    const store = newStore({ now: () => NOW });
    await store.set('https://example.org/expiring', headerLines.map((lines) => response(lines)));
    const left = await client.pTTL(`test${stores}:https://example.org/expiring`);
    expect(left).toBeLessThanOrEqual(ms);
    expect(left).toBeGreaterThan(ms - 2_000);
  });

  it('does not keep what is of no further use (stale, no validator), and removes what it replaces', async () => {
    const store = newStore({ now: () => NOW });
    await store.set('https://example.org/a', [response(['Cache-Control', 'max-age=60'])]);
    await store.set('https://example.org/a', [response(['Cache-Control', 'max-age=0'])]);
    expect(await client.exists(`test${stores}:https://example.org/a`)).toBe(0);
    expect(await store.get('https://example.org/a')).toBeUndefined();
  });

  it('reads a value it did not write as a miss', async () => {
    const store = newStore();
    await client.set(`test${stores}:https://example.org/foreign`, 'not a cache entry');
    expect(await store.get('https://example.org/foreign')).toBeUndefined();
  });

  it('reads every variant of a key with one GET', async () => {
    const store = newStore({ now: () => NOW });
    const variants = [response(['Cache-Control', 'max-age=60', 'Vary', 'Accept']), response(['Cache-Control', 'max-age=60', 'Vary', 'Accept'])];
    await store.set('https://example.org/v', variants);
    const send = jest.spyOn(client, 'sendCommand');
    try {
      expect(await store.get('https://example.org/v')).toHaveLength(2);
      expect(send.mock.calls.map(([args]) => args[0])).toEqual(['GET']);
    } finally {
      send.mockRestore();
    }
  });
});

/** The one origin two instances behind a load balancer answer for: their keys agree. */
const ORIGIN = 'http://api.example.com';

/** An instance of an app behind cache() on `store`, counting what its handler answers. */
function instance(store: CacheStore) {
  const calls = { count: 0 };
  const app = express();
  app.use(cache({ store, origin: ORIGIN, statusHeader: 'X-Cache' }));
  app.get('/negotiated', (_req, res) => {
    calls.count++;
    res.set('Cache-Control', 'max-age=60');
    res.format({
      'application/json': () => res.json({ format: 'json' }),
      'application/xml': () => res.type('application/xml').send('<format>xml</format>'),
    });
  });
  return { app, calls };
}

describe('cache() on a RedisStore, over HTTP', () => {
  it('answers on one instance each variant another instance stored (Vary: Accept), from Redis', async () => {
    const shared = tracked(newStore({ prefix: 'instances:' }));
    const a = instance(shared);
    const b = instance(newStore({ prefix: 'instances:' }));
    const serverA = await listening(a.app);
    const serverB = await listening(b.app);
    for (const accept of ['application/json', 'application/xml']) {
      await request(serverA).get('/negotiated').set('Accept', accept).expect(200).expect('X-Cache', 'MISS');
    }
    await shared.settled();
    const json = await request(serverB).get('/negotiated').set('Accept', 'application/json').expect(200).expect('X-Cache', 'HIT');
    expect(json.body).toEqual({ format: 'json' });
    const xml = await request(serverB).get('/negotiated').set('Accept', 'application/xml').buffer(true).expect(200).expect('X-Cache', 'HIT');
    expect(xml.text).toBe('<format>xml</format>');
    expect(b.calls.count).toBe(0);
  });
});
