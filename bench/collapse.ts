/**
 * `npm run bench:collapse`: request collapsing under a burst (issue 24). Bursts of `--burst`
 * concurrent GETs for one key not yet stored, `--bursts` times (a new key each), against:
 * one instance (the default MemoryStore), two instances on one Redis (TieredStores, requests
 * alternating), and the same without collapsing. The handler takes `--delay` ms (a database read)
 * and counts its calls. Prints requests per handler call (the collapse ratio) and the p50/p99 of
 * the burst's answers in milliseconds.
 *
 *   npm run bench:collapse -- --burst 100 --bursts 20 --delay 20
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import express from 'express';
import { RedisStore, TieredStore, cache } from '../src/entries/cache';
import { startRedis } from '../__tests__/setup/redis-server';

const { values } = parseArgs({ options: { burst: { type: 'string', default: '100' }, bursts: { type: 'string', default: '20' }, delay: { type: 'string', default: '20' } } });
const BURST = Number(values.burst);
const BURSTS = Number(values.bursts);
const DELAY = Number(values.delay);

interface Setup {
  readonly label: string;
  readonly urls: string[];
  calls(): number;
  close(): Promise<void>;
}

/** `count` instances of one app, each with the cache `options` give it, sharing one handler count. */
async function instances(label: string, count: number, options: (i: number) => Parameters<typeof cache>[0]): Promise<Setup> {
  let calls = 0;
  const servers: http.Server[] = [];
  for (let i = 0; i < count; i++) {
    const app = express();
    app.use(cache({ origin: 'http://bench.example', ...options(i) }));
    app.get('/item/:n', async (req, res) => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, DELAY));
      res.set('Cache-Control', 'max-age=600').json({ n: req.params.n });
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  return {
    label,
    urls: servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    calls: () => calls,
    close: async () => {
      for (const server of servers) server.close();
    },
  };
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function measure(setup: Setup, run: number): Promise<string> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: BURST });
  const get = (url: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http.get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      }).on('error', reject);
    });
  const times: number[] = [];
  for (let b = 0; b < BURSTS; b++) {
    const key = `/item/${run}-${b}`;
    times.push(...(await Promise.all(Array.from({ length: BURST }, (_, i) => get(setup.urls[i % setup.urls.length] + key)))));
  }
  agent.destroy();
  const sorted = times.sort((x, y) => x - y);
  const requests = BURST * BURSTS;
  return `| ${setup.label} | ${requests} | ${setup.calls()} | ${(requests / setup.calls()).toFixed(1)} | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} |`;
}

async function main(): Promise<void> {
  const redis = await startRedis();
  const stores: TieredStore[] = [];
  const tiered = (prefix: string) => () => {
    const store = new TieredStore({ redis: new RedisStore({ url: redis.url, prefix, log: () => undefined, timeout: 2000 }) });
    stores.push(store);
    return { store };
  };
  const rows: string[] = [];
  try {
    const setups: Array<() => Promise<Setup>> = [
      () => instances('one instance, MemoryStore', 1, () => ({})),
      () => instances('one instance, MemoryStore, collapse: false', 1, () => ({ collapse: false })),
      () => instances('two instances on one Redis (TieredStore), alternating', 2, tiered('bench-collapse-a:')),
      () => instances('two instances on one Redis, collapse: false', 2, () => ({ ...tiered('bench-collapse-b:')(), collapse: false })),
    ];
    let run = 0;
    for (const make of setups) {
      const setup = await make();
      await Promise.all(stores.map((store) => Promise.all([store.ready(), store.redis.whenAvailable()])));
      rows.push(await measure(setup, run++));
      await setup.close();
    }
  } finally {
    for (const store of stores) await Promise.all([store.close(), store.redis.close()]);
    await redis.stop();
  }
  console.log(`bursts of ${BURST} concurrent misses on one new key, ${BURSTS} bursts, handler ${DELAY} ms, node ${process.version}\n`);
  console.log('| set-up | requests | handler calls | requests per call | p50 ms | p99 ms |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
