import { isDeepStrictEqual } from 'node:util';
import { type Bookcase, seedBookcase } from '../model/bookcase';
import { ROLES, type Role, type User, seedUsers } from '../model/user';
import { idSortKey } from './id-order';
import { type Migration, migrate, readMigrations } from './migrations';
import { type Row, type SqlDatabase, type SqlTransaction, type SqlValue, toNumber } from './sql-database';
import type { Avatar, AvatarType, CollectionState, Expectation, Replaced, ServiceStore, StoreOptions, Versioned } from './store';
import { MAX_USERS, SEEDED_AT, StoreFull, VersionMismatch, checkExpectation } from './store';
import { type ChangeKind, type ChangeStore, ChangeWatchers, KEPT_CHANGES, type UserChange } from './user-changes';

/** Options of {@link openSqlStore}: those of every store (used only to seed a new database), and the migrations. */
export interface SqlStoreOptions extends StoreOptions {
  /** The schema migrations; those of `routes/store/migrations/` by default. */
  readonly migrations?: readonly Migration[];
}

const USER_COLUMNS = 'id, name, email, role, version, last_modified';

function validators(row: Row): { version: number; lastModified: Date } {
  return { version: toNumber(row.version), lastModified: new Date(toNumber(row.last_modified)) };
}

function userOf(row: Row): Versioned<User> {
  return { value: { id: String(row.id), name: String(row.name), email: String(row.email), role: row.role as Role }, ...validators(row) };
}

function avatarOf(row: Row): Versioned<Avatar> {
  return { value: { type: row.type as AvatarType, bytes: Buffer.from(row.bytes as Uint8Array) }, ...validators(row) };
}

const sortKey = (id: string): Buffer => Buffer.from(idSortKey(id), 'utf8');

/** The PostgreSQL channel a write's changes are announced on (NOTIFY, sent when it commits). */
export const CHANGES_CHANNEL = 'represent_user_changes';

/**
 * The open write transaction: it holds the clock row, so it gives out the next versions, ids and
 * change ids, and records them when the write is done.
 */
class Write {
  readonly at: number;
  /** The users' changes this write made, recorded with it by {@link end}. */
  readonly #changes: { kind: ChangeKind; userId: string; body: string | null; version: number | null }[] = [];

  private constructor(
    readonly tx: SqlTransaction,
    private version: number,
    private nextUserId: number,
    private lastChange: number,
    now: Date,
  ) {
    this.at = now.getTime();
  }

  /** Locks the clock row: the writers of every instance take turns from here to the commit. */
  static async begin(tx: SqlTransaction, now: Date): Promise<Write> {
    const [clock] = await tx.all('UPDATE clock SET version = version WHERE id = 1 RETURNING version, next_user_id, last_change');
    if (clock === undefined) throw new Error('The store has no clock row: it was not seeded');
    return new Write(tx, toNumber(clock.version), toNumber(clock.next_user_id), toNumber(clock.last_change), now);
  }

  /** A user created or updated (as stored now), or deleted: a change, given its id when the write ends. */
  changed(kind: ChangeKind, user: Versioned<User> | { readonly id: string }): void {
    this.#changes.push('value' in user ? { kind, userId: user.value.id, body: JSON.stringify(user.value), version: user.version } : { kind, userId: user.id, body: null, version: null });
  }

  /** Whether this write changed a user. */
  get changedUsers(): boolean {
    return this.#changes.length > 0;
  }

  /** The next store-wide version. */
  stamp(): number {
    return ++this.version;
  }

  /** The next id POST gives, skipping ids a PUT took. */
  async newUserId(): Promise<string> {
    while ((await this.tx.all('SELECT 1 FROM users WHERE id = $1', [String(this.nextUserId)])).length > 0) this.nextUserId += 1;
    return String(this.nextUserId++);
  }

  /** The user collection changed: its validators take a new version. */
  async collectionChanged(): Promise<void> {
    await this.tx.run('UPDATE user_collection SET version = $1, last_modified = $2 WHERE id = 1', [this.stamp(), this.at]);
  }

