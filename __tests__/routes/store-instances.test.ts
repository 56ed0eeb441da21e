import { ProblemType } from '../../src';
import { type RunningPostgres, startPostgres } from '../setup/postgres';
import { type ServiceProcess, call, closeConnections, startService } from './service-process';

/**
 * Two service instances on one PostgreSQL (DATABASE_URL), as behind a load balancer: requests
 * alternate between them. Conditional writes cannot lose an update across instances, POST ids are
 * never given twice, and both answer the same validators.
 */

jest.setTimeout(120_000);

let postgres: RunningPostgres;
let instances: ServiceProcess[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  const url = await postgres.createDatabase();
  // Started together: both migrate and seed an empty database at once, one waits for the other.
  instances = await Promise.all([startService({ DATABASE_URL: url }), startService({ DATABASE_URL: url })]);
}, 120_000);

afterAll(async () => {
  closeConnections();
  for (const instance of instances) instance.child.kill('SIGTERM');
  await Promise.all(instances.map((instance) => instance.exit));
  await postgres?.stop();
});

const at = (i: number) => instances[i % 2]!.url;

describe('two instances on one PostgreSQL', () => {
  it('both start on the database, seeded once', async () => {
    for (const instance of instances) expect(instance.output()).toContain(`Data in PostgreSQL ${postgres.url('test_1')}`);
    const lists = await Promise.all([0, 1].map((i) => call(at(i), 'GET', '/user/all')));
    expect(lists.map((list) => JSON.parse(list.body).length)).toEqual([9, 9]);
    expect(lists[0]!.headers.etag).toBe(lists[1]!.headers.etag);
  });

  it('gives exactly one of 50 racing conditional PUTs a 2xx and every other a 412, keeping the winner', async () => {
    const read = await call(at(0), 'GET', '/users/1');
    const etag = read.headers.etag as string;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(at(i), 'PUT', '/users/1', { 'If-Match': etag }, { name: `Writer ${i}`, email: `w${i}@example.org`, role: 'editor' })),
    );
    const statuses = answers.map((answer) => answer.status);
    const winners = statuses.flatMap((status, i) => (status === 204 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(49);
    for (const answer of answers.filter((a) => a.status === 412)) {
      expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(JSON.parse(answer.body)).toMatchObject({ status: 412, type: ProblemType.preconditionFailed });
    }
    const after = await Promise.all([0, 1].map((i) => call(at(i), 'GET', '/users/1')));
    for (const answer of after) expect(JSON.parse(answer.body)).toMatchObject({ name: `Writer ${winners[0]}` });
    expect(after[0]!.headers.etag).toBe(after[1]!.headers.etag);
    expect(after[0]!.headers.etag).not.toBe(etag);
  });

  it('never gives one id to two of 50 racing POSTs', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call(at(i), 'POST', '/users', {}, { name: `Posted ${i}`, email: `p${i}@example.org`, role: 'viewer' })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
    const ids = answers.map((answer) => answer.headers.location);
    expect(new Set(ids).size).toBe(50);
    for (const [i, answer] of answers.entries()) expect(JSON.parse(answer.body)).toMatchObject({ name: `Posted ${i}`, id: String(answer.headers.location).slice('/users/'.length) });
    const lists = await Promise.all([0, 1].map((i) => call(at(i), 'GET', '/user/all?size=1000')));
    expect(lists.map((list) => JSON.parse(list.body).length)).toEqual([59, 59]);
    expect(lists[0]!.headers.etag).toBe(lists[1]!.headers.etag);
  });
});
