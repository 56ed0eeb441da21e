import { PreconditionFailed } from '../../src';
import type { Bookcase } from '../model/bookcase';
import type { Role, User } from '../model/user';
import type { ChangeStore } from './user-changes';

/**
 * A stored item with its validators: a version that changes whenever the item does (the ETag)
 * and the time it last changed (Last-Modified). Versions are unique across the whole store, so a
 * user deleted and created again never gets an old ETag back.
 */
export interface Versioned<T> {
  readonly value: T;
  readonly version: number;
  readonly lastModified: Date;
}

/** The validators of a collection: they change whenever any of its members does, or one comes or goes. */
export interface CollectionState {
  readonly version: number;
  readonly lastModified: Date;
}

/**
 * What a write expects to find, as a conditional request saw it before its body was read: the
 * item at this version, or no item. Without one, the write applies to whatever is stored.
 */
export type Expectation = { readonly version: number } | { readonly absent: true } | undefined;

/**
 * Thrown by a write whose {@link Expectation} no longer holds: its compare-and-set found another
 * version, so nothing was changed. The library answers it as the 412 problem (RFC 9110 section 13.1).
 */
export class VersionMismatch extends PreconditionFailed {
  constructor(what: string) {
    super(`${what} changed after the request's preconditions were checked; nothing was changed`);
  }
}

/** Whether what is stored (`current`) is what a write expects; {@link VersionMismatch} otherwise. */
export function checkExpectation(what: string, current: { readonly version: number } | undefined, expect: Expectation): void {
  if (expect === undefined) return;
  const holds = 'absent' in expect ? current === undefined : current?.version === expect.version;
  if (!holds) throw new VersionMismatch(what);
}

/**
 * The most users the service stores: beyond it a new user is refused (507), so that anyone
 * creating users cannot grow the store, and what a search walks, without bound.
 */
export const MAX_USERS = 10_000;

/** When the seeded data last changed: 2024-01-01T00:00:00Z, so that the README's examples are stable. */
export const SEEDED_AT = new Date(Date.UTC(2024, 0, 1));

/** What every store is created with; each has a default. */
export interface StoreOptions {
  /** The bookcase to start with; the seed by default. */
  readonly bookcase?: Bookcase;
  /** The users to start with; the seed (ids 1 to 9) by default. */
  readonly users?: readonly User[];
  /** The clock; tests inject one. */
  readonly now?: () => Date;
  /** When the seeded data last changed; {@link SEEDED_AT} by default. */
  readonly seededAt?: Date;
  /** The most users stored at once, seeded ones included; {@link MAX_USERS} by default. */
  readonly maxUsers?: number;
  /** How many of the users' changes are kept for GET /users/events' clients that resume; 1 000 (`KEPT_CHANGES`) by default. */
  readonly keptChanges?: number;
}

/**
 * Thrown by a write that would store one user more than the store holds; nothing was changed.
 * Users deleted make room again.
 */
export class StoreFull extends Error {
  constructor(readonly maxUsers: number) {
    super(`The service holds at most ${maxUsers} users`);
    this.name = 'StoreFull';
  }
}

/** Which users a listing answers, in id order (numeric ids in numeric order). */
export interface UserQuery {
  /** Only users with one of these roles; every user when absent. */
  readonly roles?: ReadonlySet<Role>;
  /** How many of the matching users to skip; none by default. */
  readonly offset?: number;
  /** The most users answered; every one by default. */
  readonly limit?: number;
}

/** The outcome of a create-or-replace: whether the item is new, and what is stored now. */
export interface Replaced<T> {
  readonly created: boolean;
  readonly entry: Versioned<T>;
}

/** An avatar image: its media type and bytes. */
export interface Avatar {
  readonly type: AvatarType;
  readonly bytes: Buffer;
}
export type AvatarType = 'image/png' | 'image/jpeg';

/** The single bookcase. Writing content equal to what is stored changes nothing (not even the version). */
export interface BookcaseStore {
  read(): Promise<Versioned<Bookcase>>;
  replace(bookcase: Bookcase, expect?: Expectation): Promise<Versioned<Bookcase>>;
}

/** The users. Writing a user equal to the stored one changes nothing. */
export interface UserStore {
  /**
   * The users a query asks for (every user by default), with the collection's validators and
   * how many users match in all. Kept in order as they are written: a page costs its size.
   */
  list(query?: UserQuery): Promise<{ readonly state: CollectionState; readonly users: readonly Versioned<User>[]; readonly total: number }>;
  /** The `count` users changed last, the last first, with the collection's validators. */
  latest(count: number): Promise<{ readonly state: CollectionState; readonly users: readonly Versioned<User>[] }>;
  /** The collection's validators alone, to answer a conditional request without listing. */
  state(): Promise<CollectionState>;
  get(id: string): Promise<Versioned<User> | undefined>;
  /** Stores a new user under an id the store chooses; {@link StoreFull} when it holds as many as it may. */
  create(fields: Omit<User, 'id'>): Promise<Versioned<User>>;
  /** Creates or replaces the user with this id; {@link StoreFull} when a new one would be one too many. */
  put(user: User, expect?: Expectation): Promise<Replaced<User>>;
  /** Deletes a user and its avatar; false when there was none. */
  delete(id: string, expect?: Expectation): Promise<boolean>;
  /** Deletes every user and avatar; answers how many users there were. */
  deleteAll(expect?: { readonly version: number }): Promise<number>;
}

/**
 * Users' avatars. Each stored avatar has its own version, which names its immutable URL; storing
 * one changes its user too (the user's representation links to the avatar's version).
 */
export interface AvatarStore {
  get(userId: string): Promise<Versioned<Avatar> | undefined>;
  /** Stores a user's avatar; undefined when there is no such user. */
  put(userId: string, avatar: Avatar, expect?: Expectation): Promise<Replaced<Avatar> | undefined>;
}

/**
 * Where the service keeps its data: in memory ({@link createMemoryStore}, the default of
 * `createApp`), in SQLite (the default of `npm start`) or in PostgreSQL (`DATABASE_URL`).
 */
export interface ServiceStore {
  readonly bookcase: BookcaseStore;
  readonly users: UserStore;
  readonly avatars: AvatarStore;
  /** The users' changes, each recorded with its write (GET /users/events). */
  readonly changes: ChangeStore;
  /** Releases the database (its file, its connections); nothing to release in memory. */
  close(): Promise<void>;
}
