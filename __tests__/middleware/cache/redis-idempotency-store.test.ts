import type http from 'node:http';
import express from 'express';
import { createClient } from 'redis';
import request from 'supertest';
import { RedisIdempotencyStore, type RedisClient } from '../../../middleware/cache';
import { ProblemType, ResponseEntity, createRouter } from '../../../src';
import { expectProblem } from '../../setup/app-fixture';
import { listeningServers } from '../../setup/listening';
import { type RedisServer, startRedis } from '../../setup/redis-server';

/** Two stores on two connections to one Redis, as two instances of a service hold them. */
const listening = listeningServers();
let redis: RedisServer;
let clients: RedisClient[] = [];
let stores: RedisIdempotencyStore[] = [];

beforeEach(async () => {
  redis = await startRedis();
  clients = await Promise.all([0, 1].map(async () => {
    const client = createClient({ url: redis.url, disableOfflineQueue: true });
    client.on('error', () => undefined);
    await client.connect();
    return client as unknown as RedisClient;
  }));
  stores = clients.map((client) => new RedisIdempotencyStore({ client, prefix: 'test:' }));
});

afterEach(async () => {
  for (const client of clients) client.destroy();
  await redis.stop();
});

const answered = { fingerprint: 'f1', answer: { status: 201, headers: ['location', '/users/10', 'content-type', 'application/json'], body: new Uint8Array([123, 0, 255, 125]) } };

describe('RedisIdempotencyStore', () => {
  it('gives a key to exactly one of many claims from two instances, and the answer stored to the next', async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % 2]!.claim('k', { fingerprint: 'f1' }, 60_000)));
    expect(claims.filter((claim) => claim === undefined)).toHaveLength(1);
    expect(claims.filter((claim) => claim !== undefined)).toEqual(Array(19).fill({ fingerprint: 'f1' }));
    await stores[0]!.complete('k', answered, 120_000);
    const replayed = await stores[1]!.claim('k', { fingerprint: 'f2' }, 60_000);
    expect(replayed?.answer?.headers).toEqual(answered.answer.headers);
    expect([...replayed!.answer!.body]).toEqual([123, 0, 255, 125]);
  });

  it('makes each key expire with the time it is given (PX)', async () => {
    await stores[0]!.claim('k', { fingerprint: 'f1' }, 60_000);
    const pttl = Number(await clients[0]!.sendCommand(['PTTL', 'test:k']));
    expect(pttl).toBeGreaterThan(50_000);
    expect(pttl).toBeLessThanOrEqual(60_000);
    await stores[0]!.complete('k', answered, 3_600_000);
    expect(Number(await clients[0]!.sendCommand(['PTTL', 'test:k']))).toBeGreaterThan(3_500_000);
  });

  it('gives a released key to the next claim', async () => {
    await stores[0]!.claim('k', { fingerprint: 'f1' }, 60_000);
    await stores[0]!.release('k');
    expect(await stores[1]!.claim('k', { fingerprint: 'f1' }, 60_000)).toBeUndefined();
  });

  it('fails each operation while Redis is down', async () => {
    await redis.kill();
    await expect(stores[0]!.claim('k', { fingerprint: 'f1' }, 60_000)).rejects.toThrow();
  });
});

describe('an idempotent route on a RedisIdempotencyStore, in two instances', () => {
  async function instance(store: RedisIdempotencyStore, made: unknown[], whenStoreFails?: 'proceed'): Promise<http.Server> {
    const api = createRouter({ onError: jest.fn() });
    api
      .post('/users')
      .body(Object)
      .idempotent({ store, ...(whenStoreFails !== undefined && { whenStoreFails }) })
      .handle(async (ctx) => {
        made.push(ctx.body);
        await new Promise((resolve) => setImmediate(resolve));
        return ResponseEntity.created(`/users/${made.length}`, { id: made.length });
      });
    const app = express();
    app.use(api.middleware());
    return listening(app);
  }

  it('processes ten concurrent requests with one key once: every answer is the 201 or a 409', async () => {
    const made: unknown[] = [];
    const servers = await Promise.all(stores.map((store) => instance(store, made)));
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => request(servers[i % 2]!).post('/users').set('Idempotency-Key', '"one"').send({ name: 'Ada' })));
    expect(made).toHaveLength(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const replay = await request(servers[1]!).post('/users').set('Idempotency-Key', '"one"').send({ name: 'Ada' });
    expect(replay.status).toBe(201);
    expect(replay.headers.location).toBe('/users/1');
    expect(expectProblem(await request(servers[0]!).post('/users').set('Idempotency-Key', '"one"').send({ name: 'Bob' }), 422).type).toBe(ProblemType.idempotencyKeyReused);
  });

  it("answers 503 while Redis is down, or processes the request with whenStoreFails: 'proceed'", async () => {
    const made: unknown[] = [];
    const [strict, lenient] = [await instance(stores[0]!, made), await instance(stores[1]!, made, 'proceed')];
    await redis.kill();
    expect(expectProblem(await request(strict).post('/users').set('Idempotency-Key', '"two"').send({ name: 'Ada' }), 503).type).toBe(ProblemType.idempotencyUnavailable);
    expect(made).toHaveLength(0);
    expect((await request(lenient).post('/users').set('Idempotency-Key', '"two"').send({ name: 'Ada' })).status).toBe(201);
    expect(made).toHaveLength(1);
  });
});
