import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AS_ADMIN } from '../setup/service-fixture';
import { type Answer, readAnswer } from '../setup/text-answer';

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..', '..');
/** Each start gets a data folder of its own (DATA_DIR), never the repository's ./data. */
const DATA = mkdtempSync(join(tmpdir(), 'represent-npm-start-'));
let starts = 0;
afterAll(() => rmSync(DATA, { recursive: true, force: true }));

interface Started {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: string;
  readonly output: () => string;
  readonly exit: Promise<number | null>;
}

/** Runs the real `npm start` on a free port (PORT=0) and waits for the URL it prints. */
function npmStart(env: Record<string, string> = {}): Promise<Started> {
  const child = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', DATA_DIR: join(DATA, String(++starts)), ...env } });
  let stdout = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL:\n${stdout}`)), 45_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      const url = /on (http:\/\/localhost:\d+)/.exec(stdout)?.[1];
      if (url !== undefined) {
        clearTimeout(timer);
        resolve({ child, url, output: () => stdout, exit });
      }
    });
    void exit.then((code) => reject(new Error(`npm start exited with ${code}:\n${stdout}`)));
  });
}


/** A plain HTTP request; `send` may hold back the end of the body until it resolves. */
function call(url: string, method = 'GET', headers: Record<string, string | number> = {}, body?: string, before?: () => Promise<void>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      readAnswer(res, resolve, reject);
    });
    req.on('error', reject);
    if (body === undefined) return void req.end();
    if (before === undefined) return void req.end(body);
    req.write(body.slice(0, 5));
    before().then(() => req.end(body.slice(5)), reject);
  });
}

describe('npm start', () => {
  it('prints the URL and the route table, serves, logs one line per request, and exits 0 on SIGTERM', async () => {
    const server = await npmStart();
    try {
      expect(server.output()).toContain('(shared cache on)');
      expect(server.output()).toMatch(/GET +\/bookcase +\[produces: application\/json, application\/xml\]/);
      const bookcase = await call(`${server.url}/bookcase`, 'GET', { Accept: 'application/xml' });
      expect(bookcase.status).toBe(200);
      expect(bookcase.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(bookcase.body).toContain('<bookcase><name>Living room</name>');
      expect((await call(`${server.url}/bookcase`, 'GET', { Accept: 'application/xml', 'If-None-Match': bookcase.headers.etag as string })).status).toBe(304);
      expect((await call(`${server.url}/users/404`)).status).toBe(404);
      const logged = () => server.output().split('\n').filter((line) => line.includes('"msg":"request"'));
      for (let wait = 0; wait < 50 && logged().length < 3; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
      const lines = logged();
      expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
        expect.objectContaining({ method: 'GET', path: '/bookcase', status: 200, ms: expect.any(Number), cache: 'MISS' }),
        expect.objectContaining({ method: 'GET', path: '/bookcase', status: 304 }),
        expect.objectContaining({ method: 'GET', path: '/users/404', status: 404 }),
      ]);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exit).toBe(0);
  });

  it('lets a request in flight finish after SIGTERM, then exits 0', async () => {
    const server = await npmStart({ CACHE: 'off' });
    expect(server.output()).toContain('(shared cache off)');
    const body = JSON.stringify({ name: 'Office', books: [] });
    const answer = await call(`${server.url}/bookcase`, 'PUT', { 'Content-Type': 'application/json', 'Content-Length': body.length, ...AS_ADMIN }, body, async () => {
      // Once the server has the request (its headers and the start of the body), stop it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.connection).toBe('close');
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('"outcome":"clean"');
  });

  it('names its origin from ORIGIN: feed links and cache keys use it, whatever the Host', async () => {
    const server = await npmStart({ ORIGIN: 'https://api.example.com' });
    try {
      expect(server.output()).toContain('(shared cache on, origin https://api.example.com)');
      const feed = await call(`${server.url}/users/feed`, 'GET', { Host: 'proxy-a.lan' });
      expect(feed.body).toContain('https://api.example.com/users/1');
      expect(feed.body).not.toContain('proxy-a.lan');
      // One entry for both Hosts: the feed is fresh for a minute, so the other Host is a hit.
      expect((await call(`${server.url}/users/feed`, 'GET', { Host: 'proxy-b.lan' })).headers['x-cache']).toBe('HIT');
      expect((await call(`${server.url}/bookcase`, 'GET', { Host: 'proxy-a.lan' })).headers['x-cache']).toBe('MISS');
      expect((await call(`${server.url}/bookcase`, 'GET', { Host: 'proxy-b.lan' })).headers['x-cache']).toBe('HIT');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exit).toBe(0);
  });

  it('keeps its data in SQLite in DATA_DIR, created and seeded on first start, kept across restarts', async () => {
    const dir = join(DATA, 'fresh', 'nested');
    const first = await npmStart({ DATA_DIR: dir, CACHE: 'off' });
    let etag: string;
    try {
      expect(first.output()).toContain(`Data in SQLite ${join(dir, 'represent.sqlite')}`);
      expect(existsSync(join(dir, 'represent.sqlite'))).toBe(true);
      const body = JSON.stringify({ name: 'Office', books: [] });
      const put = await call(`${first.url}/bookcase`, 'PUT', { 'Content-Type': 'application/json', 'Content-Length': body.length, 'If-Match': '"1"', ...AS_ADMIN }, body);
      expect(put.status).toBe(204);
      etag = (await call(`${first.url}/bookcase`)).headers.etag as string;
      expect(etag).toBe('"11;json"');
    } finally {
      first.child.kill('SIGTERM');
    }
    expect(await first.exit).toBe(0);
    const second = await npmStart({ DATA_DIR: dir, CACHE: 'off' });
    try {
      const bookcase = await call(`${second.url}/bookcase`);
      expect(JSON.parse(bookcase.body)).toEqual({ name: 'Office', books: [] });
      expect(bookcase.headers.etag).toBe(etag);
      expect((await call(`${second.url}/users/9`)).status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
    }
    expect(await second.exit).toBe(0);
  });

  it('exits 1 naming an ORIGIN that is not an http or https origin', async () => {
    const child = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: '0', DATA_DIR: join(DATA, 'refused'), ORIGIN: 'https://api.example.com/v1' } });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(stderr).toContain("origin 'https://api.example.com/v1' must be an http or https scheme and authority only");
  });
});
