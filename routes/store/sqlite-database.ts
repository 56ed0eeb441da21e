import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type DatabaseFileLost, watchDatabaseFile } from './database-file';
import type { Row, SqlDatabase, SqlTransaction, SqlValue } from './sql-database';

/** How long a write waits for another process's write to finish before it fails, in milliseconds. */
export const SQLITE_BUSY_TIMEOUT = 5_000;

/**
 * The transactions queued on each file, in this process. Statements run synchronously, but a
 * transaction awaits between them: another transaction of this process must not start then, on
 * this connection (its statements would join the open transaction) or on another one to the same
 * file (its wait for SQLite's lock would block the thread, so the open one could never commit).
 * Other processes wait on SQLite's file lock, up to {@link SQLITE_BUSY_TIMEOUT}.
 */
const turns = new Map<string, Promise<unknown>>();

/**
 * Every connection and statement this thread opened, kept reachable until the thread exits, closed
 * or not. better-sqlite3 12 wraps them in node::ObjectWrap, whose destructor, built against Node
 * 24's headers, removes an environment clean-up hook through the isolate's current context; V8 runs
 * the destructor of a collected object from a task with no context entered, and Node aborts
 * (`Assertion failed: (env) != nullptr` in Statement::~Statement). So none may ever be collected:
 * what is kept is bounded by the databases opened (one per process in the service) and the SQL the
 * code holds, never by requests. better-sqlite3 13 has no such destructor but needs Node 22, and this
 * project supports Node 20.19.
 */
const keptForNode24: object[] = [];

/** Blocks this thread for `ms` milliseconds (a start-up wait, never on a request's path). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Switches `db` to write-ahead logging. Several processes opening a new file at once (the workers
 * of `npm run start:cluster`) race to change its journal mode, and the loser gets SQLITE_BUSY at
 * once: SQLite does not call the busy handler on that path (seen here: 3 of 80 processes, four
 * at a time on a fresh file). So the change is retried, backing off from 5 to 100 ms, for up to
 * {@link SQLITE_BUSY_TIMEOUT} as any other wait for a lock.
 */
export function useWriteAheadLog(db: Database.Database): void {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      // `exec`, not `pragma`: a statement prepared inside better-sqlite3 could not be kept.
      db.exec('PRAGMA journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() + wait > deadline) throw error;
      sleepSync(wait);
    }
  }
}

/** Options of {@link openSqliteDatabase}. */
export interface SqliteOptions {
  /**
   * Hears, once, that the database file was deleted or replaced while open: from then on every
   * write throws {@link DatabaseFileLost}. `console.error` by default, so that it is never silent.
   */
  readonly onFileLost?: (error: DatabaseFileLost) => void;
}

/**
 * Opens (creating it and its folder when missing) a SQLite database file as a {@link SqlDatabase}.
 * better-sqlite3 runs each statement synchronously on one connection; the transactions of this
 * process take turns on the file (a queue), those of other processes wait on SQLite's file lock.
 *
 * Durable by default: write-ahead log, `synchronous = FULL` (each commit is on disk before the
 * write is answered, so a power cut loses no acknowledged write either, not only a killed process),
 * foreign keys enforced.
 *
 * Every write checks first, and again before it commits, that the file at `path` is still the one
 * opened ({@link watchDatabaseFile}): a write to a deleted or replaced file would be acknowledged
 * and then lost at the next start. It throws {@link DatabaseFileLost} instead, rolled back.
 */
export function openSqliteDatabase(path: string, options: SqliteOptions = {}): SqlDatabase {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { timeout: SQLITE_BUSY_TIMEOUT });
  keptForNode24.push(db);
  useWriteAheadLog(db);
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  const checkFile = file === ':memory:' ? () => undefined : watchDatabaseFile(file, options.onFileLost ?? ((error) => console.error(error.message)));

  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
      keptForNode24.push(statement);
    }
    return statement;
  };
  // `$1` is a named parameter to SQLite, bound from the key `1`.
  const named = (params: readonly SqlValue[]): Record<string, SqlValue> => Object.fromEntries(params.map((value, i) => [String(i + 1), value]));
  const tx: SqlTransaction = {
    async all(sql, params = []) {
      return prepared(sql).all(named(params)) as Row[];
    },
    async run(sql, params = []) {
      return prepared(sql).run(named(params)).changes;
    },
    async script(sql) {
      db.exec(sql);
    },
  };

  /** Runs `work` in a transaction; `check` runs before it begins and before it commits (a throw rolls back). */
  const transaction = <T>(begin: string, work: (tx: SqlTransaction) => Promise<T>, check?: () => void): Promise<T> => {
    const run = async (): Promise<T> => {
      check?.();
      db.exec(begin);
      try {
        const result = await work(tx);
        check?.();
        db.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    };
    return take(run);
  };
  /** Runs `work` after every transaction already queued on this file, in this process. */
  const take = <T>(work: () => Promise<T>): Promise<T> => {
    const result = (turns.get(file) ?? Promise.resolve()).then(work, work);
    const tail: Promise<unknown> = result.then(
      () => turns.get(file) === tail && turns.delete(file),
      () => turns.get(file) === tail && turns.delete(file),
    );
    turns.set(file, tail);
    return result;
  };

  return {
    engine: 'sqlite',
    // A deferred transaction reads one snapshot of the write-ahead log.
    read: (work) => transaction('BEGIN', work),
    query: (sql, params) => take(() => tx.all(sql, params)),
    // IMMEDIATE takes the write lock at once: two processes never both read, then both write.
    // The file is checked at the write's turn, and again before it commits: the file may go while
    // the transaction awaits between its statements.
    write: (work) => transaction('BEGIN IMMEDIATE', work, checkFile),
    migrationLock: undefined,
    async close() {
      await take(async () => db.close());
    },
  };
}
