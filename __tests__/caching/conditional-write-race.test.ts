import http from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProblemType } from '../../src';
import { ROOT } from '../docs/block-compiler';
import { runBlock } from '../docs/block-runner';
import { type CodeBlock, blocksOf } from '../docs/markdown-blocks';

/**
 * Issue 23: an app written only from the caching guide (docs/guide/caching.md, "Writes that cannot
 * lose an update", run as written) against 50 PUTs carrying the same `If-Match`, sent at once over
 * real sockets to one listening server. The library's `If-Match` check runs before the body is
 * read, so it is a pre-check: racing writers all pass it. The handler's compare-and-set on the
 * version `ctx.validators` gives is what leaves exactly one winner (RFC 9110 section 13.1.1).
 */
const RACERS = 50;
/** Each step's own deadline, below jest's, so that a failure says what was received. */
const STEP_MS = 30_000;

function guideBlock(): CodeBlock {
  const page = 'docs/guide/caching.md';
  const block = blocksOf(readFileSync(join(ROOT, page), 'utf8'), page).find((b) => b.language === 'ts' && b.code.includes('new PreconditionFailed('));
  if (block === undefined) throw new Error(`${page} has no TypeScript block that throws PreconditionFailed`);
  return block;
}

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** One request on a connection of its own, with a deadline that fails saying what came back. */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let received = '';
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (received += chunk));
      res.on('end', () => {
        clearTimeout(deadline);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: received });
      });
    });
    const deadline = setTimeout(() => {
      req.destroy();
      reject(new Error(`${method} ${path}: no complete answer within ${STEP_MS} ms; received ${JSON.stringify(received)}`));
    }, STEP_MS);
    req.on('error', (error) => {
      clearTimeout(deadline);
      reject(new Error(`${method} ${path}: ${error.message}; received ${JSON.stringify(received)}`));
    });
    req.end(body);
  });
}

/**
 * A server on a free port for `app` that holds the first `count` PUTs until all of them have
 * arrived, then hands them to the app in one turn: every one is pre-checked before any is written,
 * the schedule in which a lost update shows. Its deadline fails saying how many arrived.
 */
async function heldRace(app: http.RequestListener, count: number): Promise<{ server: http.Server; released: Promise<void> }> {
  const held: Array<() => void> = [];
  let release!: () => void;
  let fail!: (error: Error) => void;
  const released = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  const deadline = setTimeout(() => fail(new Error(`only ${held.length} of ${count} PUTs reached the server within ${STEP_MS} ms`)), STEP_MS);
  const server = http.createServer((req, res) => {
    if (req.method !== 'PUT' || held.length === count) return app(req, res);
    held.push(() => app(req, res));
    if (held.length < count) return;
    clearTimeout(deadline);
    for (const start of held) start();
    release();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, released };
}

async function race(app: http.RequestListener): Promise<{ answers: Answer[]; stored: Answer }> {
  const { server, released } = await heldRace(app, RACERS);
  try {
    const port = (server.address() as { port: number }).port;
    const answers = Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        send(port, 'PUT', '/books/1', { 'content-type': 'application/json', 'if-match': '"1"' }, JSON.stringify({ title: `Writer ${i}` })),
      ),
    );
    // Should the gate give up first, the answers fail as the server closes: reported by `released`.
    answers.catch(() => undefined);
    await released;
    return { answers: await answers, stored: await send(port, 'GET', '/books/1', {}) };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const titleOf = (answer: Answer) => (JSON.parse(answer.body) as { title: string }).title;
const summary = (answers: readonly Answer[]) => answers.map((a) => `${a.status} ${a.body}`).join('\n');

describe("the caching guide's conditional write, raced", () => {
  it('is the block as written: nothing hidden around it, an app exported', async () => {
    const block = guideBlock();
    expect([block.prelude, block.postlude, block.notRun]).toEqual(['', '', undefined]);
    expect((await runBlock(block)).app).toBeInstanceOf(Function);
  });

  it('answers one of 50 PUTs with the same If-Match 200 and the 49 others 412, and keeps the winner', async () => {
    const run = await runBlock(guideBlock());
    const { answers, stored } = await race(run.app!);
    const winners = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 412);
    expect([winners.length, refused.length, summary(answers.filter((a) => a.status !== 200 && a.status !== 412))]).toEqual([1, RACERS - 1, '']);
    for (const answer of refused) {
      expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      // Every one passed the pre-check: the store's compare-and-set refused it.
      expect(JSON.parse(answer.body)).toMatchObject({ status: 412, type: ProblemType.preconditionFailed, detail: 'Book 1 changed since it was checked; nothing was changed' });
    }
    const winner = winners[0]!;
    expect(winner.headers.etag).toBe('"2"');
    expect([stored.status, titleOf(stored), stored.headers.etag]).toEqual([200, titleOf(winner), '"2"']);
  }, 120_000);

  it('loses 49 updates without the compare-and-set: the pre-check alone lets every racer through', async () => {
    const block = guideBlock();
    const compareAndSet = 'books.put(ctx.path.id, ctx.body.title, expected)';
    expect(block.code).toContain(compareAndSet);
    const run = await runBlock({ ...block, code: block.code.replace(compareAndSet, 'books.put(ctx.path.id, ctx.body.title, undefined)') });
    const { answers, stored } = await race(run.app!);
    expect(answers.map((a) => a.status)).toEqual(Array(RACERS).fill(200));
    // The last writer's title stands; every other 200 told its client of an update now lost.
    expect(stored.status).toBe(200);
    expect(stored.headers.etag).toBe(`"${RACERS + 1}"`);
  }, 120_000);
});
