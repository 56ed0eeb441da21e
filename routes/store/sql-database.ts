/** A row as a database answers it: column name to value (numbers may come as strings, see {@link toNumber}). */
export type Row = Readonly<Record<string, unknown>>;

/** A value bound to a `$n` placeholder. */
export type SqlValue = string | number | Buffer | null;

/** The statements of one transaction; placeholders are `$1`, `$2`, ... in every engine. */
export interface SqlTransaction {
  /** The rows a query answers. */
  all(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** Runs a statement; answers how many rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /** Runs a script of statements without parameters (a migration). */
  script(sql: string): Promise<void>;
}

/**
 * A database the SQL store runs on (SQLite or PostgreSQL): every read and every write is one
 * transaction, committed when `work` resolves and rolled back when it throws.
 */
export interface SqlDatabase {
  /** Which engine: the migrations are shared, a few statements are not. */
  readonly engine: 'sqlite' | 'postgres';
  /**
   * A read-only transaction that sees one snapshot, so that a list and its collection's
   * validators agree.
   */
  read<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** One query on its own (a transaction of one statement): a read needs no more. */
  query(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /**
   * A write transaction. Writers are serialised by the store (its first statement locks the
   * clock row), so each sees the data every earlier writer committed.
   */
  write<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /**
   * Listens on a notification channel (PostgreSQL LISTEN, on a connection of its own that
   * reconnects): `onNotify` is called for each NOTIFY committed there, by any process, and once
   * after each reconnection (notifications sent meanwhile are lost). Answers how to stop. Absent
   * for an engine that cannot (SQLite).
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** The statement that makes schema migrations exclusive across processes, run first in their transaction. */
  readonly migrationLock: string | undefined;
  close(): Promise<void>;
}

/** A BIGINT as a number: PostgreSQL's driver answers it as a string, SQLite's as a number. */
export function toNumber(value: unknown): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new TypeError(`Not an integer: ${String(value)}`);
  return number;
}
