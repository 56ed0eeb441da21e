import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CacheMessage, cacheChannel } from '../../src/diagnostics/channels';

/** How the cache answered a request, as the optional status header says it. */
export type CacheStatus = 'HIT' | 'MISS' | 'REVALIDATED' | 'STALE';

/** A response with the outcomes marked on it, under each cache's own symbol. */
type Marked = ServerResponse & Record<symbol, CacheStatus | undefined>;

/**
 * How one cache answered each exchange it saw, for `statusOf` (a request log's field). Kept on the
 * response itself, under a symbol of this cache's own, rather than in a WeakMap: a hit adds a
 * property, with nothing hashed or kept aside per request, and another cache's outcome is its own.
 */
export class ExchangeOutcomes {
  readonly #mark = Symbol('represent.cache.outcome');

  /**
   * Records how the cache answered the exchange `res` belongs to, and publishes it on
   * `represent:cache` with the Cache-Status member it sends (`cacheStatus`), when someone listens.
   */
  set(req: IncomingMessage, res: ServerResponse, status: CacheStatus, cacheStatus: string | undefined): void {
    (res as Marked)[this.#mark] = status;
    if (cacheChannel.hasSubscribers) cacheChannel.publish({ request: req, response: res, outcome: status, cacheStatus } satisfies CacheMessage);
  }

  /** How the cache answered the exchange `res` belongs to; `undefined` when it did not (yet). */
  get(res: ServerResponse): CacheStatus | undefined {
    return (res as Marked)[this.#mark];
  }
}
