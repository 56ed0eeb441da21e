import { type ServerResponse, request as httpRequest } from 'node:http';
import { type Socket, connect } from 'node:net';
import { type RunningServer, type ServerLimits, startServer } from '../../routes/http/graceful-server';
import { type RawAnswer, rawRequest } from '../setup/raw-http';

jest.setTimeout(15_000);

function get(url: string, agent = false): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: agent ? undefined : false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** More than the operating system buffers between the two ends of a connection on 127.0.0.1 (a few MB). */
const LARGE = Buffer.alloc(32 * 1024 * 1024, 'a');

const portOf = (running: RunningServer): number => Number(new URL(running.url).port);

/** A connection the server has accepted, with promises of its close at either end. */
interface Connection {
  readonly socket: Socket;
  readonly closed: Promise<void>;
  /** The server's end closed; a client that reads nothing sees no close until it reads again. */
  readonly closedByServer: Promise<void>;
  /** The bytes received so far. */
  received(): number;
}

const closeOf = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));

/** Opens a connection and waits until the server has accepted it; `reading: false` reads nothing until resumed. */
async function open(running: RunningServer, reading = true): Promise<Connection> {
  const accepted = new Promise<Socket>((resolve) => running.server.once('connection', resolve));
  const socket = connect({ port: portOf(running), host: '127.0.0.1' });
  if (!reading) socket.pause();
  let received = 0;
  socket.on('data', (chunk: Buffer) => (received += chunk.length));
  socket.on('error', () => undefined);
  const closed = closeOf(socket);
  return { socket, closed, closedByServer: closeOf(await accepted), received: () => received };
}

/**
 * A server that answers {@link LARGE}, and a client that asked for it and reads nothing: resolves
 * once the handler has ended its answer, most of which then waits in the server.
 */
async function unreadLargeAnswer(limits: Partial<ServerLimits>): Promise<{ running: RunningServer; client: Connection }> {
  let ended!: () => void;
  const answered = new Promise<void>((resolve) => (ended = resolve));
  const running = await startServer((_req, res) => {
    res.end(LARGE);
    ended();
  }, 0, '127.0.0.1', limits);
  const client = await open(running, false);
  client.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  await answered;
  return { running, client };
}

