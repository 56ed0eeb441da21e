import { type CacheStore, type StoredResponse, storedSize } from './store';

/** Options of {@link MemoryStore}. */
export interface MemoryStoreOptions {
  /** The byte budget of all stored responses together; 64 MiB by default. */
  readonly maxBytes?: number;
}

interface Slot {
  readonly variants: readonly StoredResponse[];
  readonly size: number;
}

/**
 * The default store: a Map in this process, bounded by a byte budget. A Map iterates in insertion
 * order, so re-inserting a key on every read keeps it in least-recently-used order, and the
 * first keys are the ones to evict.
 */
export class MemoryStore implements CacheStore {
  /** The byte budget: storing past it evicts the least recently used responses first. */
  readonly maxBytes: number;
  #slots = new Map<string, Slot>();
  #bytes = 0;

  constructor(options: MemoryStoreOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  /** The bytes currently held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The number of keys currently held. */
  get size(): number {
    return this.#slots.size;
  }

  /** The variants of `key`, which become the most recently used. */
  get(key: string): readonly StoredResponse[] | undefined {
    const slot = this.#slots.get(key);
    if (slot === undefined) return undefined;
    this.#slots.delete(key);
    this.#slots.set(key, slot);
    return slot.variants;
  }

  /**
   * Replaces the variants of `key`, then evicts the least recently used keys until the store is
   * within `maxBytes`; variants larger than the whole budget are not kept.
   */
  set(key: string, variants: readonly StoredResponse[]): void {
    this.delete(key);
    const size = variants.reduce((sum, variant) => sum + storedSize(variant), key.length);
    if (variants.length === 0 || size > this.maxBytes) return;
    this.#slots.set(key, { variants, size });
    this.#bytes += size;
    for (const [oldest, slot] of this.#slots) {
      if (this.#bytes <= this.maxBytes) break;
      this.#slots.delete(oldest);
      this.#bytes -= slot.size;
    }
  }

  /** Removes the variants of `key` and gives their bytes back to the budget. */
  delete(key: string): void {
    const slot = this.#slots.get(key);
    if (slot === undefined) return;
    this.#slots.delete(key);
    this.#bytes -= slot.size;
  }

  /** Forgets everything. */
  clear(): void {
    this.#slots.clear();
    this.#bytes = 0;
  }
}
