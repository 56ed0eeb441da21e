import type { HeaderMap } from './header-map';
import type { VaryFields } from './vary';

/**
 * A request field that carries the client's credentials, and so may make an answer the client's
 * own: `Cookie` (RFC 6265 section 5.4) or `Authorization` (RFC 9110 section 11.6.2).
 */
export type CredentialField = 'Cookie' | 'Authorization';

/** The credential fields as header maps name them. */
const CREDENTIAL_FIELDS = ['cookie', 'authorization'] as const;

/** A credential field's lower-case name, as stored responses and header maps keep it. */
export type CredentialName = (typeof CREDENTIAL_FIELDS)[number];

/** The lower-case names of `fields`, each once, in a fixed order. */
export function credentialNames(fields: readonly CredentialField[]): readonly CredentialName[] {
  const named = new Set(fields.map((field) => field.toLowerCase()));
  return CREDENTIAL_FIELDS.filter((name) => named.has(name));
}

/**
 * Whether a response may be shared with a request despite the credentials it carries: for each of
 * Cookie and Authorization the request carries, the response varies on it (a route that binds a
 * cookie says `Vary: Cookie`, so it is kept per value, RFC 9111 section 4.1), or the route that
 * answered declared its answer independent of it (`independentOf`). A shared cache may decline to
 * store any response (RFC 9111 section 3) and to reuse any (section 4): as Varnish's built-in VCL,
 * this one passes requests with credentials by default, since a handler may read them without
 * saying so, and its answer, stored, would go to every other client.
 */
export function sharesCredentials(requestHeaders: HeaderMap, vary: VaryFields, independentOf: readonly string[] | undefined): boolean {
  for (const name of CREDENTIAL_FIELDS) {
    if (requestHeaders[name] === undefined) continue;
    if (vary !== '*' && vary.includes(name)) continue;
    if (independentOf?.includes(name) === true) continue;
    return false;
  }
  return true;
}

/** Whether a request carries Cookie or Authorization. */
export function carriesCredentials(requestHeaders: HeaderMap): boolean {
  return requestHeaders.cookie !== undefined || requestHeaders.authorization !== undefined;
}

/**
 * The response fields that set state in the client (RFC 6265 section 4.1, and the obsolete
 * `Set-Cookie2` of RFC 2965): a copy replayed to another client would hand it the first client's
 * session. Never stored, never replayed: a response carrying one is stored only when its route opts
 * in (`storeWithoutSetCookie`), and then without it.
 */
export const SET_COOKIE_FIELDS: ReadonlySet<string> = new Set(['set-cookie', 'set-cookie2']);

/** Whether a response sets cookies ({@link SET_COOKIE_FIELDS}). */
export function setsCookies(responseHeaders: HeaderMap): boolean {
  for (const name of SET_COOKIE_FIELDS) if (responseHeaders[name] !== undefined) return true;
  return false;
}
