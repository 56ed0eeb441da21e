/**
 * Runs the HTTP cache conformance suite (https://github.com/http-tests/cache-tests, the suite
 * behind cache-tests.fyi) against the shared cache of middleware/cache. Not part of `npm test`:
 *
 *   git clone https://github.com/http-tests/cache-tests /tmp/cache-tests && (cd /tmp/cache-tests && npm i)
 *   npx tsx scripts/cache-conformance.ts            # the whole suite, about a minute
 *   npx tsx scripts/cache-conformance.ts --id=TEST  # one test, with the suite's full dump
 *   npx tsx scripts/cache-conformance.ts --instances=2  # two instances sharing Redis, requests alternating
 *
 * CACHE_TESTS_DIR names another checkout. The suite's code is never part of this repository.
 *
 * Set-up: the suite's origin on 127.0.0.1 (its server has no host flag: a preload makes
 * `listen(port)` bind 127.0.0.1), and in front of it express() → cache() → a plain reverse proxy.
 * The cache obeys CDN-Cache-Control here (`targetedFields`), as a gateway cache may (RFC 9213).
 *
 * `--instances=2`: two instances of that app, each with its own cache on a TieredStore (its own L1,
 * its own connections) on one Redis, as two processes behind a load balancer have; the requests
 * alternate between them. Redis is REDIS_URL, or a redis-server the script starts on a free port
 * (and stops).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, openSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import express, { type RequestHandler } from 'express';
import { RedisStore, TieredStore, cache } from '../middleware/cache';

const SUITE = process.env.CACHE_TESTS_DIR ?? '/tmp/cache-tests';
const ORIGIN_PORT = Number(process.env.ORIGIN_PORT ?? 8000);
const only = process.argv.find((arg) => arg.startsWith('--id='))?.slice('--id='.length) ?? '';
/** `--optimal` also lists the optimal tests that fail. */
const listOptimal = process.argv.includes('--optimal');
/** `--instances=2`: two instances sharing Redis, requests alternating. */
const instances = Number(process.argv.find((arg) => arg.startsWith('--instances='))?.slice('--instances='.length) ?? 1);

/** Hop-by-hop fields (RFC 9110 section 7.6.1), which a proxy does not forward. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function connectionNames(raw: readonly string[]): Set<string> {
  const names = new Set(HOP_BY_HOP);
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'connection') for (const name of raw[i + 1]!.split(',')) names.add(name.trim().toLowerCase());
  }
  return names;
}

/**
 * A plain reverse proxy to the origin. Request headers come from `req.headers`, which carries the
 * validators the cache adds; response headers from `rawHeaders`, since `headers` folds or drops
 * repeated Age, Expires and ETag lines. No keep-alive: the origin closes idle sockets after 5 s.
 */
function reverseProxy(port: number): RequestHandler {
  return function reverseProxy(req, res) {
    const hop = connectionNames(req.rawHeaders);
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!hop.has(name) && value !== undefined) headers[name] = value;
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.originalUrl, headers, agent: false });
    upstream.on('information', (info) => {
      // Interim responses go on to the client; the cache never sees (or stores) them.
      if (info.statusCode === 102) (res as ServerResponse & { writeProcessing(): void }).writeProcessing();
      else if (info.statusCode === 103) res.writeEarlyHints(info.headers as Record<string, string | string[]>);
    });
    let received: IncomingMessage | undefined;
    upstream.on('response', (response: IncomingMessage) => {
      received = response;
      const drop = connectionNames(response.rawHeaders);
      const lines: string[] = [];
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        if (!drop.has(response.rawHeaders[i]!.toLowerCase())) lines.push(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
      }
      res.writeHead(response.statusCode ?? 502, response.statusMessage ?? '', lines);
      response.pipe(res);
    });
    upstream.on('error', () => {
      // Bytes after a complete message (the origin's body can outrun its Content-Length) are not ours to pass on.
      if (received?.complete === true) return;
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    req.pipe(upstream);
  };
}

/** Starts the suite's origin on 127.0.0.1, restarting it when it dies (`interim-102` crashes it). */
function startOrigin(): { stop(): void } {
  const preload = '/tmp/cache-conformance-preload.mjs';
  writeFileSync(
    preload,
    `import http from 'node:http';
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (port, ...rest) {
  return typeof port === 'number' || typeof port === 'string' ? listen.call(this, Number(port), '127.0.0.1', ...rest) : listen.call(this, port, ...rest);
};
`,
  );
  let child: ChildProcess | undefined;
  let stopping = false;
  const start = (): void => {
    child = spawn(process.execPath, ['--import', preload, 'test-engine/server/server.mjs'], {
      cwd: SUITE,
      env: { ...process.env, npm_config_protocol: 'http', npm_config_port: String(ORIGIN_PORT), npm_config_pidfile: '/tmp/cache-conformance-origin.pid' },
      // Not inherited: a pipe held open by the origin would keep the caller waiting.
      stdio: ['ignore', 'ignore', openSync('/tmp/cache-conformance-origin.log', 'a')],
    });
    child.on('exit', () => {
      if (!stopping) setTimeout(start, 50);
    });
  };
  start();
  return {
    stop() {
      if (stopping) return;
      stopping = true;
      if (child?.pid !== undefined && child.exitCode === null) child.kill();
    },
  };
}

