import type http from 'node:http';
import express from 'express';
import request from 'supertest';
import { RedisStore, TieredStore, cache } from '../../../middleware/cache';
import { listeningServers } from '../../setup/listening';
import { type RedisServer, startRedis } from '../../setup/redis-server';
import { tracked } from '../../setup/tracked-store';
import { until } from '../../setup/until';

const listening = listeningServers();
let server: RedisServer;
let store: TieredStore;
let log: jest.Mock<void, [string]>;
let service: http.Server;
const calls: Record<string, number> = {};
const statuses: number[] = [];
const cached = tracked({ get: (key) => store.get(key), set: (key, v) => store.set(key, v), delete: (key) => store.delete(key) });

beforeEach(async () => {
  server = await startRedis();
  log = jest.fn<void, [string]>();
  // 500 ms per operation: a hung server costs a request at most that, once per outage.
  store = new TieredStore({ redis: new RedisStore({ url: server.url, timeout: 500, retryInterval: 100, log }) });
  await Promise.all([store.ready(), store.redis.whenAvailable()]);
  const app = express();
  app.use(cache({ store: cached, statusHeader: 'X-Cache', origin: 'http://api.example.com' }));
  app.get('/items/:id', (req, res) => {
    calls[req.params.id] = (calls[req.params.id] ?? 0) + 1;
    res.set('Cache-Control', 'max-age=600').json({ id: req.params.id });
  });
  app.put('/items/:id', (_req, res) => void res.status(204).end());
  service = await listening(app);
  statuses.length = 0;
  for (const id of Object.keys(calls)) delete calls[id];
});

afterEach(async () => {
  await store.close();
  await store.redis.close();
  await server.stop();
});

/** GETs one item, noting the status. */
async function get(path: string): Promise<request.Response> {
  const response = await request(service).get(path);
  statuses.push(response.status);
  return response;
}

describe('a TieredStore whose Redis goes away mid-test', () => {
  it('answers every request while Redis is killed and restarted, logs the outage once, and caches again after', async () => {
    await get('/items/held');
    await cached.settled();
    expect((await get('/items/held')).headers['x-cache']).toBe('HIT');

    // Killed with 40 requests in flight.
    const inFlight = Array.from({ length: 40 }, (_, i) => get(`/items/during-${i % 10}`));
    await server.kill();
    await Promise.all(inFlight);
    for (let i = 0; i < 10; i++) await get(`/items/after-kill-${i}`);
    // The L1 goes on answering what it holds.
    expect((await get('/items/held')).headers['x-cache']).toBe('HIT');
    await request(service).put('/items/held').expect(204);
    expect((await get('/items/held')).headers['x-cache']).toBe('MISS');
    await cached.settled();
    expect(log.mock.calls.map(([message]) => message)).toEqual([expect.stringContaining('Redis is unavailable')]);

    await server.restart();
    await store.redis.whenAvailable();
    expect(log).toHaveBeenLastCalledWith('represent cache: Redis is available again');
    expect(log).toHaveBeenCalledTimes(2);
    await get('/items/resumed');
    await cached.settled();
    expect((await get('/items/resumed')).headers['x-cache']).toBe('HIT');
    expect(calls.resumed).toBe(1);
    // It is in Redis, not only in this L1: an instance with an empty L1 finds it there.
    store.l1.clear();
    expect((await get('/items/resumed')).headers['x-cache']).toBe('HIT');
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 30_000);

  it('answers every request while Redis hangs (each operation given up after its timeout), and caches again when it answers', async () => {
    server.pause();
    try {
      for (let i = 0; i < 10; i++) await get(`/items/hung-${i % 5}`);
      // Each went on to the application once; the second time the L1 answered.
      expect(Object.values(calls)).toEqual([1, 1, 1, 1, 1]);
      expect(log.mock.calls.map(([message]) => message)).toEqual([expect.stringContaining('no answer within 500 ms')]);
    } finally {
      server.resume();
    }
    await store.redis.whenAvailable();
    await get('/items/answered');
    await cached.settled();
    store.l1.clear();
    expect((await get('/items/answered')).headers['x-cache']).toBe('HIT');
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(log).toHaveBeenCalledTimes(2);
  }, 30_000);

  it('purges its L1 by surrogate key while Redis hangs, and Redis once it answers again', async () => {
    const key = 'http://api.example.com/tagged';
    const now = Date.now();
    await store.set(key, [{ status: 200, statusMessage: 'OK', rawHeaders: ['Cache-Control', 'max-age=600'], body: Buffer.from('v1'), requestTime: now, responseTime: now, selecting: {}, surrogateKeys: ['t'] }]);
    server.pause();
    try {
      // A read given up after its timeout: Redis is taken to be unavailable, and nothing is sent it.
      await store.redis.get('http://api.example.com/other');
      expect(store.redis.available).toBe(false);
      expect(await store.purgeKeys(['t'])).toEqual([key]);
      expect(store.l1.get(key)).toBeUndefined();
    } finally {
      server.resume();
    }
    await store.redis.whenAvailable();
    // The purge is carried out in Redis as it answers again, not lost with the outage.
    let inRedis: unknown = 'not read yet';
    const poll = setInterval(() => void store.redis.get(key).then((found) => (inRedis = found)), 20);
    try {
      await until(() => inRedis === undefined, 10_000, () => `Redis still holds ${key}`);
    } finally {
      clearInterval(poll);
    }
  }, 30_000);
});
