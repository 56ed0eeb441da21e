import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, readMigrations } from '../../routes/store/migrations';
import { openSqliteDatabase } from '../../routes/store/sqlite-database';
import { openSqlStore } from '../../routes/store/sql-store';

const folder = mkdtempSync(join(tmpdir(), 'represent-migrations-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const file = () => join(folder, `${++files}.sqlite`);
const nothing = async () => undefined;

describe('readMigrations()', () => {
  it("reads the repository's migrations in version order", () => {
    expect(readMigrations().map((m) => [m.version, m.name])).toEqual([
      [1, 'init'],
      [2, 'user_changes'],
    ]);
  });

  it('orders by number, not by name, ignores other files and refuses one version twice', () => {
    const dir = mkdtempSync(join(folder, 'dir-'));
    for (const name of ['10_late.sql', '2_second.sql', '001_first.sql', 'notes.md']) writeFileSync(join(dir, name), 'SELECT 1;');
    expect(readMigrations(dir).map((m) => m.version)).toEqual([1, 2, 10]);
    writeFileSync(join(dir, '0002_again.sql'), 'SELECT 1;');
    expect(() => readMigrations(dir)).toThrow('Two migrations have version 2');
  });
});

describe('migrate()', () => {
  const one = { version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER);' };
  const two = { version: 2, name: 'two', sql: 'CREATE TABLE b (x INTEGER); INSERT INTO b VALUES (1);' };

  it('applies the migrations not yet recorded, in order, and records each', async () => {
    const db = openSqliteDatabase(file());
    try {
      expect(await migrate(db, [one], nothing)).toEqual([1]);
      expect(await migrate(db, [one, two], nothing)).toEqual([2]);
      expect(await migrate(db, [one, two], nothing)).toEqual([]);
      expect((await db.query('SELECT version, name FROM schema_migrations ORDER BY version')).map((r) => [r.version, r.name])).toEqual([[1, 'one'], [2, 'two']]);
      expect(await db.query('SELECT x FROM b')).toEqual([{ x: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('applies nothing when one migration fails: the schema stays as it was', async () => {
    const db = openSqliteDatabase(file());
    try {
      // A SqliteError comes from the native module's realm: matched by its message, not as an Error of jest's.
      await expect(migrate(db, [one, two, { version: 3, name: 'broken', sql: 'CREATE TABLE c (x INTEGER); NOT SQL;' }], nothing)).rejects.toMatchObject({ message: 'near "NOT": syntax error' });
      expect(await db.query("SELECT name FROM sqlite_master WHERE type = 'table'")).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('opens a store again without migrating or seeding twice, keeping what was written', async () => {
    const path = file();
    const first = await openSqlStore(openSqliteDatabase(path));
    await first.users.put({ id: 'kept', name: 'Kept', email: 'k@example.org', role: 'viewer' });
    await first.close();
    const second = await openSqlStore(openSqliteDatabase(path));
    try {
      expect((await second.users.get('kept'))?.value.name).toBe('Kept');
      expect((await second.users.list()).total).toBe(10);
      expect((await second.bookcase.read()).version).toBe(1);
    } finally {
      await second.close();
    }
  });
});
