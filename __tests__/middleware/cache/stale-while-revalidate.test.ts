import express, { type Request } from 'express';
import request from 'supertest';
import { type CacheOptions, cache } from '../../../middleware/cache';
import { formatHttpDate } from '../../../src/caching/http-date';
import { listeningServers } from '../../setup/listening';
import { until } from '../../setup/until';

const listening = listeningServers();
const START = Date.UTC(2025, 0, 1, 12, 0, 0);

/**
 * An app behind the cache on a fake clock. `/doc` is fresh 10 s, then may be served stale 60 s
 * while it is revalidated, and answers a 304 to its ETag; `hold()` makes the next calls wait for
 * `release()`. `/flaky` fails (throws, or hangs) once `failing` is set.
 */
async function setup(options: Partial<CacheOptions> = {}, mount: 'middleware' | 'wrap' = 'middleware') {
  let clock = START;
  let version = 1;
  let calls = 0;
  let failing: 'throw' | 'hang' | undefined;
  let gate: Promise<void> | undefined;
  let open: () => void = () => undefined;
  const seen: Request['headers'][] = [];
  const shared = cache({ now: () => clock, statusHeader: 'X-Cache', ...options });
  const app = express();
  if (mount === 'middleware') app.use(shared);
  app.use((req, res, next) => {
    seen.push({ ...req.headers });
    res.set('Date', formatHttpDate(clock));
    next();
  });
  app.get('/doc', async (req, res) => {
    calls++;
    if (gate !== undefined) await gate;
    res.set({ 'Cache-Control': 'max-age=10, stale-while-revalidate=60', ETag: `"${version}"` });
    if (req.headers['if-none-match'] === `"${version}"`) return void res.status(304).end();
    res.send(`version ${version}`);
  });
  app.get('/flaky', async (_req, res) => {
    calls++;
    if (failing === 'throw') throw new Error('the database is down');
    if (failing === 'hang') await gate;
    res.set('Cache-Control', 'max-age=10, stale-if-error=600').send(`flaky ${calls}`);
  });
  app.get('/strict', async (_req, res) => {
    calls++;
    if (failing === 'hang') await gate;
    res.set('Cache-Control', 'max-age=10, must-revalidate').send(`strict ${calls}`);
  });
  // Express's own error handler: a 500.
  const server = await listening(mount === 'wrap' ? shared.wrap(app) : app);
  return {
    server,
    seen,
    calls: () => calls,
    advance: (seconds: number) => (clock += seconds * 1000),
    change: () => version++,
    fail: (how: 'throw' | 'hang') => (failing = how),
    hold: () => (gate = new Promise<void>((resolve) => (open = resolve))),
    release: () => {
      gate = undefined;
      open();
    },
  };
}

describe.each(['middleware', 'wrap'] as const)('cache() as %s: stale-while-revalidate (RFC 5861 section 3)', (mount) => {
  it('answers a stale response within its window at once, with its Age and Cache-Status, while one background request revalidates it', async () => {
    const app = await setup({}, mount);
    await request(app.server).get('/doc').expect(200, 'version 1');
    app.advance(30);
    app.change();
    await request(app.server)
      .get('/doc')
      .expect(200, 'version 1')
      .expect('X-Cache', 'STALE')
      .expect('Age', '30')
      .expect('Cache-Status', 'represent; hit; ttl=-20');
    // The background request carries the stored validator; the handler answers the new version.
    await until(() => app.calls() === 2, 30_000, () => `${app.calls()} calls of the handler`);
    expect(app.seen[1]?.['if-none-match']).toBe('"1"');
    await request(app.server).get('/doc').expect(200, 'version 2').expect('X-Cache', 'HIT');
    expect(app.calls()).toBe(2);
  }, 60_000);

  it('freshens the stale response when the background request gets a 304', async () => {
    const app = await setup({}, mount);
    await request(app.server).get('/doc');
    app.advance(30);
    await request(app.server).get('/doc').expect(200, 'version 1').expect('X-Cache', 'STALE');
    await until(() => app.calls() === 2, 30_000, () => `${app.calls()} calls of the handler`);
    await request(app.server).get('/doc').expect(200, 'version 1').expect('X-Cache', 'HIT').expect('Age', '0');
  }, 60_000);

  it('sends one background request for many stale answers while it is under way', async () => {
    const app = await setup({}, mount);
    await request(app.server).get('/doc');
    app.advance(30);
    app.hold();
    for (let i = 0; i < 10; i++) await request(app.server).get('/doc').expect(200, 'version 1').expect('X-Cache', 'STALE');
    await until(() => app.calls() === 2, 30_000, () => `${app.calls()} calls of the handler`);
    app.release();
    expect(app.calls()).toBe(2);
  }, 60_000);

  it('revalidates before answering past the window', async () => {
    const app = await setup({}, mount);
    await request(app.server).get('/doc');
    app.advance(71);
    await request(app.server).get('/doc').expect(200, 'version 1').expect('X-Cache', 'REVALIDATED');
  });

  it('revalidates before answering a request that asks for no-cache', async () => {
    const app = await setup({}, mount);
    await request(app.server).get('/doc');
    app.advance(30);
    await request(app.server).get('/doc').set('Cache-Control', 'no-cache').expect(200, 'version 1').expect('X-Cache', 'REVALIDATED');
  });
});

