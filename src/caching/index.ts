/** HTTP caching rules (RFC 9110, RFC 9111) as pure functions over plain header maps. */
export * from './header-map';
export * from './http-date';
export * from './cache-control';
export * from './entity-tag';
export * from './conditional-request';
export * from './freshening';
export * from './response-policy';
export * from './age';
export * from './freshness';
export * from './storability';
export * from './vary';
export * from './invalidation';
export * from './target-uri';
export * from './targeted-cache-control';
