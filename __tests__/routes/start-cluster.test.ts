import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { type RedisServer, startRedis } from '../setup/redis-server';
import { AS_ADMIN } from '../setup/service-fixture';
import { type Answer, readAnswer } from '../setup/text-answer';

jest.setTimeout(300_000);

/** How long one step may wait for the cluster or Redis before the test fails, saying what it saw. */
const STEP_DEADLINE = 120_000;

const ROOT = join(__dirname, '..', '..');
/** The workers' SQLite data (DATA_DIR), never the repository's ./data. */
const DATA_DIR = mkdtempSync(join(tmpdir(), 'represent-cluster-'));
afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));
let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  await redis.stop();
});


/** One request on `agent` (one kept-alive connection: one worker). */
function call(agent: Agent, url: string, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // The service's writes need the admin's token (routes/README.md).
    const headers = body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...AS_ADMIN };
    const req = httpRequest(url, { method, agent, headers }, (res) => {
      readAnswer(res, resolve, reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('npm run start:cluster with REDIS_URL', () => {
  it('runs WORKERS workers on one port sharing the cache: a write through one invalidates it in the other', async () => {
    const child = spawn('npm', ['run', 'start:cluster'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', WORKERS: '2', REDIS_URL: redis.url, LOG_LEVEL: 'info', DATA_DIR },
    });
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let output = '';
    let errors = '';
    const outputListeners = new Set<() => void>();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      for (const listener of [...outputListeners]) listener();
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (errors += chunk));
    /** Fails the step `what` with everything the cluster printed, when `done` has not settled in time. */
    const within = <T>(what: string | (() => string), done: Promise<T>): Promise<T> => {
      let timer: NodeJS.Timeout | undefined;
      const failed = new Promise<never>((_, reject) => {
        const fail = (why: string): void => reject(new Error(`${typeof what === 'string' ? what : what()}: ${why}\n--- stdout\n${output}\n--- stderr\n${errors}`));
        timer = setTimeout(() => fail(`nothing after ${STEP_DEADLINE} ms`), STEP_DEADLINE);
        void exit.then((code) => fail(`the cluster exited with ${code}`));
      });
      return Promise.race([done, failed]).finally(() => clearTimeout(timer));
    };
    /** Resolves with what `pattern` finds in the output, once it does (no polling: on each chunk). */
    const printed = (pattern: RegExp): Promise<RegExpExecArray> =>
      within(
        `waiting for ${pattern}`,
        new Promise((resolve) => {
          const look = (): void => {
            const found = pattern.exec(output);
            if (found === null) return;
            outputListeners.delete(look);
            resolve(found);
          };
          outputListeners.add(look);
          look();
        }),
      );

    const announcements = createClient({ url: redis.url });
    const agents: Agent[] = [];
    try {
      await printed(/illustrative service on [\s\S]*illustrative service on /);
      expect(output).toContain('represent cluster: 2 workers');
      expect(output).toContain(`(shared cache on, on Redis at 127.0.0.1:${redis.port})`);
      const origin = /on (http:\/\/localhost:\d+)/.exec(output)![1]!;

      // The test hears what the workers announce on the cache's channel: the write of a new
      // response, and the removal a PUT makes.
      const heard: string[] = [];
      const hearListeners = new Set<() => void>();
      await announcements.connect();
      await announcements.subscribe('represent:cache:invalidations', (message) => {
        heard.push(message.slice(message.indexOf(' ') + 1));
        for (const listener of [...hearListeners]) listener();
      });
      const announced = (key: string): Promise<void> =>
        new Promise<void>((resolve) => {
          const from = heard.length;
          const look = (): void => {
            if (!heard.slice(from).includes(key)) return;
            hearListeners.delete(look);
            resolve();
          };
          hearListeners.add(look);
        });
      const heardOf = (what: string, announcement: Promise<void>): Promise<void> => within(() => `${what} (heard so far: ${heard.join(', ')})`, announcement);

      // Each agent keeps one connection, which the primary handed to one worker: the request log
      // names it. Agents are made until two workers answer.
      const workers = new Map<number, Agent>();
      for (let probe = 0; workers.size < 2 && probe < 8; probe++) {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        agents.push(agent);
        await within(`probe ${probe}`, call(agent, `${origin}/users/404?probe=${probe}`));
        const [, worker] = await printed(new RegExp(`"worker":(\\d+)[^\\n]*"path":"/users/404\\?probe=${probe}"`));
        if (!workers.has(Number(worker))) workers.set(Number(worker), agent);
      }
      const [a, b] = [...workers.values()];
      expect(b).toBeDefined();

      const key = `${origin}/bookcase`;
      const stored = announced(key);
      const first = await call(a!, key);
      expect([first.status, first.headers['x-cache']]).toEqual([200, 'MISS']);
      await heardOf('the store of the bookcase announced', stored);
      // Worker B never answered it: a hit from Redis, then from its L1.
      expect((await call(b!, key)).headers['x-cache']).toBe('HIT');
      expect((await call(b!, key)).headers['x-cache']).toBe('HIT');

      const removed = announced(key);
      expect((await call(a!, key, 'PUT', first.body)).status).toBe(204);
      await heardOf('the removal of the bookcase announced', removed);
      expect((await call(b!, key)).headers['x-cache']).toBe('MISS');
    } finally {
      for (const agent of agents) agent.destroy();
      announcements.destroy();
      child.kill('SIGTERM');
    }
    const killed = setTimeout(() => child.kill('SIGKILL'), STEP_DEADLINE);
    const code = await exit;
    clearTimeout(killed);
    if (code !== 0) throw new Error(`The cluster stopped with ${code}, not 0:\n${errors}`);
  });

  it('stops with exit 1 when REDIS_URL is not a redis: URL', async () => {
    const child = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: '0', DATA_DIR, REDIS_URL: 'http://127.0.0.1:6379' } });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    const killed = setTimeout(() => child.kill('SIGKILL'), STEP_DEADLINE);
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    clearTimeout(killed);
    expect(stderr).toContain("REDIS_URL 'http://127.0.0.1:6379' must be a redis: or rediss: URL");
  });
});
