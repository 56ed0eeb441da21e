import type { IdempotencyRecord, IdempotencyStore } from '../../src/idempotency/idempotency-store';
import { type RedisClient, createClient, withDeadline } from './redis-store';

/** Options of {@link RedisIdempotencyStore}: `url` or `client`, not both. */
export interface RedisIdempotencyStoreOptions {
  /** The server, `redis://[[user]:password@]host[:port][/db]`: the store creates its own client (node-redis), and closes it on {@link RedisIdempotencyStore.close}. */
  readonly url?: string;
  /** A node-redis client of the application's (give it `disableOfflineQueue: true`), which the store neither connects nor closes. */
  readonly client?: RedisClient;
  /** What every key starts with: `represent:idempotency:` by default. */
  readonly prefix?: string;
  /** How long one operation may take, in milliseconds (250 by default); a slower one fails, as when Redis is down. */
  readonly timeout?: number;
}

/**
 * Takes a key when it is free (`SET NX PX`), else answers what it holds, in one step: of two
 * instances claiming one key at once, exactly one gets it. A Lua script runs with the server's
 * clock stopped, so the key cannot expire between the SET and the GET.
 */
const CLAIM_SCRIPT = "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return false end return redis.call('GET', KEYS[1])";

/**
 * An {@link IdempotencyStore} on a Redis server, shared by every instance of a service: a key one
 * instance claimed is held for all, and the answer it stored is replayed by any. Each key expires
 * (`PX`) with the time the route gives it. When Redis cannot be reached, or takes longer than
 * `timeout`, each operation fails: the route then answers 503, or processes the request as if it
 * had not opted in (its `whenStoreFails`).
 */
export class RedisIdempotencyStore implements IdempotencyStore {
  /** The client the store sends its commands on. */
  readonly client: RedisClient;
  readonly #prefix: string;
  readonly #timeout: number;
  readonly #owned: boolean;

  constructor(options: RedisIdempotencyStoreOptions) {
    if ((options.url === undefined) === (options.client === undefined)) throw new TypeError('RedisIdempotencyStore needs a url or a client, and not both');
    this.#prefix = options.prefix ?? 'represent:idempotency:';
    this.#timeout = options.timeout ?? 250;
    this.#owned = options.client === undefined;
    this.client = options.client ?? createClient(options.url!, this.#timeout);
    if (this.#owned) {
      // node-redis throws an `error` nothing listens to; each failed command says it instead.
      this.client.on('error', () => undefined);
      this.client.connect().catch(() => undefined);
    }
  }

  async claim(key: string, record: IdempotencyRecord, ms: number): Promise<IdempotencyRecord | undefined> {
    const held = await this.#send<string | null>(['EVAL', CLAIM_SCRIPT, '1', this.#prefix + key, encodeRecord(record), String(ms)]);
    return held === null ? undefined : decodeRecord(held);
  }

  async complete(key: string, record: IdempotencyRecord, ms: number): Promise<void> {
    await this.#send(['SET', this.#prefix + key, encodeRecord(record), 'PX', String(ms)]);
  }

  async release(key: string): Promise<void> {
    await this.#send(['DEL', this.#prefix + key]);
  }

  /** Closes the client when the store created it. */
  async close(): Promise<void> {
    if (this.#owned) this.client.destroy();
  }

  #send<T>(args: readonly string[]): Promise<T> {
    if (!this.client.isReady) return Promise.reject(new Error('Redis is unavailable'));
    return withDeadline(this.client.sendCommand<T>(args, { timeout: this.#timeout }), this.#timeout);
  }
}

/** A record as JSON, its answer's body in base64. */
function encodeRecord(record: IdempotencyRecord): string {
  const { fingerprint, answer } = record;
  if (answer === undefined) return JSON.stringify({ fingerprint });
  return JSON.stringify({ fingerprint, answer: { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body).toString('base64') } });
}

function decodeRecord(text: string): IdempotencyRecord {
  const { fingerprint, answer } = JSON.parse(text) as { fingerprint: string; answer?: { status: number; headers: string[]; body: string } };
  if (answer === undefined) return { fingerprint };
  return { fingerprint, answer: { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body, 'base64') } };
}
