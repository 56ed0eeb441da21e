import { type Server, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import express from 'express';
import { createRouter } from '../../src';

/**
 * Handler faults and clients that go away: a handler that throws, rejects, never resolves (the
 * route's time limit answers 503 or 504), or writes half a response; a client that disconnects
 * mid-upload or mid-download. After each, the server still serves, every connection is closed,
 * and no timer, socket or listener is left behind.
 */

jest.setTimeout(20_000);

interface Answer {
  readonly status: number;
  readonly body: string;
  /** The connection broke before the response was complete. */
  readonly broken: boolean;
}

function get(url: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, broken: !res.complete }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body, broken: true }));
    });
    req.on('error', () => resolve({ status: 0, body: '', broken: true }));
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts of the process's active resources by type: timers, sockets, servers. */
function resources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

async function until(condition: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe('handler faults and disconnecting clients', () => {
  let server: Server;
  let base: string;
  let port: number;
  const onError = jest.fn();
  const downloads = { started: 0, aborted: 0, timersLeft: 0 };
  const uploaded = jest.fn();

  beforeAll(async () => {
    const api = createRouter({ onError });
    api.get('/ok').handle(() => ({ ok: true }));
    api.get('/throws').handle(() => {
      throw new Error('secret detail at /work/main/src/thing.ts:12');
    });
    api.get('/rejects').handle(async () => {
      await sleep(5);
      throw new TypeError('undefined is not a function');
    });
    api.get('/never-503').timeout(100).handle(() => new Promise(() => undefined));
    api.get('/never-504').timeout(100, { status: 504 }).handle(() => new Promise(() => undefined));
    api.get('/half-then-throws').handle((ctx) => {
      ctx.res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '100' });
      ctx.res.write('half of it');
      throw new Error('failed mid-response');
    });
    api.get('/half-then-rejects').handle(async (ctx) => {
      ctx.res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '100' });
      ctx.res.write('half of it');
      await sleep(10);
      throw new Error('failed mid-response');
    });
    api
      .get('/half-then-hangs')
      .timeout(100)
      .handle((ctx) => {
        ctx.res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '100' });
        ctx.res.write('half of it');
        return new Promise(() => undefined);
      });
    api.post('/upload').body(Buffer).handle((ctx) => {
      uploaded(ctx.body.length);
      return { length: ctx.body.length };
    });
    api.get('/download').handle(async (ctx) => {
      downloads.started += 1;
      ctx.res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      await new Promise<void>((resolve) => {
        downloads.timersLeft += 1;
        let sent = 0;
        const timer = setInterval(() => {
          if (ctx.signal.aborted || sent === 200) {
            clearInterval(timer);
            downloads.timersLeft -= 1;
            if (ctx.signal.aborted) downloads.aborted += 1;
            else ctx.res.end();
            resolve();
            return;
          }
          ctx.res.write(chunk);
          sent += 1;
        }, 5);
      });
    });
    const app = express();
    app.use(api.middleware());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const connections = (): Promise<number> => new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

  /** After a fault: still serving, every connection closed, no resource left over. */
  async function expectRecovered(baseline: Record<string, number>, listeners: number): Promise<void> {
    expect((await get(`${base}/ok`)).status).toBe(200);
    await until(async () => (await connections()) === 0);
    await until(() => {
      const now = resources();
      return (now.Timeout ?? 0) <= (baseline.Timeout ?? 0) && (now.TCPSocketWrap ?? 0) <= (baseline.TCPSocketWrap ?? 0);
    });
    expect(server.listenerCount('request') + server.listenerCount('connection') + server.listenerCount('close')).toBe(listeners);
  }

  it.each([
    ['throws', '/throws', 500],
    ['rejects', '/rejects', 500],
    ['never resolves (time limit 503)', '/never-503', 503],
    ['never resolves (time limit 504)', '/never-504', 504],
  ])('answers a handler that %s with a problem that says nothing of it, and keeps serving', async (_name, path, status) => {
    const baseline = resources();
    const listeners = server.listenerCount('request') + server.listenerCount('connection') + server.listenerCount('close');
    const answer = await get(`${base}${path}`);
    expect(answer.status).toBe(status);
    const problem = JSON.parse(answer.body) as Record<string, unknown>;
    expect(problem).toMatchObject({ status, instance: path });
    expect(answer.body).not.toMatch(/secret|work\/main|\.ts:|undefined is not|\n\s+at /);
    await expectRecovered(baseline, listeners);
  });

  it.each([
    ['writes half a response and throws', '/half-then-throws'],
    ['writes half a response and rejects', '/half-then-rejects'],
    ['writes half a response and hangs past its time limit', '/half-then-hangs'],
  ])('cuts the connection of a handler that %s: the client sees a broken response, not a complete one', async (_name, path) => {
    const baseline = resources();
    const listeners = server.listenerCount('request') + server.listenerCount('connection') + server.listenerCount('close');
    const answer = await get(`${base}${path}`);
    expect(answer.broken).toBe(true);
    expect(answer.body.length).toBeLessThan(100);
    await expectRecovered(baseline, listeners);
  });

  it('survives a client that disconnects mid-upload, without calling the handler', async () => {
    const baseline = resources();
    const listeners = server.listenerCount('request') + server.listenerCount('connection') + server.listenerCount('close');
    for (let i = 0; i < 20; i++) {
      const socket = connect({ port, host: '127.0.0.1' });
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(`POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000000\r\n\r\n`);
      socket.write(Buffer.alloc(10_000));
      await sleep(5);
      socket.destroy();
    }
    await expectRecovered(baseline, listeners);
    expect(uploaded).not.toHaveBeenCalled();
  });

  it('stops a download when its client disconnects: ctx.signal aborts, the handler stops writing', async () => {
    const baseline = resources();
    const listeners = server.listenerCount('request') + server.listenerCount('connection') + server.listenerCount('close');
    for (let i = 0; i < 10; i++) {
      await new Promise<void>((resolve) => {
        const req = httpRequest(`${base}/download`, { agent: false }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', () => resolve());
        req.end();
      });
    }
    await until(() => downloads.aborted === 10 && downloads.timersLeft === 0);
    expect(downloads.started).toBe(10);
    await expectRecovered(baseline, listeners);
  });

  it('reported only the handler faults to onError, never a client disconnect', () => {
    // throws, rejects, and the two half responses that failed; a time limit is not a fault of the code.
    expect(onError).toHaveBeenCalledTimes(4);
  });
});
