import { mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../routes/app';
import { WRITES_REFUSED } from '../../routes/http/conditional-write';
import { DatabaseFileLost } from '../../routes/store/database-file';
import { openStore } from '../../routes/store/open-store';
import { openSqliteDatabase } from '../../routes/store/sqlite-database';
import type { ServiceStore } from '../../routes/store/store';
import { AS_ADMIN, PNG, expectProblem } from '../setup/service-fixture';

/**
 * The SQLite file deleted or replaced under the running service: the connection keeps the file it
 * opened, so a write would be acknowledged and then lost at the next start. Every write answers
 * 503 instead, an error is logged once, nothing is written, and reads still answer.
 */

const dir = mkdtempSync(join(tmpdir(), 'represent-file-lost-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const stores: ServiceStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

type Client = ReturnType<typeof request>;

/** The service on a new SQLite file, with its error log lines kept. */
async function serviceOnFile() {
  const file = join(dir, `service-${++files}.sqlite`);
  const errors: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      errors.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'error' }, sink);
  const store = await openStore({ engine: 'sqlite', file }, { logger });
  stores.push(store);
  return { file, errors, client: request(createApp({ store, cache: false, logger }).app) };
}

/** Every write the service answers, each as the admin. */
const WRITES: readonly [string, (client: Client) => request.Test][] = [
  ['PUT /bookcase', (c) => c.put('/bookcase').set(AS_ADMIN).send({ name: 'Lost', books: [] })],
  ['PATCH /bookcase', (c) => c.patch('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/merge-patch+json').send('{"name":"Lost"}')],
  ['POST /users', (c) => c.post('/users').set(AS_ADMIN).send({ name: 'Lost', email: 'lost@example.org', role: 'viewer' })],
  ['PUT /users/kay', (c) => c.put('/users/kay').set(AS_ADMIN).send({ name: 'Alan Kay', email: 'kay@example.org', role: 'editor' })],
  ['PATCH /users/1', (c) => c.patch('/users/1').set(AS_ADMIN).set('Content-Type', 'application/merge-patch+json').send('{"role":"viewer"}')],
  ['DELETE /users/1', (c) => c.delete('/users/1').set(AS_ADMIN)],
  ['PUT /users/2/avatar', (c) => c.put('/users/2/avatar').set(AS_ADMIN).set('Content-Type', 'image/png').send(PNG)],
  ['DELETE /user/all', (c) => c.delete('/user/all').set(AS_ADMIN).set('X-Confirm', 'delete-all-users')],
];

/** What the service answers to every read the writes would change. */
async function reads(client: Client): Promise<unknown[]> {
  return Promise.all(['/bookcase', '/user/all?size=1000', '/users/1', '/users/2;fields=avatar'].map(async (path) => {
    const res = await client.get(path).expect(200);
    return { path, etag: res.headers.etag, body: res.body as unknown };
  }));
}

describe.each([
  ['deleted', (file: string) => unlinkSync(file)],
  // Another file renamed over it, as a restore from a backup would.
  ['replaced', (file: string) => {
    writeFileSync(`${file}.restored`, 'not the opened database');
    renameSync(`${file}.restored`, file);
  }],
] as const)('the service whose SQLite file is %s while it runs', (how, lose) => {
  it('answers every write 503 with a problem that says why, writing nothing, and logs one error', async () => {
    const { file, errors, client } = await serviceOnFile();
    expect((await client.put('/users/ada').set(AS_ADMIN).send({ name: 'Ada', email: 'ada@example.org', role: 'admin' })).status).toBe(201);
    const before = await reads(client);
    lose(file);
    const onDisk = how === 'replaced' ? readFileSync(file) : undefined;

    for (const [write, send] of WRITES) {
      const problem = expectProblem(await send(client), 503);
      expect({ write, type: problem.type, detail: problem.detail }).toEqual({
        write,
        type: WRITES_REFUSED,
        detail: expect.stringMatching(/database file was deleted or replaced .* refuses every write until it is restarted/),
      });
      expect(problem.detail).not.toContain(file);
    }
    // Nothing changed: reads answer as before, from the database the service opened ...
    expect(await reads(client)).toEqual(before);
    // ... and the file now at the path was not written to.
    if (onDisk !== undefined) expect(readFileSync(file).equals(onDisk)).toBe(true);
    expect(errors).toEqual([expect.objectContaining({ level: 50, file, msg: 'database file lost: writes refused until restart', err: expect.objectContaining({ type: 'DatabaseFileLost' }) })]);
    expect((errors[0]!.err as { message: string }).message).toContain(how);
  });
});

describe('openSqliteDatabase(path, { onFileLost }).write', () => {
  it('rolls back, not commits, a write whose file is deleted while it runs, and refuses every later one', async () => {
    const file = join(dir, `direct-${++files}.sqlite`);
    const lost: DatabaseFileLost[] = [];
    const db = openSqliteDatabase(file, { onFileLost: (error) => lost.push(error) });
    try {
      await db.write((tx) => tx.script('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1)'));
      const write = db.write(async (tx) => {
        await tx.run('UPDATE t SET n = 2');
        unlinkSync(file);
        await tx.run('UPDATE t SET n = 3');
      });
      await expect(write).rejects.toThrow(DatabaseFileLost);
      await expect(db.write((tx) => tx.run('UPDATE t SET n = 4'))).rejects.toThrow(DatabaseFileLost);
      expect(await db.query('SELECT n FROM t')).toEqual([{ n: 1 }]);
      expect(lost.map((error) => error.how)).toEqual(['deleted']);
    } finally {
      await db.close();
    }
  });
});
