import { createHash, timingSafeEqual } from 'node:crypto';

/** What an account may do: `admin` writes the users and the bookcase; `user` reads, as anyone may. */
export type Role = 'admin' | 'user';

/** An account of the service, known by its bearer token. */
export interface Account {
  readonly name: string;
  readonly role: Role;
}

/**
 * FOR DEVELOPMENT ONLY: the tokens of the seeded accounts when `ADMIN_TOKEN` and `USER_TOKEN` are
 * not set. They are published in routes/README.md, so the service refuses them under
 * `NODE_ENV=production` ({@link serviceAccounts}).
 */
export const DEVELOPMENT_TOKENS = { admin: 'dev-admin-token', user: 'dev-user-token' } as const;

/** A bearer token as RFC 6750 section 2.1 spells it (`b64token`): what a client can send at all. */
export const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** The accounts, looked up by token in time that does not depend on how much of a token matches. */
export class Accounts {
  readonly #entries: readonly { readonly digest: Buffer; readonly account: Account }[];

  constructor(entries: readonly (readonly [token: string, account: Account])[]) {
    this.#entries = entries.map(([token, account]) => ({ digest: digest(token), account }));
  }

  /** The account whose token this is, or `undefined`. Every entry is compared, each in constant time. */
  byToken(token: string): Account | undefined {
    const presented = digest(token);
    let found: Account | undefined;
    for (const entry of this.#entries) if (timingSafeEqual(entry.digest, presented)) found = entry.account;
    return found;
  }
}

/** Equal-length digests, so that `timingSafeEqual` compares tokens of any length. */
function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * The service's seeded accounts: `admin` (role admin) with `ADMIN_TOKEN`, and `user` (role user)
 * with `USER_TOKEN`; without them, the {@link DEVELOPMENT_TOKENS}, except under
 * `NODE_ENV=production`, where a missing `ADMIN_TOKEN` stops the start (a published token would
 * let anyone write) and a missing `USER_TOKEN` leaves no user account. A token that is not a
 * bearer token (RFC 6750 section 2.1) stops the start: no client could send it. Empty is unset.
 */
export function serviceAccounts(env: NodeJS.ProcessEnv = process.env): Accounts {
  const production = env.NODE_ENV === 'production';
  const tokenOf = (variable: 'ADMIN_TOKEN' | 'USER_TOKEN', development: string): string | undefined => {
    const set = env[variable] === '' ? undefined : env[variable];
    if (set === undefined) return production ? undefined : development;
    if (!BEARER_TOKEN.test(set)) throw new Error(`${variable} must be a bearer token (letters, digits, - . _ ~ + / and trailing =), got '${set}'`);
    return set;
  };
  const admin = tokenOf('ADMIN_TOKEN', DEVELOPMENT_TOKENS.admin);
  if (admin === undefined) throw new Error('ADMIN_TOKEN must be set under NODE_ENV=production: the development tokens are published');
  const user = tokenOf('USER_TOKEN', DEVELOPMENT_TOKENS.user);
  if (user === admin) throw new Error('ADMIN_TOKEN and USER_TOKEN must differ');
  const entries: [string, Account][] = [[admin, { name: 'admin', role: 'admin' }]];
  if (user !== undefined) entries.push([user, { name: 'user', role: 'user' }]);
  return new Accounts(entries);
}
