import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { useWriteAheadLog } from '../../routes/store/sqlite-database';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'represent-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What one process running `script` with `args` printed, with a deadline of its own. */
function run(script: string, ...args: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, script), ...args], { cwd: ROOT });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 && signal === null ? output.trim() : `exit ${signal ?? code}: ${output}`);
    });
  });
}

/** What one process opening `file` at `at` printed. */
const openFrom = (file: string, at: number): Promise<string> => run('open-sqlite-store.ts', file, String(at));

/** A connection whose journal-mode change answers each of `errors` in turn, then succeeds. */
function connection(errors: readonly (string | undefined)[]): { db: Database.Database; calls: () => number } {
  let calls = 0;
  const db = {
    exec(source: string) {
      expect(source).toBe('PRAGMA journal_mode = WAL');
      const code = errors[calls++];
      if (code === undefined) return;
      throw Object.assign(new Error(code === 'SQLITE_BUSY' ? 'database is locked' : code), { code });
    },
  };
  return { db: db as unknown as Database.Database, calls: () => calls };
}

describe('useWriteAheadLog', () => {
  it('switches to the write-ahead log at once when the file is free', () => {
    const { db, calls } = connection([]);
    useWriteAheadLog(db);
    expect(calls()).toBe(1);
  });

  it('retries while another process holds the file (SQLITE_BUSY, which SQLite does not wait on here)', () => {
    const { db, calls } = connection(['SQLITE_BUSY', 'SQLITE_BUSY', 'SQLITE_BUSY']);
    useWriteAheadLog(db);
    expect(calls()).toBe(4);
  });

  it('throws any other error at once', () => {
    const { db, calls } = connection(['SQLITE_CORRUPT']);
    expect(() => useWriteAheadLog(db)).toThrow('SQLITE_CORRUPT');
    expect(calls()).toBe(1);
  });
});

describe('the service store, opened from several processes at once', () => {
  // The workers of `npm run start:cluster` open one new file together. Before the journal-mode
  // change was retried, about one process in 25 lost that race with SQLITE_BUSY (3 of 80, four
  // at a time) and the cluster stopped.
  it('opens, migrates and seeds one new file in every process, none refused as busy', async () => {
    const printed: string[] = [];
    for (let round = 0; round < 4; round++) {
      const file = join(dir, `round-${round}`, 'represent.sqlite');
      const at = Date.now() + 1_500;
      printed.push(...(await Promise.all(Array.from({ length: 4 }, () => openFrom(file, at)))));
    }
    expect(printed.filter((line) => line !== 'opened')).toEqual([]);
  });
});

describe('the service store, once closed and dropped', () => {
  // better-sqlite3 12 built for Node 24 aborted the process (`Assertion failed: (env) != nullptr`
  // in Statement::~Statement) whenever V8 collected one of its objects: a worker of
  // `npm run start:cluster` died at exit, `npm start` sometimes while starting.
  it('lets the process collect its garbage and go on', async () => {
    expect(await run('collect-sqlite-store.ts', join(dir, 'collected', 'represent.sqlite'))).toBe('collected');
  });
});
