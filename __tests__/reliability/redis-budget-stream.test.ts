import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import express from 'express';
import { createClient } from 'redis';
import { RedisStore, type StoredResponse, cache } from '../../middleware/cache';
import { listeningServers } from '../setup/listening';
import { type RedisServer, startRedis } from '../setup/redis-server';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * A RedisStore under Redis's `maxmemory` (allkeys-lru, as the store documents) takes a stream of
 * 1 GiB of distinct URLs, 4,096 responses of 256 KiB, each tagged with surrogate keys, and stays
 * inside the budget: Redis evicts, nothing fails, the recent responses are still there, the sets
 * of the surrogate keys stay small, and this process's memory does not grow with the stream.
 * Once straight through the store, once through cache() over HTTP.
 */
const MAXMEMORY = 32 * 1024 * 1024;
const BODY_BYTES = 256 * 1024;
const ENTRIES = 4096;
/** Writes (or requests) in flight at once, as concurrent misses of a busy service send them. */
const WINDOW = 8;
/** How often Redis's memory is sampled, in writes. */
const SAMPLE_EVERY = 32;
/** Each operation may take this long on a loaded machine: these tests are not about timeouts. */
const SLOW_MACHINE = 10_000;

const listening = listeningServers();
let server: RedisServer;
let store: RedisStore;
let client: ReturnType<typeof createClient>;
let logged: string[];

beforeEach(async () => {
  logged = [];
  server = await startRedis({ maxmemory: String(MAXMEMORY), policy: 'allkeys-lru' });
  store = new RedisStore({ url: server.url, log: (message) => logged.push(message), timeout: SLOW_MACHINE });
  client = createClient({ url: server.url });
  client.on('error', () => undefined);
  await Promise.all([store.whenAvailable(), client.connect()]);
}, 60_000);

afterEach(async () => {
  client?.destroy();
  await store?.close();
  await server?.stop();
});

const body = new Uint8Array(BODY_BYTES);
const key = (id: number): string => `http://api.example.com/items/${id}`;

/** What a stream of {@link ENTRIES} writes did to Redis and to this process. */
interface Figures {
  readonly written: number;
  readonly highest: number;
  readonly evicted: number;
  readonly items: number;
  readonly ownGrowth: number;
  readonly logged: readonly string[];
}

/**
 * This process's heap and buffers, after full collections: a buffer's memory is given back by a
 * finalizer after the collection that found it unreachable, so a few turns of collecting and
 * letting callbacks run, until nothing more is given back.
 */
async function ownMemory(): Promise<number> {
  let least = Infinity;
  for (let turn = 0; turn < 5; turn++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    least = Math.min(least, heapUsed + arrayBuffers);
  }
  return least;
}

async function usedMemory(): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await client.info('memory'))![1]);
}

/** Runs `write(id)` for every id, {@link WINDOW} at a time, sampling Redis's memory and this process's. */
async function stream(write: (id: number) => Promise<void>): Promise<Figures> {
  let highest = 0;
  let ownAtStart = 0;
  let written = 0;
  for (let id = 0; id < ENTRIES; id += WINDOW) {
    await Promise.all(Array.from({ length: WINDOW }, (_, i) => write(id + i).then(() => written++)));
    if ((id + WINDOW) % SAMPLE_EVERY === 0) highest = Math.max(highest, await usedMemory());
    // Past the first eighth, everything this process keeps for the stream is allocated.
    if (id + WINDOW === ENTRIES / 8) ownAtStart = await ownMemory();
  }
  const ownGrowth = (await ownMemory()) - ownAtStart;
  const evicted = Number(/evicted_keys:(\d+)/.exec(await client.info('stats'))![1]);
  const items = await client.sCard('represent:cache:tag:items');
  return { written, highest, evicted, items, ownGrowth, logged };
}

/** What every stream must show; the figures go to the log, for the commit that changes them. */
async function expectWithinBudget(figures: Figures): Promise<void> {
  console.log(JSON.stringify(figures));
  expect({ written: figures.written, logged: figures.logged }).toEqual({ written: ENTRIES, logged: [] });
  // A write runs after Redis evicted for it, and may leave it over by what the writes in flight
  // hold (their values, in the keyspace and in their query buffers): measured 33.3 MB of 33.6.
  expect(figures.highest).toBeLessThanOrEqual(MAXMEMORY + WINDOW * 2 * BODY_BYTES);
  // Some 128 entries fit; the rest (and the sets of their own keys) were evicted.
  expect(figures.evicted).toBeGreaterThan(ENTRIES - MAXMEMORY / BODY_BYTES);
  const [last] = (await store.get(key(ENTRIES - 1)))!;
  expect(last!.body.byteLength).toBe(BODY_BYTES);
  // The set of `items` lists about twice the live entries (measured 159), not the 4,096 stored.
  expect(figures.items).toBeLessThan(1024);
  // 1 GiB passed through this process, which keeps none of it (measured under 0.4 MiB of growth).
  expect(figures.ownGrowth).toBeLessThan(16 * 1024 * 1024);
}

describe('a RedisStore under Redis maxmemory 32mb, allkeys-lru, through 1 GiB of distinct URLs', () => {
  // 4,096 writes of 256 KiB: 4 s on a shared 2-core VM (13 s over HTTP); the limits are for a loaded one.
  it('straight through the store: stays inside the budget, evicts, fails nothing, keeps the recent, does not grow this process', async () => {
    const response = (id: number): StoredResponse => ({
      status: 200,
      statusMessage: 'OK',
      rawHeaders: ['Cache-Control', 'max-age=600', 'Surrogate-Key', `items item:${id}`],
      body,
      requestTime: Date.now(),
      responseTime: Date.now(),
      selecting: {},
      surrogateKeys: ['items', `item:${id}`],
    });
    await expectWithinBudget(await stream((id) => store.set(key(id), [response(id)])));
  }, 180_000);

  // 4,096 requests of 256 KiB answered by a route and stored by the cache.
  it('through cache() over HTTP: the same, every request a MISS answered in full, the last one then a HIT', async () => {
    const app = express();
    app.use(cache({ store, origin: 'http://api.example.com', statusHeader: 'X-Cache' }));
    app.get('/items/:id', (req, res) => {
      res.set({ 'Cache-Control': 'max-age=600', 'Surrogate-Key': `items item:${req.params.id}` }).type('application/octet-stream').send(Buffer.from(body.buffer));
    });
    const { port } = (await listening(app)).address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: WINDOW });
    const get = (id: number, status = 'MISS'): Promise<void> =>
      new Promise((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: `/items/${id}`, agent, timeout: SLOW_MACHINE }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
          response.once('error', reject);
          response.once('end', () => {
            const answer = `${response.statusCode} ${response.headers['x-cache']} ${bytes}`;
            if (answer === `200 ${status} ${BODY_BYTES}`) resolve();
            else reject(new Error(`GET /items/${id} answered ${answer}`));
          });
        });
        request.once('timeout', () => request.destroy(new Error(`GET /items/${id}: no answer within ${SLOW_MACHINE} ms`)));
        request.once('error', reject);
      });
    try {
      await expectWithinBudget(await stream((id) => get(id)));
      // The most recent is still answered from Redis.
      await get(ENTRIES - 1, 'HIT');
    } finally {
      agent.destroy();
    }
  }, 180_000);
});
