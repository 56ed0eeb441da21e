import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { startServer } from '../../routes/http/graceful-server';

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

describe('startServer(listener, port)', () => {
  it('should set the time limits', async () => {
    const running = await startServer((_req, res) => res.end(), 0);
    expect(running.server.headersTimeout).toBe(10_000);
    expect(running.server.requestTimeout).toBe(30_000);
    expect(running.server.keepAliveTimeout).toBe(5_000);
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
    const socket = connect({ port: Number(new URL(running.url).port), host: '127.0.0.1' });
    await new Promise((resolve) => socket.once('connect', resolve));
    // Let the server accept the connection before shutting down, then send the request.
    await new Promise((resolve) => setTimeout(resolve, 20));
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
    const running = await startServer(() => undefined, 0, undefined, { shutdownGrace: 50 });
    const hanging = get(`${running.url}/never`).catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(running.shutdown()).resolves.toBe('forced');
    await expect(hanging).resolves.toMatch(/socket hang up|ECONNRESET/);
  });
});
