/**
 * `npm run bench:invalidation`: how soon an invalidation on one instance reaches another
 * instance's L1 through Redis pub/sub (issue 24's target: within 100 ms). Two TieredStores on
 * their own connections to a redis-server started for the run; instance A sets a key that B holds
 * in its L1 and then deletes it; the time from the delete to B's invalidation event (the key out
 * of B's L1) is one sample. Samples are taken one after another, then with `--burst` deletes at
 * once. Prints the median, p99 and maximum in milliseconds.
 *
 *   npm run bench:invalidation -- --samples 2000 --burst 200
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { RedisStore, type StoredResponse, TieredStore } from '../src/entries/cache';
import { startRedis } from '../__tests__/setup/redis-server';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '2000' }, burst: { type: 'string', default: '200' } } });

const response: StoredResponse = {
  status: 200,
  statusMessage: 'OK',
  rawHeaders: ['Cache-Control', 'max-age=600', 'Content-Type', 'application/json'],
  body: Buffer.from('{"id":42}'),
  requestTime: Date.now(),
  responseTime: Date.now(),
  selecting: {},
};

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((x, y) => x - y);
  const within = samples.filter((ms) => ms <= 100).length;
  const f = (ms: number): string => ms.toFixed(2);
  return `| ${label} | ${samples.length} | ${f(quantile(sorted, 0.5))} | ${f(quantile(sorted, 0.99))} | ${f(sorted[sorted.length - 1]!)} | ${within === samples.length ? 'all' : `${within}`} |`;
}

async function main(): Promise<void> {
  const redis = await startRedis();
  const [a, b] = [0, 1].map(() => new TieredStore({ redis: new RedisStore({ url: redis.url }) })) as [TieredStore, TieredStore];
  try {
    await Promise.all([a, b].flatMap((store) => [store.ready(), store.redis.whenAvailable()]));
    const sent = new Map<string, number>();
    const arrived = new Map<string, (ms: number) => void>();
    b.onInvalidated((key) => {
      const start = sent.get(key);
      if (start !== undefined) arrived.get(key)?.(performance.now() - start);
    });
    /** Deletes each key on A (B holding it in its L1) and answers how long each took to reach B. */
    const invalidate = async (keys: readonly string[]): Promise<number[]> => {
      for (const key of keys) {
        await a.set(key, [response]);
        await b.get(key);
      }
      const arrivals = keys.map((key) => new Promise<number>((resolve) => arrived.set(key, resolve)));
      for (const key of keys) {
        sent.set(key, performance.now());
        void a.delete(key);
      }
      const times = await Promise.all(arrivals);
      for (const key of keys) if (b.l1.get(key) !== undefined) throw new Error(`${key} is still in B's L1`);
      return times;
    };
    const sequential: number[] = [];
    for (let i = 0; i < Number(values.samples); i++) sequential.push(...(await invalidate([`http://bench/one/${i}`])));
    const burst = await invalidate(Array.from({ length: Number(values.burst) }, (_, i) => `http://bench/burst/${i}`));
    const version = /v=(\S+)/.exec(execFileSync('redis-server', ['--version']).toString())?.[1];
    console.log(`Invalidation from instance A to instance B's L1 through Redis ${version}, Node ${process.version}`);
    console.log('\n| invalidations | samples | median ms | p99 ms | max ms | within 100 ms |\n|---|---:|---:|---:|---:|---:|');
    console.log(summary('one at a time', sequential));
    console.log(summary(`${burst.length} at once`, burst));
  } finally {
    for (const store of [a, b]) {
      await store.close();
      await store.redis.close();
    }
    await redis.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
