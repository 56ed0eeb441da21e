import type { CacheStore } from '../../middleware/cache';

/** A cache store wrapped so that a test can wait for the writes it was given. */
export interface TrackedStore extends CacheStore {
  /** Resolves once every read and write given so far, and the writes they led to, are done. */
  settled(): Promise<void>;
}

/**
 * Wraps `store` to track its asynchronous work: the cache stores after it answers, reading the key
 * first, so a test waits for the read and then for the write it leads to (a read's `then` runs
 * before the test's, and adds the write).
 */
export function tracked(store: CacheStore): TrackedStore {
  const pending: Promise<unknown>[] = [];
  const track = <T>(work: T | Promise<T>): T | Promise<T> => {
    if (work instanceof Promise) pending.push(work);
    return work;
  };
  return {
    get: (key) => track(store.get(key)),
    set: (key, variants) => track(store.set(key, variants)),
    delete: (key) => track(store.delete(key)),
    ...(store.purgeKeys !== undefined && { purgeKeys: (keys: readonly string[]) => track(store.purgeKeys!(keys)) }),
    async settled() {
      while (pending.length > 0) await Promise.all(pending.splice(0));
    },
  };
}
