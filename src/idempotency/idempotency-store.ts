/** A response as an idempotent route replays it: status, header lines and body. */
export interface RecordedAnswer {
  /** The status code the first request was answered with. */
  readonly status: number;
  /** Header lines, flat: `[name, value, name, value, ...]`. */
  readonly headers: readonly string[];
  /** The body's bytes, as sent. */
  readonly body: Uint8Array;
}

/** What is stored under an idempotency key: the request's fingerprint, and its answer once there is one. */
export interface IdempotencyRecord {
  /** What identifies the request's content (method, target, body): a retry carries the same. */
  readonly fingerprint: string;
  /** The first answer, replayed to retries; absent while the first request is being processed. */
  readonly answer?: RecordedAnswer;
}

/**
 * Where an idempotent route keeps its keys (draft-ietf-httpapi-idempotency-key-header section
 * 2.6): shared by every instance of a service (Redis), or one process's (memory). `claim` is atomic:
 * of two instances claiming one key at once, one gets it.
 */
export interface IdempotencyStore {
  /**
   * Takes `key` for a request being processed, for `ms` milliseconds: `undefined` when it was
   * free and is now this request's, else the record stored under it (another request holds it, or
   * answered it). Rejects when the store cannot be reached.
   */
  claim(key: string, record: IdempotencyRecord, ms: number): Promise<IdempotencyRecord | undefined>;
  /** Stores the answer of the request that claimed `key`, kept `ms` milliseconds. */
  complete(key: string, record: IdempotencyRecord, ms: number): Promise<void>;
  /** Gives `key` back: the request failed before it answered, and a retry may try again. */
  release(key: string): Promise<void>;
}

/** Options of {@link MemoryIdempotencyStore}. */
export interface MemoryIdempotencyStoreOptions {
  /** The most keys held at once; past it, the key that expires first goes. Default 10 000. */
  readonly maxKeys?: number;
  /** The clock, in milliseconds since the epoch. */
  readonly now?: () => number;
}

/**
 * An {@link IdempotencyStore} in this process: for one instance, and for tests. Keys expire when
 * their time passes; at most `maxKeys` are held, so that clients sending new keys cannot grow it
 * without bound.
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #records = new Map<string, { record: IdempotencyRecord; expires: number }>();
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: MemoryIdempotencyStoreOptions = {}) {
    const maxKeys = options.maxKeys ?? 10_000;
    if (!(Number.isInteger(maxKeys) && maxKeys >= 1)) throw new RangeError(`maxKeys is a whole number >= 1, not ${maxKeys}`);
    this.#maxKeys = maxKeys;
    this.#now = options.now ?? Date.now;
  }

  /** How many keys it holds, expired ones not yet dropped included. */
  get size(): number {
    return this.#records.size;
  }

  async claim(key: string, record: IdempotencyRecord, ms: number): Promise<IdempotencyRecord | undefined> {
    const held = this.#live(key);
    if (held !== undefined) return held;
    this.#set(key, record, ms);
    return undefined;
  }

  async complete(key: string, record: IdempotencyRecord, ms: number): Promise<void> {
    this.#set(key, record, ms);
  }

  async release(key: string): Promise<void> {
    this.#records.delete(key);
  }

  #live(key: string): IdempotencyRecord | undefined {
    const held = this.#records.get(key);
    if (held === undefined) return undefined;
    if (held.expires > this.#now()) return held.record;
    this.#records.delete(key);
    return undefined;
  }

  #set(key: string, record: IdempotencyRecord, ms: number): void {
    this.#records.delete(key);
    if (this.#records.size >= this.#maxKeys) this.#evict();
    this.#records.set(key, { record, expires: this.#now() + ms });
  }

  /** Drops the expired keys, or else the one that expires first. */
  #evict(): void {
    const now = this.#now();
    let first: [string, number] | undefined;
    for (const [key, { expires }] of this.#records) {
      if (expires <= now) this.#records.delete(key);
      else if (first === undefined || expires < first[1]) first = [key, expires];
    }
    if (this.#records.size >= this.#maxKeys && first !== undefined) this.#records.delete(first[0]);
  }
}
