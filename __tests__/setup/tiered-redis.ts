import { RedisStore, type RedisStoreOptions, TieredStore } from '../../middleware/cache';
import { type RedisServer, startRedis } from './redis-server';

/** What {@link tieredRedis} answers: the suite's redis-server, and instances' stores on it. */
export interface TieredRedis {
  /** The redis-server of the suite (started in its beforeAll). */
  readonly server: RedisServer;
  /**
   * `count` TieredStores under one prefix of their own, each with its own connections and its own
   * in-memory tier (as separate processes have), available and subscribed; closed after the test.
   */
  stores(count: number, options?: Omit<RedisStoreOptions, 'url' | 'client' | 'prefix'>): Promise<{ stores: TieredStore[]; prefix: string }>;
}

/** Starts a redis-server for the suite (stopped after it), and answers how to make instances' stores on it. */
export function tieredRedis(): TieredRedis {
  let server: RedisServer | undefined;
  const opened: TieredStore[] = [];
  let prefixes = 0;
  beforeAll(async () => {
    server = await startRedis();
  }, 60_000);
  afterEach(async () => {
    for (const store of opened.splice(0)) {
      await store.close();
      await store.redis.close();
    }
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (server === undefined) throw new Error('the redis-server starts in beforeAll');
      return server;
    },
    async stores(count, options = {}) {
      const prefix = `suite${++prefixes}:`;
      const stores = Array.from({ length: count }, () => new TieredStore({ redis: new RedisStore({ log: () => undefined, ...options, url: this.server.url, prefix }) }));
      opened.push(...stores);
      await Promise.all(stores.map((store) => Promise.all([store.ready(), store.redis.whenAvailable()])));
      return { stores, prefix };
    },
  };
}