describe('cache(): stale-if-error (RFC 5861 section 4)', () => {
  /** `/flaky` stored, then stale, then failing `how`. */
  async function failing(how: 'throw' | 'hang', options: Partial<CacheOptions> = {}) {
    const app = await setup(options);
    await request(app.server).get('/flaky').expect(200, 'flaky 1');
    app.advance(30);
    if (how === 'hang') app.hold();
    app.fail(how);
    return app;
  }

  it('answers the stale response when the handler throws (a 500 from Express)', async () => {
    const app = await failing('throw');
    await request(app.server).get('/flaky').expect(200, 'flaky 1').expect('X-Cache', 'STALE').expect('Cache-Status', 'represent; fwd=stale; fwd-status=500; ttl=-20');
  });

  it('answers the stale response when the handler has not answered within originTimeout, and drops its late answer', async () => {
    const app = await failing('hang', { originTimeout: 50 });
    await request(app.server).get('/flaky').expect(200, 'flaky 1').expect('X-Cache', 'STALE').expect('Cache-Status', 'represent; fwd=stale; ttl=-20; detail=origin-timeout');
    // The late answer sets headers and writes on a response already sent: it goes nowhere, and breaks nothing.
    app.release();
    await until(() => app.calls() === 2, 30_000, () => `${app.calls()} calls of the handler`);
    await request(app.server).get('/flaky').expect(200).expect('X-Cache', /MISS|STALE/);
  }, 60_000);

  it('waits for the handler past originTimeout when the stale response may not answer (must-revalidate)', async () => {
    const app = await setup({ originTimeout: 20 });
    await request(app.server).get('/strict').expect(200, 'strict 1');
    app.advance(30);
    app.hold();
    app.fail('hang');
    const answer = request(app.server).get('/strict').then((r) => r.text);
    await until(() => app.calls() === 2, 30_000, () => `${app.calls()} calls of the handler`);
    // Well past the timeout: still waiting for the handler, which then answers.
    await new Promise((resolve) => setTimeout(resolve, 100));
    app.release();
    expect(await answer).toBe('strict 2');
  }, 60_000);
});

describe('cache(): a background request outside an app', () => {
  it('revalidates in the background a stale response under wrap of a plain listener', async () => {
    let clock = START;
    let calls = 0;
    const shared = cache({ now: () => clock });
    const server = await listening(
      shared.wrap((_req, res) => {
        calls++;
        res.writeHead(200, { 'Cache-Control': 'max-age=10, stale-while-revalidate=60', Date: formatHttpDate(clock) }).end(`plain ${calls}`);
      }),
    );
    await request(server).get('/p').expect(200, 'plain 1');
    clock += 30_000;
    await request(server).get('/p').expect(200, 'plain 1');
    await until(() => calls === 2, 30_000, () => `${calls} calls`);
    await request(server).get('/p').expect(200, 'plain 2').expect('Cache-Status', /^represent; hit/);
  }, 60_000);
});