describe('startServer(listener, port)', () => {
  it('should set the limits', async () => {
    const running = await startServer((_req, res) => res.end(), 0);
    expect(running.server.headersTimeout).toBe(10_000);
    expect(running.server.requestTimeout).toBe(30_000);
    expect(running.server.keepAliveTimeout).toBe(5_000);
    expect(running.server.maxConnections).toBe(1_000);
    expect(running.server.maxHeadersCount).toBe(1_001);
    expect(running.url).toMatch(/^http:\/\/localhost:\d+$/);
    await running.shutdown();
  });

  it('should let a request in flight finish on shutdown, refuse new connections, and resolve clean', async () => {
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finish!: () => void;
    const running = await startServer((_req, res) => {
      release();
      finish = () => res.end('done');
    }, 0);
    const inFlight = get(`${running.url}/slow`);
    await started;
    const stopped = running.shutdown();
    await expect(get(`${running.url}/late`)).rejects.toThrow(/ECONNREFUSED/);
    finish();
    await expect(inFlight).resolves.toMatchObject({ status: 200, body: 'done', connection: 'close' });
    await expect(stopped).resolves.toBe('clean');
  });

  it('should answer a request that arrives just after shutdown began, on a connection accepted before', async () => {
    const running = await startServer((_req, res) => res.end('served'), 0, '127.0.0.1');
    // The server must have accepted the connection before shutting down; then the request is sent.
    const accepted = new Promise((resolve) => running.server.once('connection', resolve));
    const socket = connect({ port: Number(new URL(running.url).port), host: '127.0.0.1' });
    await new Promise((resolve) => socket.once('connect', resolve));
    await accepted;
    const stopped = running.shutdown();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const outcome = new Promise<string>((resolve) => {
      socket.on('close', () => resolve(answer));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const text = await outcome;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    expect(text).toMatch(/served$/);
    await expect(stopped).resolves.toBe('clean');
  });

  it('should close idle keep-alive connections when a shutdown begins, not at their keep-alive timeout', async () => {
    // An idle connection left open past the grace period would make the shutdown 'forced'.
    const running = await startServer((_req, res) => res.end('ok'), 0, '127.0.0.1', { shutdownGrace: 500, keepAliveTimeout: 60_000 });
    const socket = connect({ port: Number(new URL(running.url).port), host: '127.0.0.1' });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => socket.once('data', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await expect(running.shutdown()).resolves.toBe('clean');
    await closed;
  });

  it('should cut requests that outlive the grace period, and say so', async () => {
    let arrived: () => void = () => undefined;
    const received = new Promise<void>((resolve) => (arrived = resolve));
    const running = await startServer(() => arrived(), 0, undefined, { shutdownGrace: 50 });
    const hanging = get(`${running.url}/never`).catch((error: Error) => error.message);
    // Shut down once the request is in the handler (a fixed wait lost the race under load).
    await received;
    await expect(running.shutdown()).resolves.toBe('forced');
    await expect(hanging).resolves.toMatch(/socket hang up|ECONNRESET/);
  });

  it('should wait on shutdown for a response its client is slow to read, and resolve clean once it is delivered', async () => {
    const { running, client } = await unreadLargeAnswer({ shutdownGrace: 10_000 });
    const stopped = running.shutdown();
    await new Promise((resolve) => setTimeout(resolve, 200));
    client.socket.resume();
    await client.closed;
    expect(client.received()).toBeGreaterThan(LARGE.length);
    await expect(stopped).resolves.toBe('clean');
  });

  it('should cut a response still being delivered when the grace period runs out, and resolve forced', async () => {
    const { running, client } = await unreadLargeAnswer({ shutdownGrace: 200 });
    await expect(running.shutdown()).resolves.toBe('forced');
    await client.closedByServer;
    client.socket.resume();
    await client.closed;
    expect(client.received()).toBeLessThan(LARGE.length);
  });
});

describe('startServer(listener, port, host, { writeTimeout })', () => {
  it('should close the connection of a client that stops reading its answer', async () => {
    const { running, client } = await unreadLargeAnswer({ writeTimeout: 200 });
    await client.closedByServer;
    // What the operating system had taken is still delivered, then the end: never the whole answer.
    client.socket.resume();
    await client.closed;
    expect(client.received()).toBeLessThan(LARGE.length);
    await expect(running.shutdown()).resolves.toBe('clean');
  });

  it('should not close the connection of a client that reads in bursts, each pause shorter than the limit', async () => {
    // Written in steps, as a stream with backpressure writes: each step the client takes is progress.
    const total = 8 * 1024 * 1024;
    const running = await startServer((_req, res) => {
      const step = Buffer.alloc(64 * 1024, 'b');
      let sent = 0;
      const write = (): void => {
        while (sent < total) {
          sent += step.length;
          if (!res.write(step)) return void res.once('drain', write);
        }
        res.end();
      };
      write();
    }, 0, '127.0.0.1', { writeTimeout: 800 });
    const client = await open(running, false);
    client.socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    // Pauses of 400 ms after each megabyte: the whole answer takes longer than the limit, no pause does.
    let next = 1024 * 1024;
    client.socket.on('data', () => {
      if (client.received() < next) return;
      next += 1024 * 1024;
      client.socket.pause();
      setTimeout(() => client.socket.resume(), 400);
    });
    client.socket.resume();
    await client.closed;
    expect(client.received()).toBeGreaterThan(total);
    await running.shutdown();
  });
});

describe('startServer(listener, port, host, { maxConnections })', () => {
  const get = (running: RunningServer) => rawRequest(portOf(running), ['GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);

  it('should close the connection idle the longest to make room for a new one', async () => {
    const running = await startServer((_req, res) => res.end('ok'), 0, '127.0.0.1', { maxConnections: 3 });
    const first = await open(running);
    const second = await open(running);
    await expect(get(running)).resolves.toMatchObject({ status: 200, body: 'ok' });
    await first.closed;
    expect(second.socket.destroyed).toBe(false);
    second.socket.destroy();
    await running.shutdown();
  });

  it('should serve normal clients while many more connections than the limit stay idle', async () => {
    const running = await startServer((_req, res) => res.end('ok'), 0, '127.0.0.1', { maxConnections: 10 });
    const idle: Connection[] = [];
    for (let i = 0; i < 30; i++) idle.push(await open(running));
    const count = await new Promise((resolve, reject) => running.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    expect(count).toBeLessThanOrEqual(10);
    for (let i = 0; i < 10; i++) await expect(get(running)).resolves.toMatchObject({ status: 200, body: 'ok' });
    // The 20 idle the longest were closed; the server never held more than its limit.
    await Promise.all(idle.slice(0, 20).map((connection) => connection.closed));
    for (const connection of idle) connection.socket.destroy();
    await running.shutdown();
  });

  it('should close a new connection at once when every connection is delivering a response', async () => {
    const waiting: ServerResponse[] = [];
    const running = await startServer((_req, res) => void waiting.push(res), 0, '127.0.0.1', { maxConnections: 2 });
    let dropped = 0;
    running.server.on('drop', () => (dropped += 1));
    const busy: Promise<RawAnswer>[] = [];
    // One after the other: a connection whose request has not arrived yet is idle, and would make room.
    for (let i = 1; i <= 2; i++) {
      busy.push(get(running));
      while (waiting.length < i) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await expect(get(running)).resolves.toMatchObject({ status: 0, closed: true });
    expect(dropped).toBe(1);
    for (const res of waiting) res.end('late');
    for (const answer of await Promise.all(busy)) expect(answer).toMatchObject({ status: 200, body: 'late' });
    await expect(running.shutdown()).resolves.toBe('clean');
  });
});

describe('startServer(listener, port): request framing', () => {
  const lines = (count: number): string => Array.from({ length: count }, (_, i) => `a${i}: 1\r\n`).join('');

  it('answers 431 with a problem document when a request has more than 1,000 header lines', async () => {
    const running = await startServer((_req, res) => res.end('ok'), 0, '127.0.0.1');
    // Host and Connection are two of the 1,001.
    const answer = await rawRequest(portOf(running), [`GET /big HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n${lines(999)}\r\n`]);
    expect(answer).toMatchObject({ status: 431, closed: true });
    expect(answer.head).toMatch(/\r\ncontent-type: application\/problem\+json; charset=utf-8\r\n/i);
    expect(JSON.parse(answer.body)).toEqual({ type: 'about:blank', title: 'Request Header Fields Too Large', status: 431, detail: 'A request has at most 1000 header lines', instance: '/big' });
    await running.shutdown();
  });

  it('answers a request of exactly 1,000 header lines', async () => {
    const running = await startServer((req, res) => res.end(String(req.rawHeaders.length / 2)), 0, '127.0.0.1');
    const answer = await rawRequest(portOf(running), [`GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${lines(998)}\r\n`]);
    expect(answer).toMatchObject({ status: 200, body: '1000' });
    await running.shutdown();
  });

  it('answers 400 and closes the connection when an HTTP/1.0 request has a Transfer-Encoding', async () => {
    let called = false;
    const running = await startServer((_req, res) => {
      called = true;
      res.end('ok');
    }, 0, '127.0.0.1');
    const answer = await rawRequest(portOf(running), ['POST /users HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n']);
    expect(answer).toMatchObject({ status: 400, closed: true });
    expect(answer.head).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, title: 'Bad Request', instance: '/users' });
    expect(called).toBe(false);
    await running.shutdown();
  });

  it('keeps an HTTP/1.0 keep-alive connection open after a request without a Transfer-Encoding', async () => {
    // HTTP/1.0 has no chunked coding: only an answer of known length lets the connection live on.
    const running = await startServer((_req, res) => res.setHeader('Content-Length', 2).end('ok'), 0, '127.0.0.1');
    const answer = await rawRequest(portOf(running), ['POST /users HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\n{}'], { waitMs: 300 });
    expect(answer).toMatchObject({ status: 200, body: 'ok', closed: false });
    await running.shutdown();
  });
});
