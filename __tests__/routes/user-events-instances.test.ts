import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningPostgres, startPostgres } from '../setup/postgres';
import { type RedisServer, startRedis } from '../setup/redis-server';
import { waitFor } from '../setup/stream-fixture';
import { type ServiceProcess, call, closeConnections, startService } from './service-process';

/**
 * GET /users/events on two service processes sharing their data, as behind a load balancer: on
 * one SQLite file with a redis-server (which tells each instance of the other's writes), and on
 * one PostgreSQL database (which tells them itself, NOTIFY). A change made through one reaches
 * the other's subscribers, under the same id; a client resumes with the id it got from one on the
 * other, and after both restart, with exactly the changes made since.
 */

jest.setTimeout(240_000);

interface Stream {
  readonly events: () => { id: number; type: string; userId: string }[];
  close(): void;
}

/** An event stream of `base`, parsed as it comes. */
function subscribe(base: string, lastEventId?: number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const headers = { Accept: 'text/event-stream', ...(lastEventId !== undefined && { 'Last-Event-ID': String(lastEventId) }) };
    const req = http.get(`${base}/users/events`, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET /users/events answered ${res.statusCode}`));
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      resolve({
        events: () =>
          [...text.matchAll(/^event: (\w+)\nid: (\d+)\ndata: (.*)$/gm)].map((m) => ({ type: m[1]!, id: Number(m[2]), userId: (JSON.parse(m[3]!) as { user?: { id: string } }).user?.id ?? '' })),
        close: () => res.destroy(),
      });
    });
    req.on('error', reject);
  });
}

async function createUser(base: string, name: string): Promise<string> {
  const created = await call(base, 'POST', '/users', {}, { name, email: 'someone@example.com', role: 'viewer' });
  expect(created.status).toBe(201);
  return (JSON.parse(created.body) as { id: string }).id;
}

const DEPLOYMENTS: [string, () => Promise<{ env: Record<string, string>; stop: () => Promise<void> }>][] = [
  [
    'one SQLite file and a redis-server',
    async () => {
      const redis: RedisServer = await startRedis();
      const dir = mkdtempSync(join(tmpdir(), 'represent-events-'));
      return {
        env: { CACHE: 'on', REDIS_URL: redis.url, DATA_DIR: dir },
        stop: async () => {
          await redis.stop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'one PostgreSQL database',
    async () => {
      const postgres: RunningPostgres = await startPostgres();
      return { env: { DATABASE_URL: await postgres.createDatabase() }, stop: () => postgres.stop() };
    },
  ],
];

describe.each(DEPLOYMENTS)('GET /users/events on two instances sharing %s', (_name, deploy) => {
  let deployment: Awaited<ReturnType<typeof deploy>>;
  let instances: ServiceProcess[] = [];
  const streams: Stream[] = [];

  const start = async (): Promise<void> => {
    // One first: it creates and seeds the database the other opens.
    instances = [await startService(deployment.env)];
    instances.push(await startService(deployment.env));
  };
  const stop = async (): Promise<void> => {
    for (const stream of streams.splice(0)) stream.close();
    closeConnections();
    for (const instance of instances) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.exit));
  };

  beforeAll(async () => {
    deployment = await deploy();
    await start();
  }, 120_000);
  afterAll(async () => {
    await stop();
    await deployment?.stop();
  });

  it('tells a subscriber of B, within a second, of a user created through A, under the id A gave it', async () => {
    const [a, b] = instances.map((instance) => instance.url);
    const onB = await subscribe(b!);
    const onA = await subscribe(a!);
    streams.push(onB, onA);
    const id = await createUser(a!, 'Created Through A');
    await waitFor(() => onB.events().some((event) => event.userId === id), () => JSON.stringify(onB.events()), 1000);
    await waitFor(() => onA.events().length === 1, () => JSON.stringify(onA.events()));
    expect(onB.events()).toEqual(onA.events());
    expect(onB.events()).toEqual([{ id: 1, type: 'created', userId: id }]);
  });

  it('resumes on A after the last id received from B, with exactly the changes made since, and again after both restart', async () => {
    const [a, b] = instances.map((instance) => instance.url);
    const onB = await subscribe(b!);
    streams.push(onB);
    const first = await createUser(b!, 'First');
    await waitFor(() => onB.events().length === 1, () => JSON.stringify(onB.events()));
    const last = onB.events().at(-1)!.id;
    onB.close();
    // Made while the client is away, through both instances.
    const missed = [await createUser(a!, 'Missed 1'), await createUser(b!, 'Missed 2')];
    const onA = await subscribe(a!, last);
    streams.push(onA);
    await waitFor(() => onA.events().length === 2, () => JSON.stringify(onA.events()));
    expect(onA.events().map((event) => [event.id, event.userId])).toEqual([
      [last + 1, missed[0]],
      [last + 2, missed[1]],
    ]);
    expect(first).not.toBe(missed[0]);

    const resumeAfter = onA.events().at(-1)!.id;
    const beforeRestart = await createUser(a!, 'Before The Restart');
    await stop();
    await start();
    const [a2, b2] = instances.map((instance) => instance.url);
    const afterRestart = await createUser(a2!, 'After The Restart');
    const resumed = await subscribe(b2!, resumeAfter);
    streams.push(resumed);
    await waitFor(() => resumed.events().length === 2, () => JSON.stringify(resumed.events()));
    expect(resumed.events().map((event) => [event.id, event.userId])).toEqual([
      [resumeAfter + 1, beforeRestart],
      [resumeAfter + 2, afterRestart],
    ]);
  });
});
