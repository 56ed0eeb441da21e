import type { AddressInfo } from 'node:net';
import express from 'express';
import { type CacheStore, type TieredStore, cache } from '../../../middleware/cache';
import { listeningServers } from '../../setup/listening';
import { tieredRedis } from '../../setup/tiered-redis';
import { until } from '../../setup/until';

/**
 * Two instances of one service, each cache() on its own TieredStore (its own in-memory tier, its
 * own connections) over one real Redis: what a write through one changes is applied to the store
 * before its answer completes, so that the client's next request, through the other, sees it
 * (RFC 9111 section 4.4). The store's work is delayed by a hook, which makes the race certain.
 */

const listening = listeningServers();
const redis = tieredRedis();
const ORIGIN = 'http://api.example';
/** How long the hook holds the store's work back: the answer must wait for it. */
const DELAY = 50;

async function tieredStores(count: number): Promise<TieredStore[]> {
  return (await redis.stores(count, { timeout: 5_000 })).stores;
}

const later = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, DELAY));

/** `store`, its writes and removals started only after {@link DELAY}, noting when each is applied. */
function delayed(store: TieredStore, applied: string[]): CacheStore {
  return {
    get: (key) => store.get(key),
    set: (key, variants) => later().then(() => store.set(key, variants)).then(() => void applied.push(`set ${key}`)),
    delete: (key) => later().then(() => store.delete(key)).then(() => void applied.push(`delete ${key}`)),
    purgeKeys: (keys) => later().then(() => store.purgeKeys(keys)),
    fetchLocks: {
      acquire: (key, ms) => store.fetchLocks.acquire(key, ms),
      release: (key) => {
        applied.push(`release ${key}`);
        return store.fetchLocks.release(key);
      },
      released: (key, ms) => store.fetchLocks.released(key, ms),
    },
  };
}

const url = (app: express.Express): Promise<string> =>
  listening(app).then((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/doc`);

describe('two instances, cache() on TieredStores over one Redis', () => {
  it('completes a write through A, its body streamed under Content-Length, only once its invalidation is applied: B never answers the old document', async () => {
    const [storeA, storeB] = await tieredStores(2);
    const applied: string[] = [];
    let document = { version: 0 };
    const instance = (store: CacheStore): express.Express => {
      const app = express();
      app.use(cache({ store, origin: ORIGIN, statusHeader: 'X-Cache' }));
      app.get('/doc', (_req, res) => void res.set('Cache-Control', 'max-age=600').json(document));
      app.put('/doc', express.json(), (req, res) => {
        document = req.body as { version: number };
        const body = Buffer.from(JSON.stringify(document));
        // Streamed: the last write completes the body for the client, before end() is called.
        res.status(200).set({ 'Content-Type': 'application/json', 'Content-Length': String(body.byteLength) });
        res.write(body.subarray(0, 5));
        res.write(body.subarray(5));
        setImmediate(() => res.end());
      });
      return app;
    };
    const a = await url(instance(delayed(storeA!, applied)));
    const b = await url(instance(storeB!));

    for (let version = 1; version <= 5; version++) {
      // B holds the current document in its in-memory tier.
      const read = await fetch(b);
      expect(await read.json()).toEqual({ version: version - 1 });
      await fetch(b);
      expect(storeB!.l1.get(`${ORIGIN}/doc`)).toBeDefined();

      const write = await fetch(a, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ version }) });
      expect(await write.json()).toEqual({ version });
      // The client has the write's answer: the store has applied the invalidation.
      expect(applied).toContain(`delete ${ORIGIN}/doc`);
      applied.length = 0;
      const next = await fetch(b);
      expect({ cache: next.headers.get('x-cache'), body: await next.json() }).toEqual({ cache: 'MISS', body: { version } });
    }
  }, 60_000);

  it('writes a response freshened by a 304 to the store before it gives the fetch lock back', async () => {
    const [storeA] = await tieredStores(1);
    const applied: string[] = [];
    let clock = Date.now();
    let validations = 0;
    const app = express();
    app.use(cache({ store: delayed(storeA!, applied), origin: ORIGIN, statusHeader: 'X-Cache', now: () => clock }));
    app.get('/doc', (req, res) => {
      res.set({ 'Cache-Control': 'max-age=10', ETag: '"v1"' });
      if (req.headers['if-none-match'] === '"v1"') {
        validations++;
        res.status(304).end();
      } else {
        res.send('document');
      }
    });
    const a = await url(app);
    expect((await fetch(a)).status).toBe(200);
    await until(() => applied.includes(`set ${ORIGIN}/doc`), 10_000, () => applied.join(', '));
    applied.length = 0;
    clock += 20_000;
    const revalidated = await fetch(a);
    expect(revalidated.headers.get('x-cache')).toBe('REVALIDATED');
    expect(await revalidated.text()).toBe('document');
    expect(validations).toBe(1);
    await until(() => applied.includes(`release ${ORIGIN}/doc`), 10_000, () => applied.join(', '));
    expect(applied).toEqual([`set ${ORIGIN}/doc`, `release ${ORIGIN}/doc`]);
  }, 60_000);
});
