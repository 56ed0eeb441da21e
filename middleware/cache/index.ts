export { cache, type CacheOptions, type CacheStatus, type SharedCache } from './cache';
export { MemoryStore, type MemoryStoreOptions } from './memory-store';
export { RedisIdempotencyStore, type RedisIdempotencyStoreOptions } from './redis-idempotency-store';
export { RedisStore, type RedisClient, type RedisCommandOptions, type RedisStoreOptions } from './redis-store';
export { type CacheStore, type FetchLocks, type MaybePromise, type StoredResponse, storedSize } from './store';
export { TieredStore, type TieredStoreOptions } from './tiered-store';
export { purger, type Purger, type PurgerOptions, type PurgeOutcome } from './purger';
