/**
 * `express-represent/cache`: the shared HTTP cache (RFC 9111) that sits in front of routers, the
 * stores it keeps responses in, and the purger of the caches in front of the service.
 * @packageDocumentation
 * @module express-represent/cache
 */
export { cache, MemoryStore, RedisStore, RedisIdempotencyStore, TieredStore, storedSize, purger } from '../../middleware/cache';
export type { CacheOptions, CacheStatus, SharedCache, CacheStore, StoredResponse, MemoryStoreOptions, MaybePromise,
  RedisClient, RedisCommandOptions, RedisStoreOptions, RedisIdempotencyStoreOptions, FetchLocks, TieredStoreOptions, Purger, PurgerOptions, PurgeOutcome } from '../../middleware/cache';
export type { PurgeTargets } from '../caching/purge-targets';
export type { SelectingHeaders } from '../caching/vary';