  /**
   * Records the versions and ids given out, and the changes, numbered after the last one (only
   * those within the last `kept`: older ones would be deleted at once), deleting the changes no
   * longer kept; `notify` announces them (PostgreSQL NOTIFY, delivered on commit). The commit follows.
   */
  async end(kept: number, notify: boolean): Promise<void> {
    const first = this.lastChange + 1;
    this.lastChange += this.#changes.length;
    const oldestKept = this.lastChange - kept + 1;
    for (const [i, change] of this.#changes.entries()) {
      const id = first + i;
      if (id < oldestKept) continue;
      await this.tx.run('INSERT INTO user_changes (id, kind, user_id, body, version) VALUES ($1, $2, $3, $4, $5)', [id, change.kind, change.userId, change.body, change.version]);
    }
    if (this.#changes.length > 0) {
      await this.tx.run('DELETE FROM user_changes WHERE id < $1', [oldestKept]);
      if (notify) await this.tx.all('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, String(this.lastChange)]);
    }
    await this.tx.run('UPDATE clock SET version = $1, next_user_id = $2, last_change = $3 WHERE id = 1', [this.version, this.nextUserId, this.lastChange]);
  }
}

function changeOf(row: Row): UserChange {
  const version = row.version === null ? undefined : toNumber(row.version);
  const user = row.body === null ? { id: String(row.user_id) } : (JSON.parse(String(row.body)) as User);
  return { id: toNumber(row.id), kind: row.kind as ChangeKind, user, ...(version !== undefined && { version }) };
}

/**
 * A changed-row count of zero from `UPDATE ... WHERE version = $expected`: the compare-and-set
 * failed, another writer got there first.
 */
function changed(count: number, what: string): void {
  if (count === 0) throw new VersionMismatch(what);
}

/** The version a write's `WHERE version = $n` compares with: the one expected, else the one read. */
function expected(expect: Expectation, current: Versioned<unknown>): number {
  return expect !== undefined && 'version' in expect ? expect.version : current.version;
}

async function insertUser(tx: SqlTransaction, entry: Versioned<User>): Promise<void> {
  const { id, name, email, role } = entry.value;
  await tx.run('INSERT INTO users (id, sort_key, name, email, role, version, last_modified) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    id,
    sortKey(id),
    name,
    email,
    role,
    entry.version,
    entry.lastModified.getTime(),
  ]);
}

/** Seeds an empty database as the memory store seeds itself: the same versions, so the same ETags. */
async function seed(tx: SqlTransaction, options: StoreOptions): Promise<void> {
  if ((await tx.all('SELECT 1 FROM clock')).length > 0) return;
  const at = (options.seededAt ?? SEEDED_AT).getTime();
  let version = 0;
  await tx.run('INSERT INTO bookcase (id, body, version, last_modified) VALUES (1, $1, $2, $3)', [JSON.stringify(options.bookcase ?? seedBookcase()), ++version, at]);
  const users = options.users ?? seedUsers();
  for (const user of users) await insertUser(tx, { value: user, version: ++version, lastModified: new Date(at) });
  await tx.run('INSERT INTO user_collection (id, version, last_modified) VALUES (1, $1, $2)', [version, at]);
  const nextUserId = Math.max(0, ...users.map((user) => Number(user.id)).filter(Number.isSafeInteger)) + 1;
  await tx.run('INSERT INTO clock (id, version, next_user_id) VALUES (1, $1, $2)', [version, nextUserId]);
}

/**
 * The store on a SQL database (SQLite or PostgreSQL, the same statements): migrates the schema
 * and seeds an empty database, then answers reads with queries and makes every write one
 * transaction that locks the clock row, checks what the write expects, writes with
 * `UPDATE ... WHERE version = $expected` (412 when no row changed) and commits before answering.
 */
