import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';

/** Options of {@link startRedis}. */
export interface RedisServerOptions {
  /** Redis's `maxmemory`, such as `16mb`; none by default. */
  readonly maxmemory?: string;
  /** Redis's `maxmemory-policy`: `allkeys-lru` by default, what the RedisStore documents. */
  readonly policy?: string;
}

/** A redis-server this test started, on 127.0.0.1 and a free port, with nothing saved to disk. */
export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** The process id of the server running now. */
  readonly pid: number;
  /** SIGKILL: the server is gone at once, connections cut. */
  kill(): Promise<void>;
  /** Starts it again on the same port (after {@link kill}). */
  restart(): Promise<void>;
  /** SIGSTOP: the server holds its connections and answers nothing, as a hung server does. */
  pause(): void;
  /** SIGCONT, after {@link pause}. */
  resume(): void;
  /** One field of `INFO`, as a number (`used_memory`, `evicted_keys`). */
  info(field: string): Promise<number>;
  /** Stops it (by its PID) and removes its directory. */
  stop(): Promise<void>;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts Debian's redis-server for a test: its own port (never 6379, where the package's system
 * instance may run), bound to 127.0.0.1, `--save ''` and a temporary `--dir`, stopped by its PID.
 */
export async function startRedis(options: RedisServerOptions = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'represent-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  if (options.maxmemory !== undefined) args.push('--maxmemory', options.maxmemory, '--maxmemory-policy', options.policy ?? 'allkeys-lru');
  let child: ChildProcess;

  const launch = async (): Promise<void> => {
    child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          child.stdout!.off('data', onData);
          child.stdout!.resume();
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
  };
  const exited = (): Promise<void> =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));

  await launch();
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    port,
    get pid() {
      return child.pid!;
    },
    async kill() {
      process.kill(child.pid!, 'SIGKILL');
      await exited();
    },
    restart: launch,
    pause: () => process.kill(child.pid!, 'SIGSTOP'),
    resume: () => process.kill(child.pid!, 'SIGCONT'),
    async info(field) {
      const client = createClient({ url });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const text = await client.info();
        const line = text.split('\r\n').find((l) => l.startsWith(`${field}:`));
        if (line === undefined) throw new Error(`INFO has no ${field}`);
        return Number(line.slice(field.length + 1));
      } finally {
        client.destroy();
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(child.pid!, 'SIGCONT');
        process.kill(child.pid!, 'SIGTERM');
        await exited();
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
