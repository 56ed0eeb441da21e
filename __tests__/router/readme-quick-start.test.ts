import request from 'supertest';
import { type BlockRun, runBlock } from '../docs/block-runner';
import { quickStartBlock as quickStart } from '../docs/quick-start';

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
