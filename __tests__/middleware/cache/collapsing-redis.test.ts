import type { AddressInfo } from 'node:net';
import express from 'express';
import { cache } from '../../../middleware/cache';
import { listeningServers } from '../../setup/listening';
import { tieredRedis } from '../../setup/tiered-redis';
import { until } from '../../setup/until';

const listening = listeningServers();
const redis = tieredRedis();
/** These tests are not about timeouts: an operation may take this long on a loaded machine. */
const SLOW_MACHINE = 5_000;
const ORIGIN = 'http://api.example';

/**
 * Two instances of one service, each with its own TieredStore on the one Redis (as two processes
 * have), and one handler whose answers wait for `release()`: its calls are counted across both.
 */
async function twoInstances(cacheControl: string) {
  let arrived = 0;
  let calls = 0;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const urls: string[] = [];
  const { stores } = await redis.stores(2, { timeout: SLOW_MACHINE });
  for (const store of stores) {
    const app = express();
    app.use((_req, _res, next) => {
      arrived++;
      next();
    });
    app.use(cache({ store, origin: ORIGIN, collapseTimeout: 30_000 }));
    app.get('/burst', async (_req, res) => {
      const call = ++calls;
      await released;
      res.set('Cache-Control', cacheControl).send(`answer ${call}`);
    });
    const { port } = (await listening(app)).address() as AddressInfo;
    urls.push(`http://127.0.0.1:${port}/burst`);
  }
  return { urls, release, arrived: () => arrived, calls: () => calls };
}

describe('cache() on a TieredStore: request collapsing across instances', () => {
  it('sends 100 concurrent misses, alternating between two instances, to the handler once', async () => {
    const service = await twoInstances('max-age=60');
    const answers = Promise.all(
      Array.from({ length: 100 }, (_, i) => fetch(service.urls[0]!).then(async (r) => ({ status: r.status, body: await r.text(), cacheStatus: r.headers.get('cache-status') }))),
    );
    await until(() => service.arrived() === 100 && service.calls() === 1, 60_000, () => `${service.arrived()} requests arrived, ${service.calls()} handler calls`);
    service.release();
    const all = await answers;
    expect(service.calls()).toBe(1);
    expect(all.filter((a) => a.status !== 200 || a.body !== 'answer 1')).toEqual([]);
    expect(all.filter((a) => a.cacheStatus?.includes('stored'))).toHaveLength(1);
  }, 120_000);

  it('lets the waiters of both instances go on by themselves when the answer is not storable', async () => {
    const service = await twoInstances('no-store');
    const answers = Promise.all(Array.from({ length: 10 }, (_, i) => fetch(service.urls[0]!).then((r) => r.text())));
    await until(() => service.arrived() === 10 && service.calls() === 1, 60_000, () => `${service.arrived()} requests arrived, ${service.calls()} handler calls`);
    service.release();
    expect(new Set(await answers).size).toBe(10);
    expect(service.calls()).toBe(10);
  }, 120_000);
});
