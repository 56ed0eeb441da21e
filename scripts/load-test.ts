/**
 * `npm run test:load`: drives the illustrative service, started in its own process on 127.0.0.1,
 * with a mix of reads, conditional reads, writes and negotiated requests from 100 connections for
 * 60 s (autocannon), then stops it with SIGTERM. It passes when there were no connection errors or
 * timeouts, no 5xx, live memory after the run is within {@link MEMORY_BOUND} of live memory after
 * the warm-up, and the service exits 0. Prints the figures recorded in docs/reliability.md.
 *
 * Options: `--duration <s>` (60), `--connections <n>` (100), `--warmup <s>` (10).
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEVELOPMENT_TOKENS } from '../routes/auth/accounts';
import type { LoadServiceMessage } from './load-service';

/** Live memory (heap and external, after a full GC) may grow by at most this much during the run. */
export const MEMORY_BOUND = 16 * 1024 * 1024;

/** The whole run is cut off after this long, whatever happens. */
const HARD_LIMIT_MS = 5 * 60 * 1000;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

interface RequestSpec {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

const JSON_TYPE = 'application/json';
/** The writes need the admin's bearer token; load-service.ts runs with the development accounts. */
const AS_ADMIN = { Authorization: `Bearer ${DEVELOPMENT_TOKENS.admin}` };
const ids = (n: number): number => Math.floor(Math.random() * n);
const roles = ['admin', 'editor', 'viewer'] as const;

/**
 * The mix, one request per call: about 60% reads (half of them negotiated to XML, feeds or refused
 * with 406), 20% conditional reads, 20% writes. Writes go to a bounded set of users (`load-0` to
 * `load-49`), so that the data, and so the memory it takes, stays the same size during the run.
 */
function nextRequest(): RequestSpec {
  const roll = Math.random();
  const user = `load-${ids(50)}`;
  if (roll < 0.1) return { method: 'GET', path: '/bookcase' };
  if (roll < 0.2) return { method: 'GET', path: '/bookcase', headers: { Accept: 'application/xml' } };
  if (roll < 0.27) return { method: 'GET', path: `/users/${1 + ids(9)}`, headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } };
  if (roll < 0.34) return { method: 'GET', path: `/user/all;role=${roles[ids(3)]}?size=${1 + ids(5)}&page=${1 + ids(3)}` };
  if (roll < 0.4) return { method: 'GET', path: `/users/search?name=${'aeiou'[ids(5)]}` };
  if (roll < 0.45) return { method: 'GET', path: '/users/feed', headers: { Accept: ids(2) === 0 ? 'application/rss+xml' : 'application/atom+xml' } };
  if (roll < 0.5) return { method: 'GET', path: `/users/${user};fields=name,email`, headers: { Accept: 'application/json' } };
  if (roll < 0.53) return { method: 'GET', path: '/bookcase', headers: { Accept: 'text/csv' } };
  if (roll < 0.6) return { method: 'GET', path: `/users/${1 + ids(9)}/avatar` };
  if (roll < 0.7) return { method: 'GET', path: '/bookcase', headers: { 'If-None-Match': '"1;json"' } };
  if (roll < 0.8) return { method: 'GET', path: `/users/${1 + ids(9)}`, headers: { 'If-None-Match': `"${1 + ids(12)};json"`, 'If-Modified-Since': 'Mon, 01 Jan 2024 00:00:00 GMT' } };
  if (roll < 0.9) {
    const body = JSON.stringify({ name: `Load ${ids(1000)}`, email: `${user}@example.org`, role: roles[ids(3)] });
    return { method: 'PUT', path: `/users/${user}`, headers: { 'Content-Type': JSON_TYPE, ...AS_ADMIN }, body };
  }
  return { method: 'PATCH', path: `/users/${user}`, headers: { 'Content-Type': 'application/merge-patch+json', ...AS_ADMIN }, body: JSON.stringify({ role: roles[ids(3)] }) };
}

function startService(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(__dirname, 'load-service.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the service exited with ${code} before listening`)));
    child.once('message', (message: LoadServiceMessage) => {
      if (message.kind === 'listening') resolve({ child, port: message.port });
    });
  });
}

function memory(child: ChildProcess): Promise<Extract<LoadServiceMessage, { kind: 'memory' }>> {
  return new Promise((resolve) => {
    const listen = (message: LoadServiceMessage): void => {
      if (message.kind !== 'memory') return;
      child.off('message', listen);
      resolve(message);
    };
    child.on('message', listen);
    child.send({ kind: 'memory' });
  });
}

type Run = autocannon.Result & { statusCodeStats?: Record<string, { count: number }> };

function drive(port: number, seconds: number, connections: number): Promise<Run> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    // Each connection asks for a fresh request from the mix every time.
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, ...nextRequest() }) }],
  } as autocannon.Options) as Promise<Run>;
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const duration = option('duration', 60);
  const connections = option('connections', 100);
  const warmup = option('warmup', 10);
  const deadline = setTimeout(() => {
    console.error(`load test: cut off after ${HARD_LIMIT_MS / 1000} s`);
    process.exit(2);
  }, HARD_LIMIT_MS);
  deadline.unref();

  const { child, port } = await startService();
  let exitCode: Promise<number | null> = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    console.log(`load test: service on 127.0.0.1:${port}; warm-up ${warmup} s, then ${duration} s at ${connections} connections`);
    await drive(port, warmup, connections);
    const before = await memory(child);
    const run = await drive(port, duration, connections);
    const after = await memory(child);

    const statuses = Object.fromEntries(Object.entries(run.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
    const fiveHundreds = Object.entries(statuses).filter(([code]) => code.startsWith('5')).reduce((sum, [, count]) => sum + count, 0);
    const growth = after.heapUsed + after.external - (before.heapUsed + before.external);
    child.kill('SIGTERM');
    const code = await exitCode;
    exitCode = Promise.resolve(code);

    const report = {
      durationSeconds: duration,
      connections,
      requests: run.requests.total,
      requestsPerSecond: Math.round(run.requests.average),
      latencyMs: { average: run.latency.average, p99: run.latency.p99 },
      statuses,
      errors: run.errors,
      timeouts: run.timeouts,
      fiveHundreds,
      memoryAfterWarmup: { live: mib(before.heapUsed + before.external), rss: mib(before.rss), users: before.users, cache: mib(before.cacheBytes) },
      memoryAtEnd: { live: mib(after.heapUsed + after.external), rss: mib(after.rss), users: after.users, cache: mib(after.cacheBytes) },
      liveMemoryGrowth: mib(growth),
      bound: mib(MEMORY_BOUND),
      exitCode: code,
    };
    console.log(JSON.stringify(report, null, 2));
    const failures = [
      run.errors > 0 && `${run.errors} connection errors`,
      run.timeouts > 0 && `${run.timeouts} timeouts`,
      fiveHundreds > 0 && `${fiveHundreds} responses with a 5xx status`,
      growth > MEMORY_BOUND && `live memory grew by ${mib(growth)}, over the bound of ${mib(MEMORY_BOUND)}`,
      code !== 0 && `the service exited with ${code} on SIGTERM`,
    ].filter(Boolean);
    if (failures.length > 0) {
      console.error(`load test FAILED: ${failures.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log('load test passed');
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    clearTimeout(deadline);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
