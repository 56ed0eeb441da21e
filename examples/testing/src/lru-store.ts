import type { CacheStore, StoredResponse } from 'express-represent/cache';

/** Options of {@link LruStore}. */
export interface LruStoreOptions {
  /** The most URIs kept; the least recently used goes first. */
  readonly maxEntries: number;
}

/**
 * A cache store that keeps at most `maxEntries` URIs and evicts the least recently used one: a
 * budget by count, where the built-in MemoryStore budgets bytes. A Map iterates in insertion
 * order, so moving a key to the end on each use keeps the least recently used first.
 */
export class LruStore implements CacheStore {
  readonly #entries = new Map<string, readonly StoredResponse[]>();
  readonly #maxEntries: number;

  constructor({ maxEntries }: LruStoreOptions) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`);
    this.#maxEntries = maxEntries;
  }

  /** How many URIs the store holds. */
  get size(): number {
    return this.#entries.size;
  }

  get(key: string): readonly StoredResponse[] | undefined {
    const variants = this.#entries.get(key);
    if (variants !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, variants);
    }
    return variants;
  }

  set(key: string, variants: readonly StoredResponse[]): void {
    this.#entries.delete(key);
    this.#entries.set(key, variants);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}
