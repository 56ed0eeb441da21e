import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AS_ADMIN } from '../setup/service-fixture';

/**
 * Graceful shutdown under load: the service (`routes/server.ts`, as `npm start` runs it) in its own
 * process, with a stream of requests going and uploads half sent. SIGTERM → the uploads in flight
 * complete, new connections are refused, nothing answers 5xx, and the process exits 0. Every
 * request the service received is in its log, and each was answered: a client whose connection was
 * still in the kernel's accept queue when the listening socket closed gets a reset, as from any
 * server that stops listening, and its request never reached the service.
 */

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..', '..');
/** The service's SQLite data (DATA_DIR), fresh for this test, never the repository's ./data. */
const DATA_DIR = mkdtempSync(join(tmpdir(), 'represent-shutdown-'));
afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));

function start(): Promise<{ child: ChildProcessWithoutNullStreams; port: number; exit: Promise<number | null>; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'routes/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR },
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stdout = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service printed no URL:\n${stdout}`)), 45_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      const port = /on http:\/\/localhost:(\d+)/.exec(stdout)?.[1];
      if (port !== undefined) {
        clearTimeout(timer);
        resolve({ child, port: Number(port), exit, output: () => stdout });
      }
    });
    void exit.then((code) => reject(new Error(`the service exited with ${code}:\n${stdout}`)));
  });
}

type Outcome = { readonly status: number } | { readonly error: string };

function send(port: number, method: string, path: string, body?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...AS_ADMIN };
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(body);
  });
}

/** An upload whose body is sent in two halves: the request is in flight until `finish` is called. */
function halfUpload(port: number, id: string): { readonly sent: Promise<void>; finish(): void; readonly outcome: Promise<Outcome> } {
  const body = JSON.stringify({ name: `Upload ${id}`, email: `${id}@example.org`, role: 'viewer' });
  let finish = (): void => undefined;
  let sent = (): void => undefined;
  const sentPromise = new Promise<void>((resolve) => (sent = resolve));
  const outcome = new Promise<Outcome>((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'PUT', path: `/users/${id}`, agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...AS_ADMIN } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.write(body.slice(0, 10), () => sent());
    finish = () => req.end(body.slice(10));
  });
  return { sent: sentPromise, finish: () => finish(), outcome };
}

/** Requests answered before the signal is sent. */
const LOADED = 60;

describe('SIGTERM while the service is under load', () => {
  it('lets the requests in flight complete, refuses new connections, answers no 5xx and exits 0', async () => {
    const { child, port, exit, output } = await start();
    let stopping = false;
    const outcomes: { outcome: Outcome; afterSignal: boolean }[] = [];

    // 20 clients, each sending requests one after another until the service is gone.
    const load = Array.from({ length: 20 }, async (_, client) => {
      for (let i = 0; ; i++) {
        const afterSignal = stopping;
        const outcome =
          i % 3 === 2
            ? await send(port, 'PUT', `/users/load-${client}`, JSON.stringify({ name: `Load ${i}`, email: `c${client}@example.org`, role: 'editor' }))
            : await send(port, 'GET', i % 3 === 0 ? '/bookcase' : `/users/${1 + (i % 9)}`);
        outcomes.push({ outcome, afterSignal });
        if ('error' in outcome && stopping) return;
      }
    });

    const uploads = Array.from({ length: 10 }, (_, i) => halfUpload(port, `in-flight-${i}`));
    await Promise.all(uploads.map((u) => u.sent));
    // Under load: the signal comes once 60 requests have been answered, however long the machine
    // takes to answer them (a fixed wait measured the machine's speed instead).
    while (outcomes.length < LOADED) await new Promise((resolve) => setTimeout(resolve, 10));

    const beforeSignal = [...outcomes];
    stopping = true;
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));

    // The server has stopped listening: a new connection is refused while the uploads are still open.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');

    for (const upload of uploads) upload.finish();
    const finished = await Promise.all(uploads.map((u) => u.outcome));
    expect(finished).toEqual(Array.from({ length: 10 }, () => ({ status: 201 })));

    await Promise.all(load);
    expect(await exit).toBe(0);

    // The service's own account: one log line per request it received, each answered, none with a 5xx.
    const logged = output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; status?: number | string })
      .filter((line) => line.msg === 'request');
    expect(logged.filter((line) => typeof line.status !== 'number' || line.status >= 500)).toEqual([]);
    const answered = outcomes.filter((o) => 'status' in o.outcome);
    expect(logged).toHaveLength(answered.length + uploads.length);
    // Under load before the signal, every request got its answer.
    expect(beforeSignal.length).toBeGreaterThanOrEqual(LOADED);
    expect(beforeSignal.filter((o) => !('status' in o.outcome))).toEqual([]);
    expect(answered.filter((o) => (o.outcome as { status: number }).status >= 500)).toEqual([]);
    // The other clients found the door closed: refused, or reset from the accept queue.
    for (const { outcome } of outcomes.filter((o) => 'error' in o.outcome)) {
      expect(['ECONNREFUSED', 'ECONNRESET']).toContain((outcome as { error: string }).error);
    }
  });
});
