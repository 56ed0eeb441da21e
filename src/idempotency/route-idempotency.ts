import type { IncomingMessage } from 'node:http';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../http/idempotency-key';
import type { IdempotencyStore } from './idempotency-store';

/**
 * How a route processes a request carrying an `Idempotency-Key` once
 * (draft-ietf-httpapi-idempotency-key-header): `.idempotent({ store })`.
 *
 * @typeParam Ctx - the handler's context, which `client` reads
 */
export interface IdempotencyOptions<Ctx = never> {
  /** Where the keys are kept: a `MemoryIdempotencyStore` for one instance, a `RedisIdempotencyStore` (`express-represent/cache`) shared by all. */
  readonly store: IdempotencyStore;
  /** How long an answer is replayed to retries, in milliseconds (24 hours by default); then the key may be used again. */
  readonly expiresIn?: number;
  /**
   * How long a key is held for a request still being processed, in milliseconds (60 seconds by
   * default): retries meanwhile get 409. An instance that dies while processing holds it no longer.
   */
  readonly processingTimeout?: number;
  /**
   * The client the key belongs to (section 2.6: a key is unique per client), so that one client can
   * never be replayed another's answer: the authenticated principal (`ctx => ctx.get('user').id`)
   * where there is one. By default, the request's `Authorization` field when it has one, else the
   * address it came from (behind a proxy, that of the proxy: give `client`).
   */
  readonly client?: (context: Ctx) => string;
  /**
   * What a keyed request gets when the store cannot be reached: `'unavailable'` (the default), a
   * 503 problem with `Retry-After`, nothing done; or `'proceed'`, processed as if the route had not
   * opted in, a retry then processed again.
   */
  readonly whenStoreFails?: 'unavailable' | 'proceed';
  /** The longest key accepted, in characters (255 by default); a longer one is a 400. */
  readonly maxKeyLength?: number;
  /** The largest answer body kept for replay, in bytes (64 KiB by default); a larger answer is not kept, and its key is given back. */
  readonly maxAnswerBytes?: number;
}

/** A route's idempotency, settled when it is declared. */
export interface RouteIdempotency {
  readonly store: IdempotencyStore;
  readonly expiresIn: number;
  readonly processingTimeout: number;
  /** The client's scope of a request, given its context and node's request. */
  readonly client: (context: unknown, request: IncomingMessage) => string;
  readonly whenStoreFails: 'unavailable' | 'proceed';
  readonly maxKeyLength: number;
  readonly maxAnswerBytes: number;
}

/** How long answers are replayed by default: a day, the retry horizon of most clients. */
export const DEFAULT_IDEMPOTENCY_EXPIRY = 24 * 60 * 60 * 1000;
/** How long a key is held while its request is processed, by default. */
export const DEFAULT_PROCESSING_TIMEOUT = 60 * 1000;
/** The largest answer body kept for replay, by default. */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The default client of a request: its credentials (`Authorization`) when it has some, else its
 * address. Prefixed, so that a credential can never be read as an address.
 */
export function defaultClient(request: IncomingMessage): string {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) return `authorization ${authorization}`;
  return `address ${request.socket.remoteAddress ?? ''}`;
}

/** Settles a route's `.idempotent(options)`, checking each number once. */
export function compileIdempotency(options: IdempotencyOptions<unknown>): RouteIdempotency {
  const number = (name: string, value: number | undefined, fallback: number): number => {
    const settled = value ?? fallback;
    if (!(Number.isInteger(settled) && settled > 0)) throw new RangeError(`idempotent: ${name} is a whole number > 0, not ${settled}`);
    return settled;
  };
  if (typeof options.store?.claim !== 'function') throw new TypeError('idempotent: store is an IdempotencyStore');
  const client = options.client;
  return {
    store: options.store,
    expiresIn: number('expiresIn', options.expiresIn, DEFAULT_IDEMPOTENCY_EXPIRY),
    processingTimeout: number('processingTimeout', options.processingTimeout, DEFAULT_PROCESSING_TIMEOUT),
    client: client === undefined ? (_context, request) => defaultClient(request) : (context) => `client ${client(context)}`,
    whenStoreFails: options.whenStoreFails ?? 'unavailable',
    maxKeyLength: number('maxKeyLength', options.maxKeyLength, MAX_IDEMPOTENCY_KEY_LENGTH),
    maxAnswerBytes: number('maxAnswerBytes', options.maxAnswerBytes, DEFAULT_MAX_ANSWER_BYTES),
  };
}
