import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RedisServer, startRedis } from '../setup/redis-server';
import { type ServiceProcess, call, closeConnections, startService } from './service-process';

/**
 * POST /users with an Idempotency-Key on two service processes sharing one SQLite file and one
 * Redis (REDIS_URL, where the keys are claimed), as behind a load balancer: a retry through either
 * is processed once.
 */

jest.setTimeout(180_000);

const DATA_DIR = mkdtempSync(join(tmpdir(), 'represent-idempotency-'));
let redis: RedisServer;
let instances: ServiceProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
  const env = { CACHE: 'off', REDIS_URL: redis.url, DATA_DIR };
  // One first: it creates and seeds the database the other opens.
  instances = [await startService(env)];
  instances.push(await startService(env));
}, 180_000);

afterAll(async () => {
  closeConnections();
  for (const instance of instances) instance.child.kill('SIGTERM');
  await Promise.all(instances.map((instance) => instance.exit));
  await redis?.stop();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

async function named(base: string, name: string): Promise<unknown[]> {
  const found = await call(base, 'GET', `/users/search?name=${encodeURIComponent(name)}`);
  return JSON.parse(found.body) as unknown[];
}

describe('POST /users on two instances sharing one Redis', () => {
  it('creates one user for ten concurrent requests with one key: every answer is the 201 or a 409', async () => {
    const [a, b] = instances.map((instance) => instance.url);
    const user = { name: 'Idem Potent', email: 'idem@example.com', role: 'viewer' };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 === 0 ? a! : b!, 'POST', '/users', { 'Idempotency-Key': '"ten-at-once"' }, user)));
    expect(answers.map((answer) => answer.status).filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(await named(a!, 'Idem Potent')).toHaveLength(1);
    // Once answered, a retry through either instance is replayed the one 201.
    const created = answers.find((answer) => answer.status === 201)!;
    for (const base of [a!, b!]) {
      const retry = await call(base, 'POST', '/users', { 'Idempotency-Key': '"ten-at-once"' }, user);
      expect(retry.status).toBe(201);
      expect(retry.headers.location).toBe(created.headers.location);
      expect(retry.body).toBe(created.body);
    }
    expect(await named(b!, 'Idem Potent')).toHaveLength(1);
  });

  it('answers 422 to the key reused with another body, creating nothing', async () => {
    const [a, b] = instances.map((instance) => instance.url);
    const first = await call(a!, 'POST', '/users', { 'Idempotency-Key': '"reused"' }, { name: 'First Body', email: 'first@example.com', role: 'viewer' });
    expect(first.status).toBe(201);
    const reused = await call(b!, 'POST', '/users', { 'Idempotency-Key': '"reused"' }, { name: 'Second Body', email: 'second@example.com', role: 'viewer' });
    expect(reused.status).toBe(422);
    expect(reused.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(reused.body)).toMatchObject({ status: 422, type: 'urn:represent:problem:idempotency-key-reused' });
    expect(await named(a!, 'Second Body')).toHaveLength(0);
  });

  it('creates a user for every POST without a key', async () => {
    const [a, b] = instances.map((instance) => instance.url);
    const user = { name: 'No Key', email: 'nokey@example.com', role: 'viewer' };
    for (const base of [a!, b!, a!]) expect((await call(base, 'POST', '/users', {}, user)).status).toBe(201);
    expect(await named(a!, 'No Key')).toHaveLength(3);
  });
});
