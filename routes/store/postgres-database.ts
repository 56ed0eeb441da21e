import pg from 'pg';
import type { Row, SqlDatabase, SqlTransaction } from './sql-database';

/** How many connections one service instance opens at most. */
export const POSTGRES_POOL_SIZE = 10;

/** How long a lost LISTEN connection waits before it connects again, in milliseconds. */
export const LISTEN_RETRY_MS = 1000;

/**
 * LISTEN on `channel` on a connection of its own (a pooled one goes back to the pool, and its
 * LISTEN with it): `onNotify` for each notification, and once after each reconnection, since
 * what was sent while the connection was down is lost (the listener reads what it missed).
 */
async function listenOn(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    const lost = () => {
      next.removeAllListeners();
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (!stopped) retry = setTimeout(() => void connect().then(onNotify, lost), LISTEN_RETRY_MS).unref();
    };
    next.on('error', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    await next.connect();
    // The channel is a constant of the code, never input: an identifier, quoted.
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/**
 * Connects to PostgreSQL (`postgres://user@host:port/database`) as a {@link SqlDatabase}: a pool of
 * connections, each transaction on one of them. Reads are REPEATABLE READ (one snapshot for a list
 * and its validators); writes READ COMMITTED, serialised by the store's lock on its clock row, so
 * that each statement after the lock sees what the previous writer committed, on any instance.
 */
export function openPostgresDatabase(url: string): SqlDatabase {
  const pool = new pg.Pool({ connectionString: url, max: POSTGRES_POOL_SIZE });
  // An idle connection that the server drops must not crash the process: the next query reconnects.
  pool.on('error', () => undefined);

  const transaction = async <T>(begin: string, work: (tx: SqlTransaction) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    const tx: SqlTransaction = {
      async all(sql, params = []) {
        return (await client.query(sql, params as unknown[])).rows as Row[];
      },
      async run(sql, params = []) {
        return (await client.query(sql, params as unknown[])).rowCount ?? 0;
      },
      async script(sql) {
        await client.query(sql);
      },
    };
    let broken: Error | undefined;
    try {
      await client.query(begin);
      const result = await work(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
      throw error;
    } finally {
      client.release(broken);
    }
  };

  return {
    engine: 'postgres',
    read: (work) => transaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', work),
    write: (work) => transaction('BEGIN', work),
    async query(sql, params = []) {
      return (await pool.query(sql, params as unknown[])).rows as Row[];
    },
    // Two instances starting at once: one migrates, the other waits and finds it done.
    migrationLock: 'SELECT pg_advisory_xact_lock(23)',
    listen: (channel, onNotify) => listenOn(url, channel, onNotify),
    close: () => pool.end(),
  };
}
