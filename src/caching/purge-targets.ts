import type { HeaderMap } from './header-map';
import { type InvalidationInput, invalidatedUris } from './invalidation';
import { responseSurrogateKeys } from './surrogate-keys';

/** What a write makes caches in front drop: URIs, and the surrogate keys of the responses to drop. */
export interface PurgeTargets {
  /** Absolute URIs, in the normal form of `normalizedUri`. */
  readonly uris: readonly string[];
  /** Surrogate keys (`user:7`), each once. */
  readonly keys: readonly string[];
}

/** The input of {@link purgeTargets}. */
export interface PurgeInput extends InvalidationInput {
  readonly responseHeaders: HeaderMap;
  /** The fields the response's surrogate keys are read from (`Surrogate-Key`, `Cache-Tag`). */
  readonly keyFields: readonly string[];
}

/**
 * What caches in front of the service must drop after a response, since they do not do it
 * themselves (RFC 9111 section 4.4 asks it of a cache only for the requests that go through it,
 * and Varnish and nginx do not even do that): after a non-error (2xx, 3xx) response to an unsafe
 * method, the URIs an invalidating cache drops ({@link invalidatedUris}: the target URI, and
 * Location and Content-Location of the same origin), and the surrogate keys the response carries,
 * the resources its route says the write changed. Nothing for anything else.
 */
export function purgeTargets(input: PurgeInput): PurgeTargets {
  const uris = invalidatedUris(input);
  if (uris.length === 0) return NOTHING;
  return { uris, keys: responseSurrogateKeys(input.responseHeaders, input.keyFields) };
}

const NOTHING: PurgeTargets = Object.freeze({ uris: Object.freeze([]), keys: Object.freeze([]) });
