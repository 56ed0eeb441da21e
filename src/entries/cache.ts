/**
 * `represent/cache`: the shared HTTP cache (RFC 9111) that sits in front of routers, and the
 * stores it keeps responses in.
 * @packageDocumentation
 * @module represent/cache
 */
export { cache, MemoryStore, RedisStore, TieredStore, storedSize } from '../../middleware/cache';
export type { CacheOptions, CacheStatus, SharedCache, CacheStore, StoredResponse, MemoryStoreOptions, MaybePromise,
  RedisClient, RedisCommandOptions, RedisStoreOptions, TieredStoreOptions } from '../../middleware/cache';
export type { SelectingHeaders } from '../caching/vary';
