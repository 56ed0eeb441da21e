import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A PostgreSQL server a test started: its own cluster in a temporary folder, on a free port. */
export interface RunningPostgres {
  /** The postmaster's process id. */
  readonly pid: number;
  /** The URL of a database on this server (`postgres` by default). */
  url(database?: string): string;
  /** Creates a new empty database and answers its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (fast shutdown, by its PID) and deletes its folder. */
  stop(): Promise<void>;
  /** The same without waiting, for a process's `exit` handler: the signal is sent, the folder deleted. */
  stopNow(): void;
}

/** Debian's postgresql package puts its binaries here, not on PATH: the newest version's. */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`No PostgreSQL in ${root}: install Debian's postgresql package (scripts/test-tools.sh does)`);
  return join(root, versions[0]!, 'bin');
}

/** A port no one listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function until(ready: () => Promise<boolean>, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts a PostgreSQL server of its own: `initdb` into a temporary folder (owned by `postgres`
 * when the tests run as root), then `postgres` on a free 127.0.0.1 port with its socket in that
 * folder, trust authentication, fsync off (a test's data need not survive a power cut). Answers
 * once it accepts connections.
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'represent-pg-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  execFileSync(...asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']), { stdio: 'pipe' });
  const port = await freePort();
  const [command, args] = asPostgres(join(bin, 'postgres'), ['-D', data, '-k', dir, '-p', String(port), '-h', '127.0.0.1', '-F', '-c', 'max_connections=200']);
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await until(
      () =>
        query('SELECT 1').then(
          () => true,
          () => false,
        ),
      `PostgreSQL did not accept connections (${log.trim()})`,
      30_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // The postmaster, not runuser: its PID is the first line of postmaster.pid.
  const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let databases = 0;
  /** SIGINT: fast shutdown, open connections are cut. */
  const signal = (): void => {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // Already gone.
    }
  };
  return {
    pid,
    url,
    async createDatabase() {
      const name = `test_${++databases}`;
      await query(`CREATE DATABASE ${name}`);
      return url(name);
    },
    async stop() {
      signal();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
    stopNow() {
      signal();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
