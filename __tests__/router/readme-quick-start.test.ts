import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { type BlockRun, runBlock } from '../docs/block-runner';
import { blocksOf } from '../docs/markdown-blocks';

/** The README's quick start: its first TypeScript block that mounts a router with app.use. */
function quickStart() {
  const block = blocksOf(readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8'), 'README.md').find(
    (b) => b.language === 'ts' && b.code.includes('app.use('),
  );
  if (block === undefined) throw new Error('The README has no quick start that mounts a router');
  return block;
}

describe('the README quick start, as written', () => {
  let run: BlockRun;
  beforeAll(async () => {
    // Run as written, with nothing hidden around it: a user copies exactly this.
    const block = quickStart();
    expect([block.prelude, block.postlude]).toEqual(['', '']);
    run = await runBlock(block);
  });

  it("mounts the router under app.use('/api', ...) and listens on 8080", () => {
    expect(quickStart().code).toContain("app.use('/api', api.middleware())");
    expect(run.ports).toEqual([8080]);
  });

  it('answers 201 with a Location under /api that resolves to the created user', async () => {
    const created = await request(run.app!).post('/api/users').send({ name: 'Ann' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe('/api/users/1');
    const followed = await request(run.app!).get(created.headers.location as string);
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual({ id: 1, name: 'Ann' });
  });

  it('answers 404 as a problem for a user that does not exist', async () => {
    const res = await request(run.app!).get('/api/users/99');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });
});
