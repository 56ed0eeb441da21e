import type { AddressInfo } from 'node:net';
import express from 'express';
import { type RedisClientType, createClient } from 'redis';
import { type TieredStore, cache } from '../../../middleware/cache';
import { listeningServers } from '../../setup/listening';
import { tieredRedis } from '../../setup/tiered-redis';
import { until } from '../../setup/until';

/**
 * Fetch locks across instances when Redis stops answering writes for a while (`CLIENT PAUSE ...
 * WRITE`: reads are answered, a SET or a script waits until `CLIENT UNPAUSE`), which lets a test
 * send a lock's SET to a server that will run it only after the store gave up on it.
 */

const listening = listeningServers();
const redis = tieredRedis();
let control: RedisClientType;
const ORIGIN = 'http://api.example';
/** Far longer than any test: a lock left behind would outlive the test, not expire within it. */
const COLLAPSE_TIMEOUT = 60_000;

beforeAll(async () => {
  control = createClient({ url: redis.server.url });
  control.on('error', () => undefined);
  await control.connect();
});

afterEach(async () => {
  await control.sendCommand(['CLIENT', 'UNPAUSE']);
});

afterAll(() => {
  control?.destroy();
});

interface Instance {
  readonly url: string;
  readonly store: TieredStore;
}

/** Instances of one service, each with its TieredStore on the one Redis (300 ms per operation). */
async function instances(count: number, handler: () => Promise<string>) {
  const { stores, prefix } = await redis.stores(count, { timeout: 300, retryInterval: 50 });
  const made: Instance[] = [];
  for (const store of stores) {
    const app = express();
    app.use(cache({ store, origin: ORIGIN, collapseTimeout: COLLAPSE_TIMEOUT }));
    app.get('/doc', async (_req, res) => void res.set('Cache-Control', 'max-age=60').send(await handler()));
    const { port } = (await listening(app)).address() as AddressInfo;
    made.push({ url: `http://127.0.0.1:${port}/doc`, store });
  }
  return { instances: made, lockKey: `${prefix}lock:${ORIGIN}/doc` };
}

const pauseWrites = () => control.sendCommand(['CLIENT', 'PAUSE', String(COLLAPSE_TIMEOUT), 'WRITE']);
const unpause = () => control.sendCommand(['CLIENT', 'UNPAUSE']);

/** Resolves once no process holds the lock `key` in Redis. */
async function lockGone(key: string): Promise<void> {
  let held = 1;
  const poll = setInterval(() => void control.exists(key).then((n) => (held = n)), 20);
  try {
    await until(() => held === 0, 10_000, () => `${key} is still held, for ${COLLAPSE_TIMEOUT} ms`);
  } finally {
    clearInterval(poll);
  }
}

describe('fetch locks on a Redis that stops answering writes, then answers again', () => {
  it('gives back a lock whose SET ran after the store gave up on it, so that no instance waits on it', async () => {
    let calls = 0;
    const { instances: [a, b], lockKey } = await instances(2, async () => `answer ${++calls}`);
    await pauseWrites();
    // Each reads Redis (answered), then sends its lock's SET, which waits: each gives up on it,
    // takes the lock as not held, and goes on to the handler alone.
    const during = await Promise.all([fetch(a!.url), fetch(b!.url)]);
    expect(during.map((r) => r.status)).toEqual([200, 200]);
    expect(calls).toBe(2);
    expect(a!.store.redis.available).toBe(false);
    await unpause();
    // One of the two SETs runs now and takes the lock: its instance gives it back with its token.
    await lockGone(lockKey);
    await Promise.all([a!.store.redis.whenAvailable(), b!.store.redis.whenAvailable()]);
    const waits = [jest.spyOn(a!.store.redis, 'fetchReleased'), jest.spyOn(b!.store.redis, 'fetchReleased')];
    const after = await fetch(b!.url);
    expect(after.status).toBe(200);
    expect(await after.text()).toBe('answer 3');
    for (const wait of waits) expect(wait).not.toHaveBeenCalled();
  }, 60_000);

  it('gives back a lock it holds when Redis stopped answering before the release, once it answers again', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let arrived: () => void = () => undefined;
    const handling = new Promise<void>((resolve) => (arrived = resolve));
    const { instances: [a], lockKey } = await instances(1, async () => {
      arrived();
      await answered;
      return 'slow answer';
    });
    const response = fetch(a!.url);
    await handling;
    expect(await control.exists(lockKey)).toBe(1);
    await pauseWrites();
    // The response's write to Redis is given up on: Redis is then unavailable when the lock is given back.
    answer();
    expect((await response).status).toBe(200);
    await until(() => !a!.store.redis.available, 10_000, () => 'Redis still taken to be available');
    await unpause();
    await lockGone(lockKey);
  }, 60_000);
});
