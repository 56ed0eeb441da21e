import type { ServerResponse } from 'node:http';
import type { ResponseStorage } from './storage';

/** How the cache answered a request, as the optional status header says it. */
export type CacheStatus = 'HIT' | 'MISS' | 'REVALIDATED' | 'STALE';

/**
 * What the steps of one cache share (lookup, forwarding and revalidation, storage, the answer from
 * a stored response): its settings, worked out once when the cache is made, and its state.
 */
export interface CacheContext {
  readonly storage: ResponseStorage;
  /** Responses with a larger body are not stored. */
  readonly maxEntryBytes: number;
  /** The response header that says how the cache answered, if any. */
  readonly statusHeader: string | undefined;
  /** The clock, in milliseconds since the epoch. */
  readonly now: () => number;
  /** How the cache answered each exchange it saw, for `statusOf`. */
  readonly outcomes: WeakMap<ServerResponse, CacheStatus>;
}
