import type { User } from '../model/user';
import type { ServiceStore, UserStore, Versioned } from './store';

/** What happened to a user: the event types of GET /users/events. */
export type ChangeKind = 'created' | 'updated' | 'deleted';

/** One write of the users, numbered in the order this process made them. */
export interface UserChange {
  /** 1, 2, ...: the event id a client resumes after (`Last-Event-ID`). */
  readonly id: number;
  readonly kind: ChangeKind;
  /** The user as stored after the write; its id alone when deleted. */
  readonly user: Pick<User, 'id'> | User;
  /** The user's version after the write (its ETag); absent when deleted. */
  readonly version?: number;
}

/** How many changes are kept for clients that resume. */
export const KEPT_CHANGES = 1000;

/**
 * The users' changes made by this process, in order: the last {@link KEPT_CHANGES} kept for
 * clients that come back with `Last-Event-ID`, and each new one told to the subscribers. A change
 * made by another process on the same database is not seen: the stream is this instance's.
 */
export class UserChanges {
  #next = 1;
  readonly #kept: UserChange[] = [];
  readonly #subscribers = new Set<(change: UserChange) => void>();

  /** The id of the last change made, 0 before any. */
  get last(): number {
    return this.#next - 1;
  }

  record(kind: ChangeKind, user: UserChange['user'], version?: number): void {
    const change: UserChange = { id: this.#next++, kind, user, ...(version !== undefined && { version }) };
    this.#kept.push(change);
    if (this.#kept.length > KEPT_CHANGES) this.#kept.shift();
    for (const subscriber of this.#subscribers) subscriber(change);
  }

  /** The kept changes after `id`, oldest first. */
  since(id: number): UserChange[] {
    return this.#kept.filter((change) => change.id > id);
  }

  /** Tells `subscriber` every change from now; answers how to stop. */
  subscribe(subscriber: (change: UserChange) => void): () => void {
    this.#subscribers.add(subscriber);
    return () => void this.#subscribers.delete(subscriber);
  }
}

/**
 * `store` with its users' writes recorded in `changes` once they succeed: create, put, delete,
 * delete all (a deletion per user it removed), and an avatar stored (its user's representation
 * changes with it).
 */
export function recordingChanges(store: ServiceStore, changes: UserChanges): ServiceStore {
  const { users, avatars } = store;
  const stored = (kind: ChangeKind, entry: Versioned<User>) => changes.record(kind, entry.value, entry.version);
  const recorded: UserStore = {
    list: (query) => users.list(query),
    latest: (count) => users.latest(count),
    state: () => users.state(),
    get: (id) => users.get(id),
    create: async (fields) => {
      const entry = await users.create(fields);
      stored('created', entry);
      return entry;
    },
    put: async (user, expect) => {
      const replaced = await users.put(user, expect);
      stored(replaced.created ? 'created' : 'updated', replaced.entry);
      return replaced;
    },
    delete: async (id, expect) => {
      const deleted = await users.delete(id, expect);
      if (deleted) changes.record('deleted', { id });
      return deleted;
    },
    deleteAll: async (expect) => {
      const { users: before } = await users.list();
      const count = await users.deleteAll(expect);
      for (const entry of before) changes.record('deleted', { id: entry.value.id });
      return count;
    },
  };
  return {
    bookcase: store.bookcase,
    users: recorded,
    avatars: {
      get: (userId) => avatars.get(userId),
      put: async (userId, avatar, expect) => {
        const replaced = await avatars.put(userId, avatar, expect);
        const user = replaced === undefined ? undefined : await users.get(userId);
        if (user !== undefined) stored('updated', user);
        return replaced;
      },
    },
    close: () => store.close(),
  };
}