export async function openSqlStore(db: SqlDatabase, options: SqlStoreOptions = {}): Promise<ServiceStore> {
  const now = options.now ?? (() => new Date());
  const maxUsers = options.maxUsers ?? MAX_USERS;
  const keptChanges = options.keptChanges ?? KEPT_CHANGES;
  await migrate(db, options.migrations ?? readMigrations(), (tx) => seed(tx, options));

  const watchers = new ChangeWatchers();
  // Another process's changes, when the database tells (PostgreSQL LISTEN); without it, the
  // followers poll (routes/user-event-feed.ts).
  const unlisten = db.listen === undefined ? undefined : await db.listen(CHANGES_CHANNEL, () => watchers.tell());
  const write = async <T>(work: (w: Write) => Promise<T>): Promise<T> => {
    let changedUsers = false;
    const result = await db.write(async (tx) => {
      const w = await Write.begin(tx, now());
      const result = await work(w);
      await w.end(keptChanges, db.engine === 'postgres');
      changedUsers = w.changedUsers;
      return result;
    });
    if (changedUsers) watchers.tell();
    return result;
  };

  const readBookcase = async (tx: Pick<SqlTransaction, 'all'>): Promise<Versioned<Bookcase>> => {
    const [row] = await tx.all('SELECT body, version, last_modified FROM bookcase WHERE id = 1');
    return { value: JSON.parse(String(row!.body)) as Bookcase, ...validators(row!) };
  };
  const readState = async (tx: Pick<SqlTransaction, 'all'>): Promise<CollectionState> => validators((await tx.all('SELECT version, last_modified FROM user_collection WHERE id = 1'))[0]!);
  const readUser = async (tx: Pick<SqlTransaction, 'all'>, id: string): Promise<Versioned<User> | undefined> => {
    const [row] = await tx.all(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    return row === undefined ? undefined : userOf(row);
  };
  const readAvatar = async (tx: Pick<SqlTransaction, 'all'>, userId: string): Promise<Versioned<Avatar> | undefined> => {
    const [row] = await tx.all('SELECT type, bytes, version, last_modified FROM avatars WHERE user_id = $1', [userId]);
    return row === undefined ? undefined : avatarOf(row);
  };
  const makeRoom = async (tx: SqlTransaction): Promise<void> => {
    const [row] = await tx.all('SELECT count(*) AS n FROM users');
    if (toNumber(row!.n) >= maxUsers) throw new StoreFull(maxUsers);
  };
  const oneQuery = { all: (sql: string, params?: readonly SqlValue[]) => db.query(sql, params) };

  return {
    bookcase: {
      read: () => readBookcase(oneQuery),
      replace: (value, expect) =>
        write(async (w) => {
          const current = await readBookcase(w.tx);
          checkExpectation('The bookcase', current, expect);
          if (isDeepStrictEqual(value, current.value)) return current;
          const entry = { value, version: w.stamp(), lastModified: new Date(w.at) };
          changed(await w.tx.run('UPDATE bookcase SET body = $1, version = $2, last_modified = $3 WHERE id = 1 AND version = $4', [JSON.stringify(value), entry.version, w.at, expected(expect, current)]), 'The bookcase');
          return entry;
        }),
    },

    users: {
      list: ({ roles, offset = 0, limit = Infinity } = {}) =>
        db.read(async (tx) => {
          const state = await readState(tx);
          if (roles !== undefined && roles.size === 0) return { state, users: [], total: 0 };
          const filtered = roles !== undefined && roles.size < ROLES.length;
          const names = filtered ? [...roles] : [];
          const where = filtered ? `WHERE role IN (${names.map((_, i) => `$${i + 1}`).join(', ')})` : '';
          const [count] = await tx.all(`SELECT count(*) AS n FROM users ${where}`, names);
          const n = names.length;
          const rows = await tx.all(`SELECT ${USER_COLUMNS} FROM users ${where} ORDER BY sort_key LIMIT $${n + 1} OFFSET $${n + 2}`, [
            ...names,
            Math.min(limit, Number.MAX_SAFE_INTEGER),
            offset,
          ]);
          return { state, users: rows.map(userOf), total: toNumber(count!.n) };
        }),
      latest: (count) =>
        db.read(async (tx) => ({
          state: await readState(tx),
          users: (await tx.all(`SELECT ${USER_COLUMNS} FROM users ORDER BY version DESC LIMIT $1`, [count])).map(userOf),
        })),
      state: () => readState(oneQuery),
      get: (id) => readUser(oneQuery, id),
      create: (fields) =>
        write(async (w) => {
          await makeRoom(w.tx);
          const entry: Versioned<User> = { value: { id: await w.newUserId(), ...fields }, version: w.stamp(), lastModified: new Date(w.at) };
          await insertUser(w.tx, entry);
          await w.collectionChanged();
          w.changed('created', entry);
          return entry;
        }),
      put: (user, expect) =>
        write(async (w): Promise<Replaced<User>> => {
          const current = await readUser(w.tx, user.id);
          checkExpectation(`User ${user.id}`, current, expect);
          const value: User = { id: user.id, name: user.name, email: user.email, role: user.role };
          if (current !== undefined && isDeepStrictEqual(current.value, value)) return { created: false, entry: current };
          const entry = { value, version: w.stamp(), lastModified: new Date(w.at) };
          if (current === undefined) {
            await makeRoom(w.tx);
            await insertUser(w.tx, entry);
          } else {
            changed(
              await w.tx.run('UPDATE users SET name = $1, email = $2, role = $3, version = $4, last_modified = $5 WHERE id = $6 AND version = $7', [
                value.name,
                value.email,
                value.role,
                entry.version,
                w.at,
                value.id,
                expected(expect, current),
              ]),
              `User ${user.id}`,
            );
          }
          await w.collectionChanged();
          w.changed(current === undefined ? 'created' : 'updated', entry);
          return { created: current === undefined, entry };
        }),
      delete: (id, expect) =>
        write(async (w) => {
          const current = await readUser(w.tx, id);
          checkExpectation(`User ${id}`, current, expect);
          if (current === undefined) return false;
          // The avatar goes with it: ON DELETE CASCADE.
          changed(await w.tx.run('DELETE FROM users WHERE id = $1 AND version = $2', [id, expected(expect, current)]), `User ${id}`);
          await w.collectionChanged();
          w.changed('deleted', { id });
          return true;
        }),
      deleteAll: (expect) =>
        write(async (w) => {
          const state = await readState(w.tx);
          if (expect !== undefined && state.version !== expect.version) throw new VersionMismatch('The user list');
          for (const row of await w.tx.all('SELECT id FROM users ORDER BY sort_key')) w.changed('deleted', { id: String(row.id) });
          const count = await w.tx.run('DELETE FROM users');
          changed(await w.tx.run('UPDATE user_collection SET version = $1, last_modified = $2 WHERE id = 1 AND version = $3', [w.stamp(), w.at, state.version]), 'The user list');
          return count;
        }),
    },

    avatars: {
      get: (userId) => readAvatar(oneQuery, userId),
      put: (userId, avatar, expect) =>
        write(async (w): Promise<Replaced<Avatar> | undefined> => {
          const user = await readUser(w.tx, userId);
          if (user === undefined) return undefined;
          const current = await readAvatar(w.tx, userId);
          checkExpectation(`The avatar of user ${userId}`, current, expect);
          if (current !== undefined && current.value.type === avatar.type && current.value.bytes.equals(avatar.bytes)) return { created: false, entry: current };
          const entry = { value: { type: avatar.type, bytes: Buffer.from(avatar.bytes) }, version: w.stamp(), lastModified: new Date(w.at) };
          if (current === undefined) {
            await w.tx.run('INSERT INTO avatars (user_id, type, bytes, version, last_modified) VALUES ($1, $2, $3, $4, $5)', [userId, avatar.type, entry.value.bytes, entry.version, w.at]);
          } else {
            changed(
              await w.tx.run('UPDATE avatars SET type = $1, bytes = $2, version = $3, last_modified = $4 WHERE user_id = $5 AND version = $6', [avatar.type, entry.value.bytes, entry.version, w.at, userId, expected(expect, current)]),
              `The avatar of user ${userId}`,
            );
          }
          // The user's representation links to the avatar's version: it changed too.
          const changedUser = { value: user.value, version: w.stamp(), lastModified: new Date(w.at) };
          changed(await w.tx.run('UPDATE users SET version = $1, last_modified = $2 WHERE id = $3 AND version = $4', [changedUser.version, w.at, userId, user.version]), `User ${userId}`);
          await w.collectionChanged();
          w.changed('updated', changedUser);
          return { created: current === undefined, entry };
        }),
    },

    changes: {
      after: async (id, limit) => (await db.query('SELECT id, kind, user_id, body, version FROM user_changes WHERE id > $1 ORDER BY id LIMIT $2', [id, limit])).map(changeOf),
      range: () =>
        db.read(async (tx) => {
          const [clock] = await tx.all('SELECT last_change FROM clock WHERE id = 1');
          const [oldest] = await tx.all('SELECT min(id) AS id FROM user_changes');
          const latest = toNumber(clock!.last_change);
          return { latest, dropped: oldest?.id === null || oldest === undefined ? latest : toNumber(oldest.id) - 1 };
        }),
      watch: (listener) => watchers.watch(listener),
    } satisfies ChangeStore,

    close: async () => {
      await unlisten?.();
      await db.close();
    },
  };
}
