import type { Logger } from 'pino';
import { RedisStore, TieredStore } from '../../src/entries/cache';

/** The shared cache's store on Redis, with what the service says of it. */
export interface RedisCacheStore {
  readonly store: TieredStore;
  /** The server, for the start-up line: host and port, never the credentials. */
  readonly server: string;
  /** Stops listening and closes the connections. */
  close(): Promise<void>;
}

/**
 * The service's cache store when `REDIS_URL` is set: a small in-process L1 in front of Redis,
 * shared by every instance and worker, its outages logged as warnings. A TypeError when `url` is
 * not a `redis:` or `rediss:` URL (the start stops with exit 1).
 */
export function redisCacheStore(url: string, logger: Logger): RedisCacheStore {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`REDIS_URL '${url}' is not a URL (redis://host:port)`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new TypeError(`REDIS_URL '${url}' must be a redis: or rediss: URL`);
  const store = new TieredStore({ redis: new RedisStore({ url, log: (message) => logger.warn(message) }) });
  return {
    store,
    server: parsed.host,
    async close() {
      await store.close();
      await store.redis.close();
    },
  };
}
