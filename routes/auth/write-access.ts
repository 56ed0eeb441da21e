import { Forbidden, HttpError, Unauthorized, hooks } from '../../src';
import { type Account, type Accounts, BEARER_TOKEN } from './accounts';

/** The realm of the service's challenges (RFC 9110 section 11.5). */
const REALM = 'represent';

/** The methods that only read: public, and never asked for a token, so that their answers do not depend on Authorization. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The methods of the service's writes, as the OpenAPI document lists them as needing the token. */
export const WRITE_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** An authentication scheme's name: a token (RFC 9110 sections 5.6.2 and 11.1). */
const AUTH_SCHEME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const LEADING_SPACES = /^ +/;

/** What a write's Authorization field allows: the account that may write, or why not. */
export type WriteDecision =
  | { readonly kind: 'allowed'; readonly account: Account }
  /** No bearer credentials at all (no Authorization, or another scheme): 401 without an error code (RFC 6750 section 3.1). */
  | { readonly kind: 'unauthenticated' }
  /** `Bearer` with no token, or with one no client could send: 400 `invalid_request`. */
  | { readonly kind: 'malformed' }
  /** A well-formed token no account has: 401 `invalid_token`. */
  | { readonly kind: 'invalid-token' }
  /** A known account that may not write: 403 `insufficient_scope`. */
  | { readonly kind: 'forbidden'; readonly account: Account };

/**
 * What the Authorization field of a write allows (RFC 6750 section 2.1: `Bearer` and a token, the
 * scheme case-insensitive as RFC 9110 section 11.1 says; one or more spaces between them).
 */
export function decideWrite(authorization: string | undefined, accounts: Accounts): WriteDecision {
  if (authorization === undefined) return { kind: 'unauthenticated' };
  // Split at the first space by hand: a pattern for `scheme 1*SP rest` backtracks over long runs of spaces.
  const space = authorization.indexOf(' ');
  const scheme = space === -1 ? authorization : authorization.slice(0, space);
  if (!AUTH_SCHEME.test(scheme)) return { kind: 'malformed' };
  if (scheme.toLowerCase() !== 'bearer') return { kind: 'unauthenticated' };
  const token = space === -1 ? '' : authorization.slice(space).replace(LEADING_SPACES, '');
  if (!BEARER_TOKEN.test(token)) return { kind: 'malformed' };
  const account = accounts.byToken(token);
  if (account === undefined) return { kind: 'invalid-token' };
  return account.role === 'admin' ? { kind: 'allowed', account } : { kind: 'forbidden', account };
}

/** A Bearer challenge, with an RFC 6750 section 3.1 error code when there is one. */
function challenge(error?: string, description?: string): string {
  return `Bearer realm="${REALM}"${error === undefined ? '' : `, error="${error}"`}${description === undefined ? '' : `, error_description="${description}"`}`;
}

/** The answer to a write that is not allowed, as a problem document with its challenge. */
function refusal(decision: Exclude<WriteDecision, { kind: 'allowed' }>): HttpError {
  switch (decision.kind) {
    case 'unauthenticated':
      return new Unauthorized('Writing needs a bearer token (Authorization: Bearer <token>)', { challenge: challenge() });
    case 'malformed':
      return new HttpError(400, 'The Authorization field is not a bearer token (RFC 6750 section 2.1)', {
        headers: { 'WWW-Authenticate': challenge('invalid_request', 'malformed bearer token') },
      });
    case 'invalid-token':
      return new Unauthorized('The bearer token is not valid', { challenge: challenge('invalid_token', 'unknown token') });
    case 'forbidden':
      return new Forbidden(`The account '${decision.account.name}' may not write; only admin may`, {
        headers: { 'WWW-Authenticate': challenge('insufficient_scope', 'admin only') },
      });
  }
}

/**
 * Authorization for writes, as a router hook: reads (GET, HEAD, OPTIONS) are public and never
 * look at Authorization; every other method needs the bearer token of an admin account. It runs
 * before the route's preconditions and before its body is read (`preHandler`), so a refused write
 * never has its upload accepted, nor learns whether its If-Match still holds. The account that
 * wrote is `ctx.state.account`.
 */
export function writeAccess(accounts: Accounts) {
  return hooks<{ account: Account | undefined }>({
    preHandler(ctx) {
      if (READ_METHODS.has(ctx.method)) return;
      const decision = decideWrite(ctx.headers.authorization, accounts);
      if (decision.kind !== 'allowed') throw refusal(decision);
      ctx.set('account', decision.account);
    },
    security: {
      name: 'bearer',
      scheme: { type: 'http', scheme: 'bearer', description: 'The token of an admin account (routes/README.md): needed to write the users and the bookcase; reads are public.' },
      methods: WRITE_METHODS,
    },
  });
}
