import { type CredentialName, credentialNames } from './credentials';
import type { ResponsePolicy } from './response-policy';

/**
 * What a route tells a shared cache in the same process about its answers, beyond what their
 * header fields say: settled when the route is compiled, and kept on it.
 */
export interface RouteCaching {
  /** The credential fields (lower-case) its answers do not depend on: requests carrying them may share stored answers. */
  readonly independentOf: readonly CredentialName[];
  /** An answer that sets cookies may be stored, without its Set-Cookie field. */
  readonly storeWithoutSetCookie: boolean;
}

/**
 * The {@link RouteCaching} of a route with `policy`; `undefined` when it says nothing a shared
 * cache does not assume already: no credential field shared, no Set-Cookie stored.
 */
export function routeCaching(policy: ResponsePolicy | undefined): RouteCaching | undefined {
  const independentOf = credentialNames(policy?.independentOf ?? []);
  const storeWithoutSetCookie = policy?.storeWithoutSetCookie === true;
  if (independentOf.length === 0 && !storeWithoutSetCookie) return undefined;
  return Object.freeze({ independentOf, storeWithoutSetCookie });
}
