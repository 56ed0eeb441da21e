import { isDeepStrictEqual } from 'node:util';
import { type Bookcase, seedBookcase } from '../model/bookcase';
import { type User, seedUsers } from '../model/user';
import { mergedSlice } from './sorted-list';
import {
  type Avatar,
  type CollectionState,
  MAX_USERS,
  type Replaced,
  SEEDED_AT,
  type ServiceStore,
  StoreFull,
  type StoreOptions,
  type Versioned,
  VersionMismatch,
  checkExpectation as check,
} from './store';
import { UserIndex, byId } from './user-index';
import { type ChangeKind, ChangeWatchers, KEPT_CHANGES, type UserChange } from './user-changes';

/** Options of {@link createMemoryStore}: those of every store. */
export type MemoryStoreOptions = StoreOptions;

/** A deep copy of JSON data, so that callers never share the store's objects. */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The in-memory store: everything lives in maps of this process. Each write checks its
 * expectation and commits in one synchronous step, so a write is all or nothing.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): ServiceStore {
  const now = options.now ?? (() => new Date());
  const seededAt = options.seededAt ?? SEEDED_AT;
  let clock = 0;
  const stamp = <T>(value: T, at: Date = now()): Versioned<T> => ({ value, version: ++clock, lastModified: at });

  let bookcase = stamp(copy(options.bookcase ?? seedBookcase()), seededAt);
  const maxUsers = options.maxUsers ?? MAX_USERS;
  const users = new Map<string, Versioned<User>>();
  const index = new UserIndex();
  const store = (entry: Versioned<User>): void => {
    const current = users.get(entry.value.id);
    if (current !== undefined) index.remove(current);
    users.set(entry.value.id, entry);
    index.add(entry);
  };
  const makeRoom = (): void => {
    if (users.size >= maxUsers) throw new StoreFull(maxUsers);
  };
  for (const user of options.users ?? seedUsers()) store(stamp({ ...user }, seededAt));
  const avatars = new Map<string, Versioned<Avatar>>();
  let collection: CollectionState = { version: clock, lastModified: seededAt };
  let nextId = Math.max(0, ...[...users.keys()].map(Number).filter(Number.isSafeInteger)) + 1;

  const collectionChanged = (): void => {
    collection = { version: ++clock, lastModified: now() };
  };

  // The users' changes, numbered in the order of the writes, the last `keptChanges` kept.
  const keptChanges = options.keptChanges ?? KEPT_CHANGES;
  const changes: UserChange[] = [];
  let latestChange = 0;
  let droppedChange = 0;
  const watchers = new ChangeWatchers();
  const record = (kind: ChangeKind, user: UserChange['user'], version?: number): void => {
    changes.push({ id: ++latestChange, kind, user: copy(user), ...(version !== undefined && { version }) });
    if (changes.length > keptChanges) droppedChange = changes.shift()!.id;
  };
  const recorded = <T>(result: T): T => {
    watchers.tell();
    return result;
  };

  return {
    bookcase: {
      async read() {
        return bookcase;
      },
      async replace(value, expect) {
        check('The bookcase', bookcase, expect);
        if (!isDeepStrictEqual(value, bookcase.value)) bookcase = stamp(copy(value));
        return bookcase;
      },
    },

    users: {
      async list({ roles, offset = 0, limit = Infinity } = {}) {
        const lists = index.listsFor(roles);
        const total = lists.reduce((sum, list) => sum + list.size, 0);
        return { state: collection, users: mergedSlice(lists, byId, offset, limit), total };
      },
      async latest(count) {
        return { state: collection, users: index.changed.lastFirst(count) };
      },
      async state() {
        return collection;
      },
      async get(id) {
        return users.get(id);
      },
      async create(fields) {
        makeRoom();
        while (users.has(String(nextId))) nextId += 1;
        const entry = stamp({ id: String(nextId++), ...fields });
        store(entry);
        collectionChanged();
        record('created', entry.value, entry.version);
        return recorded(entry);
      },
      async put(user, expect): Promise<Replaced<User>> {
        const current = users.get(user.id);
        check(`User ${user.id}`, current, expect);
        if (current !== undefined && isDeepStrictEqual(current.value, user)) return { created: false, entry: current };
        if (current === undefined) makeRoom();
        const entry = stamp({ ...user });
        store(entry);
        collectionChanged();
        record(current === undefined ? 'created' : 'updated', entry.value, entry.version);
        return recorded({ created: current === undefined, entry });
      },
      async delete(id, expect) {
        const current = users.get(id);
        check(`User ${id}`, current, expect);
        if (current === undefined) return false;
        users.delete(id);
        index.remove(current);
        avatars.delete(id);
        collectionChanged();
        record('deleted', { id });
        return recorded(true);
      },
      async deleteAll(expect) {
        if (expect !== undefined && collection.version !== expect.version) throw new VersionMismatch('The user list');
        const count = users.size;
        for (const id of users.keys()) record('deleted', { id });
        users.clear();
        index.clear();
        avatars.clear();
        collectionChanged();
        return recorded(count);
      },
    },

    avatars: {
      async get(userId) {
        return avatars.get(userId);
      },
      async put(userId, avatar, expect) {
        const user = users.get(userId);
        if (user === undefined) return undefined;
        const current = avatars.get(userId);
        check(`The avatar of user ${userId}`, current, expect);
        if (current !== undefined && current.value.type === avatar.type && current.value.bytes.equals(avatar.bytes)) return { created: false, entry: current };
        const entry = stamp({ type: avatar.type, bytes: Buffer.from(avatar.bytes) });
        avatars.set(userId, entry);
        // The user's representation links to the avatar's version: it changed too.
        const changed = stamp(user.value);
        store(changed);
        collectionChanged();
        record('updated', changed.value, changed.version);
        return recorded({ created: current === undefined, entry });
      },
    },

    changes: {
      async after(id, limit) {
        return changes.filter((change) => change.id > id).slice(0, limit);
      },
      async range() {
        return { latest: latestChange, dropped: droppedChange };
      },
      watch: (listener) => watchers.watch(listener),
    },

    async close() {},
  };
}
