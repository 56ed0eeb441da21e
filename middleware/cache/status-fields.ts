import { type ForwardReason, formatCacheStatus } from '../../src/caching/cache-status';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CacheContext, CacheStatus } from './cache-context';

/** How the cache answered one request: the status header's word, and what Cache-Status says of it. */
export interface Answer {
  readonly status: CacheStatus;
  /** Why the request went on to the handler; none for an answer the cache made alone (a hit). */
  readonly fwd?: ForwardReason;
  /** The status the handler answered with, when the request went on. */
  readonly fwdStatus?: number;
  /** The remaining freshness, in seconds, of the response answered (negative when stale). */
  readonly ttl?: number;
  /** The handler's answer was stored. */
  readonly stored?: boolean;
  /** The request waited for another request's answer (request collapsing). */
  readonly collapsed?: boolean;
  /** A token saying more (RFC 9211 section 2.8). */
  readonly detail?: string;
  /** The cache key, for Cache-Status's `key` when the cache says it. */
  readonly key?: string;
}

/** The request and response a cache's answer is for. */
export interface Answered {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
}

/**
 * The header lines that say how the cache answered: the status header (`X-Cache: HIT`), when
 * configured, and this cache's own Cache-Status member (RFC 9211), made for this answer, never
 * replayed from a stored response: a cache in front then adds its own member after it. The
 * answer is recorded for `exchange` ({@link pushStatusLines}).
 */
export function statusFields(cache: CacheContext, answer: Answer, exchange: Answered): [string, string][] {
  const lines: string[] = [];
  pushStatusLines(cache, answer, lines, exchange);
  const fields: [string, string][] = [];
  for (let i = 0; i < lines.length; i += 2) fields.push([lines[i]!, lines[i + 1]!]);
  return fields;
}

/**
 * Pushes the lines of {@link statusFields} onto flat header `lines` (`[name, value, ...]`), with
 * `ttl` for the answer's: what a stored answer writes, without a line or an answer made for it.
 * The Cache-Status member starts with the prefix formatted once per cache (cacheStatusPrefix).
 * The one place a cache says how it answered: the outcome is recorded for `statusOf` and
 * published on `represent:cache` here, with the member the client is sent.
 */
export function pushStatusLines(cache: CacheContext, answer: Answer, lines: string[], exchange: Answered, ttl: number | undefined = answer.ttl): void {
  if (cache.statusHeader !== undefined) lines.push(cache.statusHeader, answer.status);
  const { cacheStatus } = cache;
  if (cacheStatus === undefined) return cache.outcomes.set(exchange.req, exchange.res, answer.status, undefined);
  const member = formatCacheStatus(cacheStatus.prefix, {
    hit: answer.fwd === undefined && answer.status !== 'MISS',
    fwd: answer.fwd,
    fwdStatus: answer.fwdStatus,
    ttl,
    stored: answer.stored,
    collapsed: answer.collapsed,
    detail: answer.detail,
    key: cacheStatus.key ? answer.key : undefined,
  });
  lines.push('Cache-Status', member);
  cache.outcomes.set(exchange.req, exchange.res, answer.status, member);
}
