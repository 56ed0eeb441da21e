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
  /**
   * No shared cache ever stores its answers: its policy says `no-store` or `private` (RFC 9111
   * sections 5.2.2.5, 5.2.2.7), or it produces only event streams, which are `no-store`. A request
   * for it then waits for no other request's answer (request collapsing).
   */
  readonly neverStored: boolean;
}

/** The media type of server-sent events, which are always `no-store` (WHATWG HTML section 9.2). */
const EVENT_STREAM = 'text/event-stream';

/**
 * The {@link RouteCaching} of a route with `policy`, producing the types `producedEssences`;
 * `undefined` when it says nothing a shared cache does not assume already: no credential field
 * shared, no Set-Cookie stored, answers that may be stored.
 */
export function routeCaching(policy: ResponsePolicy | undefined, producedEssences: readonly string[]): RouteCaching | undefined {
  const independentOf = credentialNames(policy?.independentOf ?? []);
  const storeWithoutSetCookie = policy?.storeWithoutSetCookie === true;
  const eventsOnly = producedEssences.length > 0 && producedEssences.every((essence) => essence === EVENT_STREAM);
  const neverStored = policy?.noStore === true || policy?.private === true || eventsOnly;
  if (independentOf.length === 0 && !storeWithoutSetCookie && !neverStored) return undefined;
  return Object.freeze({ independentOf, storeWithoutSetCookie, neverStored });
}
