import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlDatabase, SqlTransaction } from './sql-database';
import { toNumber } from './sql-database';

/** A schema migration: `migrations/<version>_<name>.sql`. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The folder of the migrations, versioned with the code. */
export const MIGRATIONS_DIR = join(__dirname, 'migrations');

/** The migrations in `dir`, in the order of their versions (`001_init.sql` is version 1). */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .map((file) => /^(\d+)_([\w-]+)\.sql$/.exec(file))
    .filter((match) => match !== null)
    .map((match) => ({ version: Number(match[1]), name: match[2]!, sql: readFileSync(join(dir, match[0]), 'utf8') }))
    .sort((a, b) => a.version - b.version);
  const twice = migrations.find((m, i) => i > 0 && migrations[i - 1]!.version === m.version);
  if (twice !== undefined) throw new Error(`Two migrations have version ${twice.version}`);
  return migrations;
}

/**
 * Applies, in one transaction, the migrations the database has not recorded in
 * `schema_migrations`, in order, then runs `then` (the seeding) in the same transaction: a start
 * that fails half-way leaves the database as it was, and two instances starting at once apply
 * each migration once (SQLite's write lock, PostgreSQL's advisory lock). Answers the versions applied.
 */
export async function migrate(db: SqlDatabase, migrations: readonly Migration[], then: (tx: SqlTransaction) => Promise<void>): Promise<number[]> {
  return db.write(async (tx) => {
    if (db.migrationLock !== undefined) await tx.all(db.migrationLock);
    await tx.run('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    const applied = new Set((await tx.all('SELECT version FROM schema_migrations')).map((row) => toNumber(row.version)));
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.script(migration.sql);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, Date.now()]);
      done.push(migration.version);
    }
    await then(tx);
    return done;
  });
}
