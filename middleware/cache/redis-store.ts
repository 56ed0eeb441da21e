import { randomUUID } from 'node:crypto';
import { currentAge } from '../../src/caching/age';
import type { HeaderMap } from '../../src/caching/header-map';
import { retentionSeconds } from '../../src/caching/retention';
import { effectiveCacheHeaders } from '../../src/caching/targeted-cache-control';
import { type CacheStore, type FetchLocks, type StoredResponse, surrogateKeysOf } from './store';
import { describeResponse } from './stored-response';
import { decodeVariants, encodeVariants } from './variant-codec';

/**
 * The part of a node-redis client (the `redis` package, 5 or later) the store uses. Any client
 * `createClient()` returns fits it; the store never imports `redis` unless it creates the client
 * from a URL, so the library loads without it.
 */
export interface RedisClient {
  /** Sends one command; node-redis pipelines the commands of one client on its connection, in order. */
  sendCommand<T = unknown>(args: readonly (string | Buffer)[], options?: RedisCommandOptions): Promise<T>;
  /** A new client with the same options, not yet connected: the subscriber connection. */
  duplicate(): RedisClient;
  /** Connects; node-redis then reconnects by itself after a connection is lost. */
  connect(): Promise<unknown>;
  /** Closes the connection at once, failing the commands in flight. */
  destroy(): void;
  /** Listens on a pub/sub channel; the client is a subscriber from then on. */
  subscribe(channel: string, listener: (message: string, channel: string) => void): Promise<void>;
  /** `error` when the connection fails (node-redis throws it when nothing listens), `ready` when it is (re)established. */
  on(event: 'error' | 'ready' | 'end', listener: (error?: Error) => void): unknown;
  /** Removes a listener added with {@link RedisClient.on}. */
  off(event: 'error' | 'ready' | 'end', listener: (error?: Error) => void): unknown;
  /** Whether it is connected and ready for commands. */
  readonly isReady: boolean;
}

/** Options of one command (node-redis `CommandOptions`). */
export interface RedisCommandOptions {
  /** How replies are turned into JavaScript values: the store asks for bulk strings as Buffers. */
  readonly typeMapping?: Readonly<Record<number, unknown>>;
  /** Fails the command when it is still waiting to be sent after this many milliseconds. */
  readonly timeout?: number;
}

/** Options of {@link RedisStore}: `url` or `client`, not both. */
export interface RedisStoreOptions {
  /**
   * The server, `redis://[[user]:password@]host[:port][/db]`: the store creates its own client
   * (node-redis, which must then be installed), connects it, and closes it on {@link RedisStore.close}.
   */
  readonly url?: string;
  /**
   * A node-redis client of the application's, which the store neither connects nor closes (a
   * subscriber the {@link TieredStore} duplicates from it is its own). Give it
   * `disableOfflineQueue: true`: otherwise, while it reconnects, each command waits out `timeout`.
   */
  readonly client?: RedisClient;
  /** What every key (and the invalidation channel) starts with: `represent:cache:` by default. */
  readonly prefix?: string;
  /**
   * How long one operation may take, in milliseconds (250 by default): a slower one is a miss (or
   * nothing, for a write), and Redis is taken to be unavailable until it answers again.
   */
  readonly timeout?: number;
  /** While Redis is unavailable, how often it is tried again, in milliseconds (1000 by default). */
  readonly retryInterval?: number;
  /**
   * How long a stale response that carries a validator is kept for revalidation, in seconds (300
   * by default): a 304 then freshens it instead of the whole response being fetched again.
   */
  readonly revalidationWindow?: number;
  /** Where the store says that Redis became unavailable, and available again; `console.warn` by default. */
  readonly log?: (message: string) => void;
  /** The clock, in milliseconds since the epoch, for the age of what is stored. */
  readonly now?: () => number;
  /**
   * While another instance holds the lock on fetching a key, how often this one looks whether it
   * gave it back, in milliseconds (25 by default); a {@link TieredStore} is also woken by its
   * announcement.
   */
  readonly lockPollInterval?: number;
}

/** Deletes a lock only when it still holds this process's token: an expired lock another took is not ours to give back. */
const RELEASE_SCRIPT = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

