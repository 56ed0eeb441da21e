import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RedisServer, startRedis } from '../setup/redis-server';
import { type ServiceProcess, call, closeConnections, startService } from './service-process';

/**
 * Two instances of the service, each in a process of its own with its shared cache on one Redis
 * (REDIS_URL: an in-memory tier of its own in front of Redis) and one SQLite database, as behind a
 * load balancer: a client that writes through one and reads through the other at once never gets
 * the representation from before its write (RFC 9111 section 4.4).
 */

jest.setTimeout(180_000);

const DATA_DIR = mkdtempSync(join(tmpdir(), 'represent-instances-'));
/** Both instances key their cache under one origin, as behind one name. */
const ORIGIN = 'http://api.example';
let redis: RedisServer;
let instances: ServiceProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
  const env = { CACHE: 'on', REDIS_URL: redis.url, DATA_DIR, ORIGIN };
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

describe('two service processes sharing their cache on one Redis', () => {
  it('answers a GET through B, sent as soon as a PUT through A is answered, with what the PUT wrote: 16 rounds', async () => {
    const [a, b] = instances.map((instance) => instance.url);
    const seen: string[] = [];
    for (let round = 1; round <= 16; round++) {
      // B holds the bookcase in its in-memory tier.
      await call(b!, 'GET', '/bookcase');
      const held = await call(b!, 'GET', '/bookcase');
      expect(held.headers['x-cache']).toBe('HIT');
      const bookcase = JSON.parse(held.body) as Record<string, unknown>;
      const written = await call(a!, 'PUT', '/bookcase', {}, { ...bookcase, name: `Round ${round}` });
      expect(written.status).toBeLessThan(300);
      const next = await call(b!, 'GET', '/bookcase');
      seen.push(`${next.headers['x-cache']} ${(JSON.parse(next.body) as { name?: string }).name}`);
    }
    expect(seen).toEqual(Array.from({ length: 16 }, (_, i) => `MISS Round ${i + 1}`));
  });
});
