import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CacheStatusPrefix } from '../../src/caching/cache-status';
import type { ExchangeOutcomes } from './exchange-outcomes';
import type { Flights } from './flights';
import type { ResponseStorage } from './storage';

export type { CacheStatus } from './exchange-outcomes';

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
  /**
   * This cache's name in Cache-Status (RFC 9211), formatted once, and whether its member gives the
   * key; `undefined`: no Cache-Status.
   */
  readonly cacheStatus: { readonly prefix: CacheStatusPrefix; readonly key: boolean } | undefined;
  /** The clock, in milliseconds since the epoch. */
  readonly now: () => number;
  /** How the cache answered each exchange it saw, for `statusOf`. */
  readonly outcomes: ExchangeOutcomes;
  /** The requests with the handler that others wait for; `undefined` when the cache does not collapse requests. */
  readonly flights: Flights | undefined;
  /** How long a request waits for another's answer (and a shared store's fetch lock lasts), in milliseconds. */
  readonly collapseTimeout: number;
  /**
   * How long the handler has to start its answer when a stale response may answer in its place
   * (stale-if-error), in milliseconds; `undefined`: as long as it takes.
   */
  readonly originTimeout: number | undefined;
}

/** One request the cache handles, and how it goes on to the handler. */
export interface CacheExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** Hands the request on to the handler. */
  readonly next: () => void;
  /** The cache key. */
  readonly key: string;
  /** Makes a request of the cache's own for the same target (a background revalidation); `undefined` when it cannot. */
  readonly background: (() => Background) | undefined;
}

/** A request the cache makes itself, and the response it watches; `run` hands it to the handler. */
export interface Background {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  run(): void;
}