async function waitForOrigin(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port: ORIGIN_PORT, path: '/', agent: false }, (res) => resolve((res.resume(), true))).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the origin did not start on 127.0.0.1:${ORIGIN_PORT}`);
}

function runCli(base: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--no-warnings', 'test-engine/cli.mjs'], {
      cwd: SUITE,
      env: { ...process.env, npm_config_base: base, npm_config_id: only, npm_package_config_id: only },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (only !== '') process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', () => resolve(out));
  });
}

interface SuiteTest {
  readonly id: string;
  readonly name: string;
  readonly kind?: 'required' | 'optimal' | 'check';
}
type Result = true | [string, string] | undefined;
type Grade = readonly [string, string, string];

async function main(): Promise<void> {
  if (!existsSync(path.join(SUITE, 'test-engine/cli.mjs')) || !existsSync(path.join(SUITE, 'node_modules'))) {
    console.error(`No cache-tests checkout with node_modules in ${SUITE}: clone https://github.com/http-tests/cache-tests there and run npm i.`);
    process.exit(2);
  }
  const origin = startOrigin();
  process.on('exit', () => origin.stop());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
  const redis = instances > 1 ? await sharedRedis() : undefined;
  const stores: TieredStore[] = [];
  const apps = Array.from({ length: instances }, () => {
    const app = express();
    // Headers set before writeHead(status, rawLines) make Node fold repeated lines: the proxy must set none.
    app.disable('x-powered-by');
    let store: TieredStore | undefined;
    // A loaded machine's lag is not an outage here: the suite is about HTTP, not Redis timeouts.
    if (redis !== undefined) stores.push((store = new TieredStore({ redis: new RedisStore({ url: redis.url, prefix: redis.prefix, timeout: 5000 }) })));
    app.use(cache({ targetedFields: ['CDN-Cache-Control'], ...(store !== undefined && { store }) }));
    app.use(reverseProxy(ORIGIN_PORT));
    return app;
  });
  await Promise.all(stores.map((store) => Promise.all([store.ready(), store.redis.whenAvailable()])));
  let turn = 0;
  const server = http.createServer((req, res) => apps[turn++ % apps.length]!(req, res));
  try {
    await waitForOrigin();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const out = await runCli(base);
    if (only !== '') return;

    const results = JSON.parse(out.slice(out.indexOf('{'))) as Record<string, Result>;
    const suites = (await import(pathToFileURL(path.join(SUITE, 'tests/index.mjs')).href)).default as { tests: SuiteTest[] }[];
    const { determineTestResult, resultTypes } = (await import(pathToFileURL(path.join(SUITE, 'test-engine/lib/results.mjs')).href)) as {
      determineTestResult(suites: unknown, id: string, results: unknown): Grade;
      resultTypes: Record<string, Grade>;
    };
    const tally = { required: { passed: 0, total: 0 }, optimal: { passed: 0, total: 0 }, check: { passed: 0, total: 0 } };
    const failures: string[] = [];
    for (const suite of suites) {
      for (const test of suite.tests) {
        const kind = test.kind ?? 'required';
        const grade = determineTestResult(suites, test.id, results);
        const passed = grade === resultTypes.pass || grade === resultTypes.yes;
        tally[kind].total++;
        if (passed) tally[kind].passed++;
        else if (kind === 'required' || (kind === 'optimal' && listOptimal)) {
          const result = results[test.id];
          const reason = grade === resultTypes.dependency_fail ? 'a test it depends on failed' : Array.isArray(result) ? result.join(': ') : String(result);
          failures.push(`- ${kind === 'optimal' ? '(optimal) ' : ''}${test.id}: ${reason}`);
        }
      }
    }
    console.log(`required passed: ${tally.required.passed} / ${tally.required.total}`);
    console.log(`optimal passed: ${tally.optimal.passed} / ${tally.optimal.total}`);
    console.log(`checks yes: ${tally.check.passed} / ${tally.check.total}`);
    if (failures.length > 0) console.log(`failing tests:\n${failures.join('\n')}`);
    if (instances > 1) console.log(`instances: ${instances}, sharing Redis, requests alternating`);
  } finally {
    server.close();
    origin.stop();
    for (const store of stores) await Promise.all([store.close(), store.redis.close()]);
    redis?.stop();
  }
}

/** REDIS_URL under a prefix of this run's own, or a redis-server of its own on a free port, saving nothing. */
async function sharedRedis(): Promise<{ url: string; prefix: string; stop(): void }> {
  const prefix = `conformance:${process.pid}:${Date.now()}:`;
  if (process.env.REDIS_URL !== undefined) return { url: process.env.REDIS_URL, prefix, stop: () => undefined };
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-redis-'));
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s: ${output}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    prefix,
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
