import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The VCL the repository ships, which the tests run. */
export const REPRESENT_VCL = join(__dirname, '..', '..', 'deploy', 'varnish', 'represent.vcl');

/** A backend of the round-robin director. */
export interface VarnishBackend {
  readonly host: string;
  readonly port: number;
}

/** A varnishd this test started, on 127.0.0.1 and a free port, with its working directory in a temporary folder. */
export interface Varnish {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** What varnishd printed so far, for a failure's message. */
  output(): string;
  /** Stops it by its PID (SIGTERM, then SIGKILL of its process group past 10 s) and removes its folder. */
  stop(): Promise<void>;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether `exit` settles within `ms` (the timer cleared either way, so that nothing is left to wait for). */
export async function exitsWithin(exit: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([exit.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Debian's varnishd: on PATH for root, in /usr/sbin otherwise. */
function varnishd(): string {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir !== '' && existsSync(join(dir, 'varnishd'))) return join(dir, 'varnishd');
  if (existsSync('/usr/sbin/varnishd')) return '/usr/sbin/varnishd';
  throw new Error('varnishd is not installed: scripts/test-tools.sh installs Debian\'s varnish package');
}

/** Resolves when `check` holds, polled every 50 ms; rejects with `diagnose()` past `ms`. */
async function until(check: () => Promise<boolean>, ms: number, diagnose: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${diagnose()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether something on `port` answers an HTTP request with a status line. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('GET /varnish-ready HTTP/1.1\r\nHost: ready\r\nConnection: close\r\n\r\n'));
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text.startsWith('HTTP/1.1 ')));
  });
}

/**
 * Starts Debian's varnishd in the foreground (`-F`) with the repository's VCL
 * (deploy/varnish/represent.vcl), its `backends.vcl` written for `backends` in a temporary folder
 * (`-p vcl_path`), its working directory there too (`-n`), on `port` (a free one by default) of
 * 127.0.0.1, without privilege separation (`-j none`: the folder is the test's), no management
 * port, 32 MB of storage. Waits, 60 s at most, for it to answer HTTP; fails with its output.
 */
export async function startVarnish(backends: readonly VarnishBackend[], port?: number): Promise<Varnish> {
  const listen = port ?? (await freePort());
  const dir = await mkdtemp(join(tmpdir(), 'represent-varnish-'));
  const names = backends.map((_, index) => `instance${index}`);
  const vcl = backends.map((backend, index) => `backend ${names[index]} {\n    .host = "${backend.host}";\n    .port = "${backend.port}";\n}\n`).join('\n');
  await writeFile(join(dir, 'backends.vcl'), `${vcl}\nsub vcl_init {\n${names.map((name) => `    api.add_backend(${name});`).join('\n')}\n}\n`);
  const args = ['-F', '-j', 'none', '-n', join(dir, 'work'), '-a', `127.0.0.1:${listen}`, '-f', REPRESENT_VCL, '-p', `vcl_path=${dir}`, '-s', 'malloc,32m', '-T', 'none'];
  // A process group of its own: its cache worker goes with it if the manager has to be killed.
  const child: ChildProcess = spawn(varnishd(), args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const exited = (): boolean => child.exitCode !== null || child.signalCode !== null || spawnError !== undefined;
  const exit = new Promise<void>((resolve) => {
    if (exited()) resolve();
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });

  const stop = async (): Promise<void> => {
    if (!exited() && child.pid !== undefined) {
      process.kill(child.pid, 'SIGTERM');
      if (!(await exitsWithin(exit, 10_000))) {
        process.kill(-child.pid, 'SIGKILL');
        await exit;
      }
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await until(
      async () => {
        if (exited()) throw new Error(`varnishd exited (${spawnError?.message ?? child.exitCode ?? child.signalCode}) before answering:\n${output}`);
        return answers(listen);
      },
      60_000,
      () => `varnishd did not answer on 127.0.0.1:${listen} within 60 s:\n${output}`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${listen}`, port: listen, pid: child.pid!, output: () => output, stop };
}