/**
 * Stores a value tagged with surrogate keys, in one step: the value (KEYS[1], ARGV[1], expiring in
 * ARGV[2] ms), and its key (ARGV[3]) in the set of each of its surrogate keys (KEYS[2..]). A set
 * expires no sooner than the longest-lived value it lists. Members whose value is gone (evicted,
 * expired, removed) stay in a set until a purge, harmlessly (a DEL of nothing), but a set must not
 * grow with them without bound: each write looks at two members picked at random and drops those
 * whose value is gone (ARGV[4] is the store's prefix), which keeps a set within about twice the
 * number of live values it lists.
 */
const TAGGED_WRITE_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local ms = tonumber(ARGV[2])
for i = 2, #KEYS do
  redis.call('SADD', KEYS[i], ARGV[3])
  if redis.call('PTTL', KEYS[i]) < ms then redis.call('PEXPIRE', KEYS[i], ms) end
  for _, member in ipairs(redis.call('SRANDMEMBER', KEYS[i], 2)) do
    if member ~= ARGV[3] and redis.call('EXISTS', ARGV[4] .. member) == 0 then redis.call('SREM', KEYS[i], member) end
  end
end
return 1`;

/**
 * Purges in one step: every value listed in the sets of the surrogate keys KEYS (under the prefix
 * ARGV[1]) and the sets themselves; answers the keys listed. Atomic, so a value stored meanwhile is
 * either purged or listed in a set that is left. Its values are not declared as KEYS (they are not
 * known before the sets are read): the store is for one Redis server, not a Redis Cluster.
 */
const PURGE_SCRIPT = `
local removed = {}
local seen = {}
for i = 1, #KEYS do
  for _, member in ipairs(redis.call('SMEMBERS', KEYS[i])) do
    if not seen[member] then
      seen[member] = true
      removed[#removed + 1] = member
      redis.call('DEL', ARGV[1] .. member)
    end
  end
  redis.call('DEL', KEYS[i])
end
return removed`;

/** Bulk strings as Buffers (RESP type `$`, 36): bodies are bytes, not text. */
const BINARY = { 36: Buffer } as const;
/** The most invalidations (and purges) kept while Redis is unavailable, to be carried out when it is back. */
const MAX_PENDING_DELETES = 10_000;

/** The error an operation fails with when it takes longer than the store's `timeout`. */
class RedisTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'RedisTimeoutError';
  }
}

/**
 * A {@link CacheStore} on a Redis server, shared by every instance of a service: a response one
 * instance stored is a hit on the others.
 *
 * - All the variants of a key (RFC 9111 section 4.1, Vary) are one binary value, read with one GET:
 *   the cache picks the variant the request selects from them. Bodies are kept as bytes.
 * - Each value expires (`SET ... PX`) when no variant of it is of use any longer: when what is left
 *   of its freshness (RFC 9111 section 4.2), plus the time it may be served stale
 *   (`stale-while-revalidate`, `stale-if-error`) or, with a validator, revalidated
 *   (`revalidationWindow`), has passed.
 * - A value whose variants carry surrogate keys is also listed in a set per surrogate key
 *   (`<prefix>tag:<surrogate key>`), which {@link RedisStore.purgeKeys} reads to remove them all. A
 *   set expires with the longest-lived value it lists, and is used (written, or touched on a read
 *   of one of its values) whenever they are, so that an LRU eviction takes the values before it; a
 *   value evicted first leaves a member that names nothing, which a purge deletes harmlessly and
 *   later writes prune.
 * - The byte budget is Redis's own: run it with `maxmemory` and `maxmemory-policy allkeys-lru` (or
 *   `volatile-lru` on a server it shares with data that must never be evicted: every key of the
 *   store has an expiry). Under the default `noeviction` a full Redis refuses writes, which the
 *   store then logs once and skips.
 * - Redis failing never fails a request: an operation that errs or takes longer than `timeout` is
 *   a miss (or does nothing, for a write); Redis is then left alone, every operation a miss at
 *   once, until it answers again (tried every `retryInterval`). Each outage is logged once when it
 *   starts and once when it ends; invalidations made during it are carried out when it ends.
 */
export class RedisStore implements CacheStore {
  /** The client the store sends its commands on. */
  readonly client: RedisClient;
  /** The pub/sub channel invalidations are announced on (by a {@link TieredStore}). */
  readonly channel: string;
  readonly #prefix: string;
  readonly #timeout: number;
  readonly #retryInterval: number;
  readonly #revalidationWindow: number;
  readonly #log: (message: string) => void;
  readonly #now: () => number;
  readonly #owned: boolean;
  readonly #lockPollInterval: number;
  /** The tokens of the fetch locks this process holds, by key. */
  readonly #lockTokens = new Map<string, string>();
  #state: 'connecting' | 'available' | 'unavailable' = 'connecting';
  #probe: NodeJS.Timeout | undefined;
  #closed = false;
  /** Whether an error reply was logged: a misconfigured server answers each write so. */
  #warned = false;
  /** Invalidations made while Redis was unavailable: the key, and what to announce with it. */
  readonly #pendingDeletes = new Map<string, string | undefined>();
  /**
   * The surrogate keys purged while Redis was unavailable, purged again when it is back (with no
   * announcement: every TieredStore empties its L1 then).
   */
  readonly #pendingPurges = new Set<string>();
  /** Fetch locks whose release failed, by token: given back when Redis is back (unless they expired). */
  readonly #pendingReleases = new Map<string, string>();
  readonly #availableListeners = new Set<() => void>();

  constructor(options: RedisStoreOptions) {
    if ((options.url === undefined) === (options.client === undefined)) throw new TypeError('RedisStore needs a url or a client, and not both');
    this.#prefix = options.prefix ?? 'represent:cache:';
    this.channel = `${this.#prefix}invalidations`;
    this.#timeout = options.timeout ?? 250;
    this.#retryInterval = options.retryInterval ?? 1000;
    this.#revalidationWindow = options.revalidationWindow ?? 300;
    this.#log = options.log ?? ((message) => console.warn(message));
    this.#now = options.now ?? Date.now;
    this.#owned = options.client === undefined;
    this.#lockPollInterval = options.lockPollInterval ?? 25;
    this.client = options.client ?? createClient(options.url!, this.#timeout);
    this.client.on('error', this.#onError);
    this.client.on('ready', this.#onReady);
    if (this.client.isReady) this.#state = 'available';
    if (this.#owned) this.client.connect().catch(this.#onError);
  }

  /** Whether Redis answers: false while the store connects and during an outage. */
  get available(): boolean {
    return this.#state === 'available';
  }

  /** Resolves when Redis answers (at once if it does). */
  whenAvailable(): Promise<void> {
    if (this.available) return Promise.resolve();
    return new Promise((resolve) => {
      const listener = (): void => {
        this.#availableListeners.delete(listener);
        resolve();
      };
      this.#availableListeners.add(listener);
    });
  }

  /** Calls `listener` each time Redis becomes available (after connecting, after an outage); answers a function that stops it. */
  onAvailable(listener: () => void): () => void {
    // A function of its own, so that the same listener added twice is removed once per call.
    const own = (): void => listener();
    this.#availableListeners.add(own);
    return () => this.#availableListeners.delete(own);
  }

  /** The variants of `key`; `undefined` when there are none, or when Redis does not answer. */
  async get(key: string): Promise<readonly StoredResponse[] | undefined> {
    const value = await this.#send<unknown>(['GET', this.#prefix + key]).catch(() => null);
    const variants = ArrayBuffer.isView(value) ? decodeVariants(value as Uint8Array) : undefined;
    const tags = variants === undefined ? [] : surrogateKeysOf(variants);
    // The sets of its surrogate keys are used as it is, so that an LRU eviction does not take them
    // before it (its purge would then miss it). Nothing waits for it.
    if (tags.length > 0) this.#send(['TOUCH', ...tags.map((tag) => this.#tagKey(tag))]).catch(() => undefined);
    return variants;
  }

  /** Stores the variants of `key` until none of them is of use; nothing when Redis does not answer. */
  async set(key: string, variants: readonly StoredResponse[]): Promise<void> {
    await this.write(key, variants);
  }

  /** Removes the variants of `key`; when Redis does not answer, as soon as it does again. */
  async delete(key: string): Promise<void> {
    await this.remove(key);
  }

  /**
   * Removes every value tagged with one of `surrogateKeys`, and their sets; answers the keys it
   * removed (none when Redis does not answer: the purge is then carried out when it does again).
   */
  async purgeKeys(surrogateKeys: readonly string[]): Promise<readonly string[]> {
    return this.purge(surrogateKeys);
  }

  /**
   * {@link set}, then `announcement` published on {@link channel} (one round trip: the commands
   * are pipelined, and Redis runs them in order, so a subscriber that reads the key on the
   * announcement reads the new value).
   * @internal for {@link TieredStore}
   */
  async write(key: string, variants: readonly StoredResponse[], announcement?: string): Promise<void> {
    const expiry = Math.ceil(this.#retention(variants) * 1000);
    if (expiry <= 0) return this.remove(key, announcement);
    const tags = surrogateKeysOf(variants);
    const value = encodeVariants(variants);
    const writes = [
      tags.length === 0
        ? this.#send(['SET', this.#prefix + key, value, 'PX', String(expiry)])
        : this.#send(['EVAL', TAGGED_WRITE_SCRIPT, String(1 + tags.length), this.#prefix + key, ...tags.map((tag) => this.#tagKey(tag)), value, String(expiry), key, this.#prefix]),
    ];
    if (announcement !== undefined) writes.push(this.#send(['PUBLISH', this.channel, announcement]));
    await Promise.all(writes).catch(() => undefined);
  }

  /**
   * {@link delete}, then `announcement` published on {@link channel}; while Redis is unavailable
   * both are kept (the last {@link MAX_PENDING_DELETES}) and carried out when it is back.
   * @internal for {@link TieredStore}
   */
  async remove(key: string, announcement?: string): Promise<void> {
    const writes = [this.#send(['DEL', this.#prefix + key])];
    if (announcement !== undefined) writes.push(this.#send(['PUBLISH', this.channel, announcement]));
    await Promise.all(writes).catch(() => {
      if (this.#closed) return;
      this.#pendingDeletes.delete(key);
      this.#pendingDeletes.set(key, announcement);
      if (this.#pendingDeletes.size > MAX_PENDING_DELETES) this.#pendingDeletes.delete(this.#pendingDeletes.keys().next().value!);
    });
  }

  /**
   * {@link purgeKeys}, then `announcement` published on {@link channel}; while Redis is unavailable
   * both are kept, and carried out when it is back.
   * @internal for {@link TieredStore}
   */
  async purge(surrogateKeys: readonly string[], announcement?: string): Promise<readonly string[]> {
    if (surrogateKeys.length === 0) return [];
    const purging = this.#send<unknown>(['EVAL', PURGE_SCRIPT, String(surrogateKeys.length), ...surrogateKeys.map((tag) => this.#tagKey(tag)), this.#prefix]);
    const writes: Promise<unknown>[] = [purging];
    if (announcement !== undefined) writes.push(this.#send(['PUBLISH', this.channel, announcement]));
    try {
      await Promise.all(writes);
    } catch {
      if (!this.#closed) {
        for (const tag of surrogateKeys) {
          this.#pendingPurges.delete(tag);
          this.#pendingPurges.add(tag);
        }
        while (this.#pendingPurges.size > MAX_PENDING_DELETES) this.#pendingPurges.delete(this.#pendingPurges.values().next().value!);
      }
      return [];
    }
    const removed = (await purging) as unknown[];
    return removed.map((member) => Buffer.from(member as Uint8Array).toString('utf8'));
  }

  /**
   * Fetch locks on this Redis (`SET <prefix>lock:<key> <token> NX PX <ms>`): the instances sharing
   * it send concurrent misses on one key to one handler.
   */
  readonly fetchLocks: FetchLocks = {
    acquire: (key, ms) => this.acquireFetch(key, ms),
    release: (key) => this.releaseFetch(key),
    released: (key, ms) => this.fetchReleased(key, ms),
  };

  /**
   * Takes the lock on fetching `key` for `ms`: `true` when taken, `false` when another holds it,
   * `undefined` when Redis does not answer (the request then goes on by itself). The lock's value
   * is a token of this acquisition's own, which its release names: a lock that expired and another
   * took is not given back by mistake.
   * @internal for {@link fetchLocks} and {@link TieredStore}
   */
  async acquireFetch(key: string, ms: number): Promise<boolean | undefined> {
    const token = randomUUID();
    let sent: Promise<unknown> | undefined;
    const args = ['SET', this.#lockKey(key), token, 'NX', 'PX', String(Math.max(1, Math.ceil(ms)))];
    const reply = await this.#send<unknown>(args, false, (command) => (sent = command)).catch(() => undefined);
    if (reply === undefined) {
      // Given up on, the SET may still run once Redis answers again, and take the lock for a
      // request that went on without it: nobody would give it back, and the other instances would
      // wait for it until it expires. A late acquisition is given back at once, with its token.
      sent?.then((late) => void (late !== null && late !== undefined && this.#giveBack(key, token)), () => undefined);
      return undefined;
    }
    if (reply === null) return false;
    this.#lockTokens.set(key, token);
    return true;
  }

  /**
   * Gives back the lock on `key` if this process holds it, then publishes `announcement` (the
   * waiters of a {@link TieredStore} wake on it; the others see the lock gone when they next look).
   * @internal for {@link fetchLocks} and {@link TieredStore}
   */
  async releaseFetch(key: string, announcement?: string): Promise<void> {
    const token = this.#lockTokens.get(key);
    if (token === undefined) return;
    this.#lockTokens.delete(key);
    await this.#giveBack(key, token, announcement);
  }

  /**
   * Deletes the lock on `key` if it still holds `token`. It is sent even while Redis is taken to
   * be unavailable (a server that hangs runs it when it answers again), and kept to be sent again
   * when Redis is back if it fails: a lock left behind would hold the other instances' requests
   * up until it expires.
   */
  async #giveBack(key: string, token: string, announcement?: string): Promise<void> {
    const writes = [this.#send(['EVAL', RELEASE_SCRIPT, '1', this.#lockKey(key), token], true)];
    if (announcement !== undefined) writes.push(this.#send(['PUBLISH', this.channel, announcement], true));
    await Promise.all(writes).catch(() => {
      if (this.#closed) return;
      this.#pendingReleases.set(token, key);
      if (this.#pendingReleases.size > MAX_PENDING_DELETES) this.#pendingReleases.delete(this.#pendingReleases.keys().next().value!);
    });
  }

  /**
   * Resolves once no process holds the lock on `key` (looked at every `lockPollInterval`), or
   * Redis does not answer, or `ms` have passed, or `wake` is called.
   * @internal for {@link fetchLocks} and {@link TieredStore}
   */
  fetchReleased(key: string, ms: number, wake?: (resolve: () => void) => void): Promise<void> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (): void => {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        clearTimeout(poll);
        resolve();
      };
      const deadline = setTimeout(finish, ms);
      let poll: NodeJS.Timeout | undefined;
      const look = (): void => {
        this.#send<number>(['EXISTS', this.#lockKey(key)]).then(
          (held) => (Number(held) === 0 ? finish() : done || (poll = setTimeout(look, this.#lockPollInterval))),
          finish,
        );
      };
      poll = setTimeout(look, this.#lockPollInterval);
      wake?.(finish);
    });
  }

  #tagKey(surrogateKey: string): string {
    return `${this.#prefix}tag:${surrogateKey}`;
  }

  #lockKey(key: string): string {
    return `${this.#prefix}lock:${key}`;
  }

  /** Stops trying Redis again, and closes the client when the store created it. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#probe);
    this.client.off('error', this.#onError);
    this.client.off('ready', this.#onReady);
    if (this.#owned) this.client.destroy();
  }

  /** How long, in seconds, the longest-lived of `variants` is of use, under any cache-control field it has. */
  #retention(variants: readonly StoredResponse[]): number {
    let seconds = 0;
    for (const variant of variants) {
      // A targeted field (CDN-Cache-Control, RFC 9213) may give it a longer life than
      // Cache-Control in a cache that obeys it: it is kept for the longest of them.
      for (const effective of [(headers: HeaderMap) => headers, ...targetedReadings(variant.rawHeaders)]) {
        const view = describeResponse(variant, effective);
        const age = currentAge(view.initialAge, variant.responseTime, this.#now());
        const validatable = view.etag !== undefined || view.lastModified !== undefined;
        const retention = { lifetime: view.lifetime, age, cacheControl: view.cacheControl, validatable, revalidationWindow: this.#revalidationWindow };
        seconds = Math.max(seconds, retentionSeconds(retention));
      }
    }
    return seconds;
  }

  /**
   * Sends a command, within `timeout`; fails at once while Redis is unavailable (or still
   * connecting), unless `whileUnavailable`. `sent` is given the command itself, which may still be
   * answered after the store gave up on it.
   */
  #send<T>(args: readonly (string | Buffer)[], whileUnavailable = false, sent?: (command: Promise<T>) => void): Promise<T> {
    if (this.#state !== 'available' && !whileUnavailable) return Promise.reject(new Error('Redis is unavailable'));
    const reply = this.client.sendCommand<T>(args, { typeMapping: BINARY, timeout: this.#timeout });
    sent?.(reply);
    return withDeadline(reply, this.#timeout).catch((error: unknown) => {
      // An error reply (OOM under noeviction, say) is Redis answering: no outage.
      if (!isErrorReply(error)) this.#onError(error);
      else this.#warnOnce(error);
      throw error;
    });
  }

  /** Logs the first error reply (a full server under noeviction refuses each write). */
  #warnOnce(error: unknown): void {
    if (this.#warned) return;
    this.#warned = true;
    this.#log(`represent cache: Redis refused a command (${messageOf(error)}); is maxmemory-policy allkeys-lru?`);
  }

  readonly #onError = (error: unknown): void => {
    if (this.#closed || this.#state === 'unavailable') return;
    this.#state = 'unavailable';
    this.#log(`represent cache: Redis is unavailable (${messageOf(error)}); requests pass through to the application until it is back`);
    let probing = false;
    this.#probe = setInterval(() => {
      if (probing || !this.client.isReady) return;
      probing = true;
      this.#send(['PING'], true).then(this.#onReady, () => undefined).finally(() => (probing = false));
    }, this.#retryInterval);
    this.#probe.unref();
  };

  readonly #onReady = (): void => {
    if (this.#closed || this.#state === 'available') return;
    if (this.#state === 'unavailable') this.#log('represent cache: Redis is available again');
    this.#state = 'available';
    clearInterval(this.#probe);
    const pending = [...this.#pendingDeletes];
    this.#pendingDeletes.clear();
    for (const [key, announcement] of pending) void this.remove(key, announcement);
    const purges = [...this.#pendingPurges];
    this.#pendingPurges.clear();
    if (purges.length > 0) void this.purge(purges);
    const releases = [...this.#pendingReleases];
    this.#pendingReleases.clear();
    for (const [token, key] of releases) void this.#giveBack(key, token);
    for (const listener of [...this.#availableListeners]) listener();
  };
}

/**
 * For each targeted cache-control field of the header lines (`CDN-Cache-Control`), its headers as
 * a cache obeying that field reads them: the one rule of RFC 9213 section 2.2, {@link effectiveCacheHeaders}.
 */
function targetedReadings(rawHeaders: readonly string[]): ((headers: HeaderMap) => HeaderMap)[] {
  const targets = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (name !== 'cache-control' && name.endsWith('-cache-control')) targets.add(name);
  }
  return [...targets].map((target) => (headers: HeaderMap) => effectiveCacheHeaders(headers, [target]));
}

/** A node-redis client for `url`, set up for a cache: commands fail at once while it reconnects, instead of queueing. */
export function createClient(url: string, timeout: number): RedisClient {
  let redis: { createClient(options: object): unknown };
  try {
    redis = require('redis') as typeof redis;
  } catch {
    throw new Error("RedisStore({ url }) needs the 'redis' package (node-redis): npm install redis");
  }
  return redis.createClient({
    url,
    disableOfflineQueue: true,
    // A hung server does not grow the queue of commands waiting for it without bound.
    commandsQueueMaxLength: 10_000,
    socket: { connectTimeout: Math.max(timeout, 1000), reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1000) },
  }) as RedisClient;
}

/**
 * `work`, or a {@link RedisTimeoutError} after `ms`: a command already sent to a hung server has no
 * timeout of its own. The timer's failure waits for the I/O of that turn of the event loop: after a
 * busy stretch of this process, timers run before the replies that came meanwhile are read, and the
 * reply, not the lag, decides.
 */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new RedisTimeoutError(ms))), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Whether node-redis failed a command with Redis's error reply (its classes ErrorReply, SimpleError, BlobError). */
function isErrorReply(error: unknown): boolean {
  for (let proto = Object.getPrototypeOf(error) as object | null; proto !== null; proto = Object.getPrototypeOf(proto) as object | null) {
    if ((proto as { constructor?: { name?: string } }).constructor?.name === 'ErrorReply') return true;
  }
  return false;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
