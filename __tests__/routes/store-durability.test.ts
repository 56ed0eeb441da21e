import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, closeConnections, startService } from './service-process';

/**
 * Durability of the default store (SQLite): the service writes in a loop, is killed with SIGKILL
 * while writes are in flight (no shutdown, no flush), and started again on the same DATA_DIR.
 * Every write it acknowledged is there; a write it had not acknowledged is there whole or not at
 * all; the list, its count and the user resources agree.
 */

jest.setTimeout(120_000);

const DATA_DIR = mkdtempSync(join(tmpdir(), 'represent-durability-'));
afterAll(() => {
  closeConnections();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

const WRITERS = 4;
/** Acknowledged writes before the kill: enough that the kill lands mid-stream. */
const ACKNOWLEDGED = 120;

/** The user writer `w` writes at step `i`; its fields say who wrote it, so a half-written one would show. */
const userAt = (w: number, i: number) => ({ name: `Writer ${w} step ${i}`, email: `w${w}s${i}@example.org`, role: (['admin', 'editor', 'viewer'] as const)[i % 3]! });
/** The bookcase at step `i`: `i` books, named after `i`. */
const bookcaseAt = (i: number) => ({
  name: `Step ${i}`,
  books: Array.from({ length: i % 40 }, (_, n) => ({ isbn: String(9780000000000 + n), title: `Book ${n} of step ${i}`, author: 'A', year: 2000 })),
});

describe('the SQLite store killed mid-write', () => {
  it('keeps every acknowledged write and no half-written one across SIGKILL and a restart', async () => {
    const first = await startService({ DATA_DIR });
    const acked = new Map<string, { name: string; email: string; role: string }>();
    let bookcaseAcked = -1;
    let stop = false;
    let killed!: () => void;
    const enough = new Promise<void>((resolve) => (killed = resolve));
    const count = () => acked.size + bookcaseAcked + 1 >= ACKNOWLEDGED && killed();

    const userWriter = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const answer = await call(first.url, 'PUT', `/users/w${w}-${i}`, {}, userAt(w, i)).catch(() => undefined);
        if (answer === undefined) return;
        expect(answer.status).toBe(201);
        acked.set(`w${w}-${i}`, userAt(w, i));
        count();
      }
    };
    const bookcaseWriter = async () => {
      for (let i = 0; !stop; i++) {
        const answer = await call(first.url, 'PUT', '/bookcase', {}, bookcaseAt(i)).catch(() => undefined);
        if (answer === undefined) return;
        expect(answer.status).toBe(204);
        bookcaseAcked = i;
        count();
      }
    };
    const writers = [...Array.from({ length: WRITERS }, (_, w) => userWriter(w)), bookcaseWriter()];
    await enough;
    // Every writer has a request in flight now: each awaits its answer as the process dies.
    first.child.kill('SIGKILL');
    expect(await first.exit).toBe('SIGKILL');
    stop = true;
    await Promise.all(writers);
    closeConnections();

    const second = await startService({ DATA_DIR });
    try {
      const list = await call(second.url, 'GET', '/user/all?size=1000');
      expect(list.status).toBe(200);
      const listed = JSON.parse(list.body) as { id: string; name: string; email: string; role: string }[];
      const written = listed.filter((user) => user.id.startsWith('w'));
      // Acknowledged: there, with what was sent.
      for (const [id, fields] of acked) expect(written).toContainEqual({ id, ...fields });
      // Not acknowledged (in flight when killed): at most one per writer, and whole.
      const extra = written.filter((user) => !acked.has(user.id));
      expect(extra.length).toBeLessThanOrEqual(WRITERS);
      for (const user of extra) {
        const [, w, i] = /^w(\d+)-(\d+)$/.exec(user.id)!;
        expect(user).toEqual({ id: user.id, ...userAt(Number(w), Number(i)) });
      }
      expect(listed.length).toBe(9 + written.length);
      // The count the page links from agrees with the rows: no user half in the index.
      expect(list.headers.link).toBeUndefined();
      for (const user of written.slice(-3)) expect(JSON.parse((await call(second.url, 'GET', `/users/${user.id}`)).body)).toEqual(user);

      const bookcase = JSON.parse((await call(second.url, 'GET', '/bookcase')).body) as { name: string; books: unknown[] };
      const step = Number(/^Step (\d+)$/.exec(bookcase.name)![1]);
      expect(step).toBeGreaterThanOrEqual(bookcaseAcked);
      expect(step).toBeLessThanOrEqual(bookcaseAcked + 1);
      expect(bookcase).toEqual(bookcaseAt(step));
      expect(acked.size).toBeGreaterThan(0);
    } finally {
      second.child.kill('SIGTERM');
      await second.exit;
    }
  });
});
