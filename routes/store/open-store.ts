import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { openPostgresDatabase } from './postgres-database';
import { openSqliteDatabase } from './sqlite-database';
import { type SqlStoreOptions, openSqlStore } from './sql-store';
import type { ServiceStore } from './store';

/** The file of the SQLite database, in the data folder. */
export const SQLITE_FILE = 'represent.sqlite';

/** Where `npm start` keeps its data: a SQLite file, or a PostgreSQL database. */
export type StoreLocation = { readonly engine: 'sqlite'; readonly file: string } | { readonly engine: 'postgres'; readonly url: string };

/**
 * The store the environment names: PostgreSQL at `DATABASE_URL` when it is set (and not empty),
 * else SQLite in `DATA_DIR` (relative to the working directory; `./data` by default, which
 * `npm start` runs in the repository root).
 */
export function storeLocation(env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): StoreLocation {
  const url = env.DATABASE_URL;
  if (url !== undefined && url !== '') {
    // The scheme alone in the message: the rest may hold a password.
    if (!/^postgres(?:ql)?:\/\//.test(url)) throw new Error(`DATABASE_URL must be a postgres:// or postgresql:// URL, not ${/^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0] ?? 'one without a scheme'}`);
    return { engine: 'postgres', url };
  }
  const dir = env.DATA_DIR === undefined || env.DATA_DIR === '' ? 'data' : env.DATA_DIR;
  return { engine: 'sqlite', file: resolve(cwd, dir, SQLITE_FILE) };
}

/** The location for a log line: a URL's password is never printed. */
export function describeLocation(location: StoreLocation): string {
  if (location.engine === 'sqlite') return `SQLite ${location.file}`;
  try {
    const url = new URL(location.url);
    if (url.password !== '') url.password = '***';
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return 'PostgreSQL (an unparsable URL)';
  }
}

/** Options of {@link openStore}: those of the SQL store, and where to report what goes wrong with the database. */
export interface OpenStoreOptions extends SqlStoreOptions {
  /**
   * Logs, as an error, that the SQLite file was deleted or replaced while the service ran (its
   * writes are refused from then on); `console.error` by default.
   */
  readonly logger?: Pick<Logger, 'error'>;
}

/** Opens the store at `location`, creating, migrating and seeding its database when needed. */
export function openStore(location: StoreLocation, options: OpenStoreOptions = {}): Promise<ServiceStore> {
  const { logger } = options;
  const db =
    location.engine === 'sqlite'
      ? openSqliteDatabase(location.file, logger === undefined ? {} : { onFileLost: (error) => logger.error({ err: error, file: error.file }, 'database file lost: writes refused until restart') })
      : openPostgresDatabase(location.url);
  return openSqlStore(db, options).catch(async (error: unknown) => {
    await db.close().catch(() => undefined);
    throw error;
  });
}
