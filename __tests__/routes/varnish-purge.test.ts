import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Answer, type ServiceProcess, call, closeConnections, startService } from './service-process';
import { type Varnish, exitsWithin, freePort, startVarnish } from '../setup/varnish';

// Two services, a varnishd and a dozen writes: generous, each step has its own deadline below it.
jest.setTimeout(180_000);

/** The instances' shared SQLite data (DATA_DIR), never the repository's ./data. */
const DATA_DIR = mkdtempSync(join(tmpdir(), 'represent-varnish-data-'));
const services: ServiceProcess[] = [];
let varnish: Varnish | undefined;

/** What every process printed, for a failure's message. */
function diagnostics(): string {
  const printed = services.map((service, index) => `--- instance ${index} (${service.url}):\n${service.output()}`);
  return [...printed, `--- varnishd:\n${varnish?.output() ?? '(not started)'}`].join('\n');
}

/** One request, failing with every process's output past 15 s. */
async function send(base: string, method: string, path: string, headers: Record<string, string> = {}, json?: unknown): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${method} ${base}${path} got no answer within 15 s\n${diagnostics()}`)), 15_000);
  });
  try {
    return await Promise.race([call(base, method, path, headers, json), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stops a service by its PID: SIGTERM, then SIGKILL past 15 s. */
async function stopService(service: ServiceProcess): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  service.child.kill('SIGTERM');
  if (!(await exitsWithin(service.exit, 15_000))) {
    service.child.kill('SIGKILL');
    await service.exit;
  }
}

afterAll(async () => {
  closeConnections();
  await varnish?.stop();
  await Promise.all(services.map(stopService));
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** Whether Varnish answered from its storage: a hit's X-Varnish names this request and the one that stored it. */
function isVarnishHit(answer: Answer): boolean {
  return String(answer.headers['x-varnish']).trim().split(/\s+/).length === 2;
}

describe('deploy/varnish/represent.vcl in front of two instances purged by PURGE_URLS', () => {
  it('never serves the representation from before a PUT, through either instance or through Varnish', async () => {
    const port = await freePort();
    const front = `http://127.0.0.1:${port}`;
    // Both instances purge the Varnish in front and take their URIs under its origin, since a
    // write sent to an instance directly carries the instance's Host, not the one clients use.
    const env = { DATA_DIR, PURGE_URLS: front, ORIGIN: front, CACHE: 'off' };
    // One after the other: the first creates and seeds the database, the second finds it.
    services.push(await startService(env));
    services.push(await startService(env));
    expect(services[0]!.output()).toContain(`purging ${front}`);
    varnish = await startVarnish(services.map((service) => ({ host: '127.0.0.1', port: Number(new URL(service.url).port) })), port);

    const json = { Accept: 'application/json' };
    /** Reads the bookcase and its summary through Varnish (a URI the PUT does not name: only its key purges it). */
    const readThroughVarnish = async (): Promise<[Answer, Answer]> => [await send(front, 'GET', '/bookcase', json), await send(front, 'GET', '/bookcase?view=summary', json)];

    const [first, firstSummary] = await readThroughVarnish();
    expect([first.status, firstSummary.status]).toEqual([200, 200]);
    // Varnish keeps them (max-age=60) and answers the next reads itself: a stale answer is possible.
    const [again, againSummary] = await readThroughVarnish();
    expect([isVarnishHit(again), isVarnishHit(againSummary)]).toEqual([true, true]);
    expect(again.body).toBe(first.body);
    // Its keys stay in Varnish: the VCL drops them on the way out.
    expect(again.headers['surrogate-key']).toBeUndefined();

    const writers = [services[0]!.url, services[1]!.url, front];
    for (let write = 1; write <= 9; write++) {
      const writer = writers[write % writers.length]!;
      const name = `Shelf ${write}`;
      const put = await send(writer, 'PUT', '/bookcase', {}, { name, books: [] });
      expect({ write, writer, status: put.status }).toEqual({ write, writer, status: 204 });
      const [bookcase, summary] = await readThroughVarnish();
      expect({ write, writer, bookcase: JSON.parse(bookcase.body).name, summary: JSON.parse(summary.body).name }).toEqual({ write, writer, bookcase: name, summary: name });
      // And Varnish keeps the new one: the next write's check is against a stored representation.
      const [stored, storedSummary] = await readThroughVarnish();
      expect({ write, hits: [isVarnishHit(stored), isVarnishHit(storedSummary)], name: JSON.parse(stored.body).name }).toEqual({ write, hits: [true, true], name });
    }
  });

  it('refuses a key purge whose keys are not keys (400), so that nothing else reaches the ban', async () => {
    expect(varnish).toBeDefined();
    const refused = await send(varnish!.url, 'PURGE', '/', { 'Surrogate-Key': 'bookcase .*' });
    expect(refused.status).toBe(400);
    const banned = await send(varnish!.url, 'PURGE', '/', { 'Surrogate-Key': 'bookcase user:7' });
    expect(banned.status).toBe(200);
  });
});
