import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../routes/service-process';

jest.setTimeout(60_000);

/** The service's SQLite data (DATA_DIR), fresh for this test, never the repository's ./data. */
const DATA_DIR = mkdtempSync(join(tmpdir(), 'represent-shutdown-streams-'));
afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));

/**
 * A shutdown with event streams open: the service (`routes/server.ts`, as `npm start` runs it) in
 * its own process, holding a GET /users/events stream. SIGTERM ends the stream first (a last
 * comment and a `retry:`, then the response's end), so the graceful close has nothing left to
 * wait for and the process exits 0, rather than cutting the stream when its grace runs out (exit 1).
 */
describe('SIGTERM with an event stream open', () => {
  it('ends the stream cleanly with a retry: hint, and exits 0', async () => {
    const service = await startService({ DATA_DIR });
    const stream = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      get(`${service.url}/users/events`, { agent: false, headers: { Accept: 'text/event-stream' } }, resolve).on('error', reject);
    });
    expect(stream.statusCode).toBe(200);
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    const ended = new Promise<boolean>((resolve) => {
      stream.on('end', () => resolve(stream.complete));
      stream.on('error', () => resolve(false));
    });

    service.child.kill('SIGTERM');
    const [complete, exit] = await Promise.all([ended, service.exit]);
    expect(exit).toBe(0);
    expect(complete).toBe(true);
    expect(body).toMatch(/: the server is closing; reconnect with Last-Event-ID\nretry: \d+\n\n$/);
  });
});
