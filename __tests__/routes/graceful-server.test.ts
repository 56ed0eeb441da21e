import { request as httpRequest } from 'node:http';
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

  it('should cut requests that outlive the grace period, and say so', async () => {
    const running = await startServer(() => undefined, 0, undefined, { shutdownGrace: 50 });
    const hanging = get(`${running.url}/never`).catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(running.shutdown()).resolves.toBe('forced');
    await expect(hanging).resolves.toMatch(/socket hang up|ECONNRESET/);
  });
});
