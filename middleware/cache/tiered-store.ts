import { randomUUID } from 'node:crypto';
import { MemoryStore } from './memory-store';
import type { RedisClient, RedisStore } from './redis-store';
import type { CacheStore, FetchLocks, MaybePromise, StoredResponse } from './store';

/** Options of {@link TieredStore}. */
export interface TieredStoreOptions {
  /** The shared tier, which every instance's TieredStore uses. */
  readonly redis: RedisStore;
  /** The byte budget of this process's tier (the L1): 8 MiB by default. */
  readonly maxBytes?: number;
}

/** What a purge's announcement starts with, after the instance's id: no cache key (an absolute URI) does. */
const PURGE_MARK = '#purge ';

/** Reads of the shared tier in flight for one key, and whether the key changed meanwhile. */
interface Reading {
  count: number;
  invalidated: boolean;
}

/**
 * Two tiers: a small {@link MemoryStore} in this process (the L1, answered synchronously, as fast
 * as the default store) in front of a {@link RedisStore} that every instance shares. A miss in
 * the L1 reads Redis, and keeps what it finds in the L1.
 *
 * The L1s stay coherent through Redis pub/sub: each write or removal of a key (the RFC 9111
 * section 4.4 invalidation after an unsafe method, a purge, a new response) is announced on the
 * store's channel, and every other instance removes the key from its L1 when the announcement
 * arrives (a millisecond or so later on one network; the next read takes the key from Redis). A
 * read of Redis that an announcement overtakes does not fill the L1 with what it read. A purge by
 * surrogate keys is announced once, with its keys: every other instance purges its L1 by them (and
 * no read of Redis under way then fills its L1).
 *
 * While Redis is unavailable the L1 goes on answering what it holds, and invalidations stay in
 * this process (they are carried out in Redis when it is back). Announcements made meanwhile may
 * have been lost, so when Redis, or the subscription, is back, every instance empties its L1.
 */
export class TieredStore implements CacheStore {
  /** This process's tier. */
  readonly l1: MemoryStore;
  /** The shared tier. */
  readonly redis: RedisStore;
  /** Names this instance in its announcements, so that it does not act on its own. */
  readonly id = randomUUID();
  readonly #readings = new Map<string, Reading>();
  readonly #subscriber: RedisClient;
  readonly #subscribed: Promise<void>;
  readonly #listeners = new Set<(key: string) => void>();
  readonly #stopAvailable: () => void;
  #lostMessages = false;

  constructor(options: TieredStoreOptions) {
    this.redis = options.redis;
    this.l1 = new MemoryStore({ maxBytes: options.maxBytes ?? 8 * 1024 * 1024 });
    this.#stopAvailable = this.redis.onAvailable(() => this.l1.clear());
    this.#subscriber = this.redis.client.duplicate();
    // Errors are the RedisStore's to log; a subscriber that lost its connection may have lost
    // announcements: once it is back (node-redis subscribes again), the L1 is emptied.
    this.#subscriber.on('error', this.#onSubscriberLost);
    this.#subscriber.on('end', this.#onSubscriberLost);
    this.#subscriber.on('ready', this.#onSubscriberReady);
    this.#subscribed = this.#subscriber.connect().then(() => this.#subscriber.subscribe(this.redis.channel, this.#onAnnouncement));
    this.#subscribed.catch(() => undefined);
  }

  /** Resolves once this instance receives announcements (a rejection when it could not subscribe). */
  ready(): Promise<void> {
    return this.#subscribed;
  }

  /**
   * Calls `listener` with each key another instance announced, once it is out of this L1; answers
   * a function that stops it (for measuring how soon an invalidation arrives).
   */
  onInvalidated(listener: (key: string) => void): () => void {
    // A function of its own, so that the same listener added twice is removed once per call.
    const own = (key: string): void => listener(key);
    this.#listeners.add(own);
    return () => this.#listeners.delete(own);
  }

