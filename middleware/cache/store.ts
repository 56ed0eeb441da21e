import type { SelectingHeaders } from '../../src/caching/vary';

/** A value, or a promise of it: the in-memory store answers synchronously, a shared store may not. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * A response as the cache stored it: plain data, so that a shared store can serialise it.
 * Headers are kept exactly as received (RFC 9111 section 3.1), less the hop-by-hop fields.
 */
export interface StoredResponse {
  /** The response's status code. */
  readonly status: number;
  /** The response's reason phrase, as the origin sent it. */
  readonly statusMessage: string;
  /** Header lines as received, flat: `[name, value, name, value, ...]`, names in their original case. */
  readonly rawHeaders: readonly string[];
  /** The response's content, decoded from any transfer coding. */
  readonly body: Uint8Array;
  /** When the cache forwarded the request that produced it, and when the response arrived (ms since the epoch). */
  readonly requestTime: number;
  /** When the response arrived (ms since the epoch), for its age (RFC 9111 section 4.2.3). */
  readonly responseTime: number;
  /** The selecting header values of the request that produced it, for Vary (RFC 9111 section 4.1). */
  readonly selecting: SelectingHeaders;
  /**
   * The request that produced it carried Authorization: it answers no request once its fields stop
   * allowing that (RFC 9111 section 3.5).
   */
  readonly authorized?: boolean;
  /**
   * The credential fields (`cookie`, `authorization`) the route that answered declared its answer
   * independent of (`independentOf`): it may answer requests that carry them.
   */
  readonly independentOf?: readonly string[];
  /**
   * The surrogate keys it is tagged with (`user:7`, read from its `Surrogate-Key` / `Cache-Tag`
   * fields when it was stored): a purge of one of them removes it, whatever its URI.
   */
  readonly surrogateKeys?: readonly string[];
}

/**
 * Where the cache keeps responses: for each cache key (the absolute target URI), the stored
 * variants, most recent first. Implementations may be asynchronous; the in-memory default is not,
 * which keeps its hits on the fast path.
 */
export interface CacheStore {
  /** The stored variants of `key`, most recent first; `undefined` when there are none. */
  get(key: string): MaybePromise<readonly StoredResponse[] | undefined>;
  /** Replaces the variants of `key`; a store may refuse (or evict) what does not fit its budget. */
  set(key: string, variants: readonly StoredResponse[]): MaybePromise<void>;
  /** Removes every variant of `key` (invalidation); removing a key that is not there does nothing. */
  delete(key: string): MaybePromise<void>;
  /** For a store several processes share: the locks that let one of them fetch a key for all. */
  readonly fetchLocks?: FetchLocks;
  /**
   * Removes every key one of whose variants is tagged with one of `surrogateKeys` (a purge), and
   * answers the keys removed. A store without it cannot be purged by surrogate key: the cache then
   * drops only the URIs a write names.
   */
  purgeKeys?(surrogateKeys: readonly string[]): MaybePromise<readonly string[]>;
}

/** The surrogate keys of the variants of one key, each once: the key is purged by any of them. */
export function surrogateKeysOf(variants: readonly StoredResponse[]): string[] {
  const keys = new Set<string>();
  for (const variant of variants) for (const key of variant.surrogateKeys ?? []) keys.add(key);
  return [...keys];
}

/**
 * Locks on fetching a key, held in a store several processes share, so that concurrent misses on
 * several instances go to one handler (request collapsing across instances). A lock expires by
 * itself: an instance that dies holding it holds up the others only that long.
 */
export interface FetchLocks {
  /**
   * Takes the lock on fetching `key` for `ms` milliseconds: `true` when this process holds it now,
   * `false` when another does, `undefined` when the store cannot tell (it is unavailable).
   */
  acquire(key: string, ms: number): Promise<boolean | undefined>;
  /** Gives back a lock this process holds, once what it fetched is stored; the waiters are woken. */
  release(key: string): Promise<void>;
  /** Resolves when the lock on `key` is given back or expires, or after `ms` milliseconds. */
  released(key: string, ms: number): Promise<void>;
}

/** What one stored response costs besides its bytes: the record, what the cache derives from it, the store's slot. */
const RECORD_BYTES = 1024;
/** What each string of it costs besides its characters: the string itself, and the slots that hold it. */
const STRING_BYTES = 64;

/**
 * The memory a stored response takes, as the budget counts it: its body, its header text, and an
 * estimate of the objects around them (measured on Node 20: a response with four header lines and
 * a 100-byte body took about 1.9 KB of heap, and each further line about 150 bytes). Counting only
 * the text let the default store hold five times its budget in small responses.
 */
export function storedSize(response: StoredResponse): number {
  let size = RECORD_BYTES + response.body.byteLength + response.statusMessage.length;
  for (const line of response.rawHeaders) size += line.length + STRING_BYTES;
  for (const [name, value] of Object.entries(response.selecting)) size += name.length + (value?.length ?? 0) + 2 * STRING_BYTES;
  // Each key twice: in the response, and in the store's index of what it tags.
  for (const key of response.surrogateKeys ?? []) size += 2 * (key.length + STRING_BYTES);
  return size;
}
