import { type CacheStore, type StoredResponse, storedSize, surrogateKeysOf } from './store';

/** Options of {@link MemoryStore}. */
export interface MemoryStoreOptions {
  /** The byte budget of all stored responses together; 64 MiB by default. */
  readonly maxBytes?: number;
}

interface Slot {
  readonly variants: readonly StoredResponse[];
  readonly size: number;
  /** The surrogate keys of its variants, under which the index lists it. */
  readonly tags: readonly string[];
}

/**
 * The default store: a Map in this process, bounded by a byte budget. A Map iterates in insertion
 * order, so re-inserting a key on every read keeps it in least-recently-used order, and the
 * first keys are the ones to evict.
 *
 * Each key is also listed under the surrogate keys its variants are tagged with, for
 * {@link MemoryStore.purgeKeys}; a key that is evicted, removed or replaced leaves those lists at
 * once, so the index never holds more than the store does.
 */
export class MemoryStore implements CacheStore {
  /** The byte budget: storing past it evicts the least recently used responses first. */
  readonly maxBytes: number;
  #slots = new Map<string, Slot>();
  /** The keys tagged with each surrogate key. */
  #tagged = new Map<string, Set<string>>();
  #bytes = 0;
  /** The most recently used key, the Map's last: reading it again leaves the order as it is. */
  #newest: string | undefined;

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
    // A key read over and over (a hot response) is last already: no delete and insert per hit.
    if (key !== this.#newest) {
      this.#slots.delete(key);
      this.#slots.set(key, slot);
      this.#newest = key;
    }
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
    const tags = surrogateKeysOf(variants);
    this.#slots.set(key, { variants, size, tags });
    this.#newest = key;
    this.#bytes += size;
    for (const tag of tags) {
      const keys = this.#tagged.get(tag) ?? new Set<string>();
      keys.add(key);
      this.#tagged.set(tag, keys);
    }
    for (const oldest of this.#slots.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Removes the variants of `key`, gives their bytes back to the budget, and takes it out of the index. */
  delete(key: string): void {
    const slot = this.#slots.get(key);
    if (slot === undefined) return;
    this.#slots.delete(key);
    if (key === this.#newest) this.#newest = undefined;
    this.#bytes -= slot.size;
    for (const tag of slot.tags) {
      const keys = this.#tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#tagged.delete(tag);
    }
  }

  /** Removes every key tagged with one of `surrogateKeys`; answers the keys removed. */
  purgeKeys(surrogateKeys: readonly string[]): string[] {
    const removed = new Set<string>();
    for (const tag of surrogateKeys) for (const key of this.#tagged.get(tag) ?? []) removed.add(key);
    for (const key of removed) this.delete(key);
    return [...removed];
  }

  /** Forgets everything. */
  clear(): void {
    this.#slots.clear();
    this.#newest = undefined;
    this.#tagged.clear();
    this.#bytes = 0;
  }
}