  /** From the L1 when it holds the key (synchronously), from Redis otherwise. */
  get(key: string): MaybePromise<readonly StoredResponse[] | undefined> {
    const local = this.l1.get(key);
    if (local !== undefined) return local;
    const reading = this.#readings.get(key) ?? { count: 0, invalidated: false };
    reading.count++;
    this.#readings.set(key, reading);
    return this.redis.get(key).then((variants) => {
      if (--reading.count === 0) this.#readings.delete(key);
      if (variants !== undefined && !reading.invalidated) this.l1.set(key, variants);
      return variants;
    });
  }

  /** Stores in both tiers, and announces it: the other instances drop their L1 copy. */
  set(key: string, variants: readonly StoredResponse[]): Promise<void> {
    this.#changed(key);
    this.l1.set(key, variants);
    return this.redis.write(key, variants, this.#announcement(key));
  }

  /** Removes from both tiers, and announces it: the other instances drop their L1 copy. */
  delete(key: string): Promise<void> {
    this.#changed(key);
    this.l1.delete(key);
    return this.redis.remove(key, this.#announcement(key));
  }

  /**
   * Removes every key tagged with one of `surrogateKeys` from both tiers, and announces it: the
   * other instances purge their L1 by the same keys. Answers the keys removed.
   */
  async purgeKeys(surrogateKeys: readonly string[]): Promise<readonly string[]> {
    if (surrogateKeys.length === 0) return [];
    const local = this.#purgeL1(surrogateKeys);
    const shared = await this.redis.purge(surrogateKeys, `${this.id} ${PURGE_MARK}${surrogateKeys.join(' ')}`);
    return [...new Set([...local, ...shared])];
  }

  /**
   * The shared tier's fetch locks; a process waiting for another's lock is woken by the
   * announcement of the key's new value, or of the lock given back, not only when it looks.
   */
  readonly fetchLocks: FetchLocks = {
    acquire: (key, ms) => this.redis.acquireFetch(key, ms),
    release: (key) => this.redis.releaseFetch(key, this.#announcement(key)),
    released: (key, ms) =>
      this.redis.fetchReleased(key, ms, (wake) => {
        const stop = this.onInvalidated((changed) => changed === key && wake());
        setTimeout(stop, ms).unref();
      }),
  };

  /** Stops listening for announcements (the RedisStore is closed on its own). */
  async close(): Promise<void> {
    this.#stopAvailable();
    this.#subscriber.off('error', this.#onSubscriberLost);
    this.#subscriber.off('end', this.#onSubscriberLost);
    this.#subscriber.off('ready', this.#onSubscriberReady);
    this.#subscriber.on('error', () => undefined);
    this.#subscriber.destroy();
  }

  #announcement(key: string): string {
    return `${this.id} ${key}`;
  }

  /** A read of Redis in flight for `key` may have read the value before this change: it does not fill the L1. */
  #changed(key: string): void {
    const reading = this.#readings.get(key);
    if (reading !== undefined) reading.invalidated = true;
  }

  /**
   * Purges the L1 by surrogate keys. Which keys a read of Redis under way will turn out to be
   * tagged with is not known yet: none of them fills the L1.
   */
  #purgeL1(surrogateKeys: readonly string[]): string[] {
    for (const reading of this.#readings.values()) reading.invalidated = true;
    return this.l1.purgeKeys(surrogateKeys);
  }

  readonly #onAnnouncement = (message: string): void => {
    const space = message.indexOf(' ');
    if (space === -1 || message.slice(0, space) === this.id) return;
    const rest = message.slice(space + 1);
    const keys = rest.startsWith(PURGE_MARK) ? this.#purgeL1(rest.slice(PURGE_MARK.length).split(' ')) : [rest];
    for (const key of keys) {
      this.#changed(key);
      this.l1.delete(key);
      for (const listener of [...this.#listeners]) listener(key);
    }
  };

  readonly #onSubscriberLost = (): void => {
    this.#lostMessages = true;
  };

  readonly #onSubscriberReady = (): void => {
    if (!this.#lostMessages) return;
    this.#lostMessages = false;
    this.l1.clear();
  };
}
