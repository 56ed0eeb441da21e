import request from 'supertest';
import { type IdempotencyStore, MemoryIdempotencyStore, ProblemType, ResponseEntity, createRouter } from '../../src';
import { expectProblem } from '../setup/app-fixture';
import { serverFor, underBothMounts } from '../setup/both-mounts';

/** A route that creates an order per request it processes, counting them. */
function ordersApi(options: { store: IdempotencyStore; client?: (ctx: never) => string; whenStoreFails?: 'unavailable' | 'proceed'; expiresIn?: number }, gate?: () => Promise<void>) {
  const api = createRouter({ onError: jest.fn() });
  const made: unknown[] = [];
  api
    .post('/orders')
    .body(Object)
    .idempotent(options as never)
    .handle(async (ctx) => {
      await gate?.();
      made.push(ctx.body);
      if ((ctx.body as { fail?: boolean }).fail === true && made.length === 1) throw new Error('the database failed');
      return ResponseEntity.created(`/orders/${made.length}`, { id: made.length, ...(ctx.body as object) }).header('X-Order', String(made.length));
    });
  return { api, made };
}

const KEY = '"8e03978e-40d5-43e8-bc93-6894a57f9324"';

underBothMounts('an idempotent route', (mount) => {
  it('processes every request without an Idempotency-Key, as before', async () => {
    const { api, made } = ordersApi({ store: new MemoryIdempotencyStore() });
    const server = serverFor(mount, api);
    for (let i = 0; i < 3; i++) expect((await request(server).post('/orders').send({ item: 'tea' })).status).toBe(201);
    expect(made).toHaveLength(3);
  });

  it('processes a keyed request once, and replays its answer (status, fields, body) to a retry with the same content', async () => {
    const { api, made } = ordersApi({ store: new MemoryIdempotencyStore() });
    const server = serverFor(mount, api);
    const first = await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' });
    const retry = await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' });
    expect(made).toHaveLength(1);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.location).toBe('/orders/1');
    expect(retry.headers['x-order']).toBe('1');
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(retry.text).toBe(first.text);
  });

  it('answers 422 to the same key with other content, processing nothing', async () => {
    const { api, made } = ordersApi({ store: new MemoryIdempotencyStore() });
    const server = serverFor(mount, api);
    await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' });
    const reused = await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'coffee' });
    expect(expectProblem(reused, 422).type).toBe(ProblemType.idempotencyKeyReused);
    expect(made).toHaveLength(1);
  });

  it('answers 409 to a retry while the first request is still processed, then replays', async () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const { api, made } = ordersApi({ store: new MemoryIdempotencyStore() }, () => opened);
    const server = serverFor(mount, api);
    const first = request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' }).then((res) => res);
    // Retried until the first one holds the key (it is claimed once its body has been read).
    let meanwhile = await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' });
    while (meanwhile.status !== 409) meanwhile = await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' });
    const problem = expectProblem(meanwhile, 409);
    expect(problem.type).toBe(ProblemType.idempotencyKeyInUse);
    expect(meanwhile.headers['retry-after']).toBe('1');
    open();
    expect((await first).status).toBe(201);
    const replayed = await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' });
    expect(replayed.status).toBe(201);
    expect(made).toHaveLength(1);
  });

  it.each(['8e03978e', '""', '"a", "b"', '"caf\\u00e9'])('answers 400 to the Idempotency-Key %s', async (value) => {
    const { api, made } = ordersApi({ store: new MemoryIdempotencyStore() });
    const res = await request(serverFor(mount, api)).post('/orders').set('Idempotency-Key', value).send({ item: 'tea' });
    expect(expectProblem(res, 400).type).toBe(ProblemType.invalidRequestHeader);
    expect(made).toHaveLength(0);
  });

  it('keeps keys per client: another credential with the same key is processed, never replayed the first answer', async () => {
    const { api, made } = ordersApi({ store: new MemoryIdempotencyStore() });
    const server = serverFor(mount, api);
    const alice = await request(server).post('/orders').set('Authorization', 'Bearer alice').set('Idempotency-Key', KEY).send({ item: 'tea' });
    const bob = await request(server).post('/orders').set('Authorization', 'Bearer bob').set('Idempotency-Key', KEY).send({ item: 'tea' });
    expect(made).toHaveLength(2);
    expect(bob.headers.location).toBe('/orders/2');
    expect(alice.headers.location).toBe('/orders/1');
  });

  it('keeps keys per the client the route names', async () => {
    const { api, made } = ordersApi({ store: new MemoryIdempotencyStore(), client: ((ctx: { req: { headers: Record<string, string> } }) => ctx.req.headers['x-user']!) as never });
    const server = serverFor(mount, api);
    await request(server).post('/orders').set('X-User', 'alice').set('Idempotency-Key', KEY).send({ item: 'tea' });
    await request(server).post('/orders').set('X-User', 'alice').set('Authorization', 'Bearer other').set('Idempotency-Key', KEY).send({ item: 'tea' });
    await request(server).post('/orders').set('X-User', 'bob').set('Idempotency-Key', KEY).send({ item: 'tea' });
    expect(made).toHaveLength(2);
  });

  it('processes the key again once it has expired', async () => {
    let now = 1_000_000;
    const { api, made } = ordersApi({ store: new MemoryIdempotencyStore({ now: () => now }), expiresIn: 60_000 });
    const server = serverFor(mount, api);
    await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' });
    now += 59_999;
    await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' });
    expect(made).toHaveLength(1);
    now += 1;
    await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' });
    expect(made).toHaveLength(2);
  });

  it('gives the key back after a server error: the retry is processed', async () => {
    const { api, made } = ordersApi({ store: new MemoryIdempotencyStore() });
    const server = serverFor(mount, api);
    expectProblem(await request(server).post('/orders').set('Idempotency-Key', KEY).send({ fail: true }), 500);
    expect((await request(server).post('/orders').set('Idempotency-Key', KEY).send({ fail: true })).status).toBe(201);
    expect(made).toHaveLength(2);
  });

  describe('when the store cannot be reached', () => {
    const down: IdempotencyStore = {
      claim: () => Promise.reject(new Error('connection refused')),
      complete: () => Promise.reject(new Error('connection refused')),
      release: () => Promise.reject(new Error('connection refused')),
    };

    it('answers 503 with Retry-After by default, processing nothing', async () => {
      const { api, made } = ordersApi({ store: down });
      const res = await request(serverFor(mount, api)).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' });
      expect(expectProblem(res, 503).type).toBe(ProblemType.idempotencyUnavailable);
      expect(res.headers['retry-after']).toBe('1');
      expect(made).toHaveLength(0);
    });

    it("processes the request as if the route had not opted in, with whenStoreFails: 'proceed'", async () => {
      const { api, made } = ordersApi({ store: down, whenStoreFails: 'proceed' });
      const server = serverFor(mount, api);
      expect((await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' })).status).toBe(201);
      expect((await request(server).post('/orders').set('Idempotency-Key', KEY).send({ item: 'tea' })).status).toBe(201);
      expect(made).toHaveLength(2);
    });
  });
});

describe('.idempotent(options)', () => {
  it.each([{ expiresIn: 0 }, { processingTimeout: -1 }, { maxAnswerBytes: 1.5 }])('refuses %j when the route is declared', (options) => {
    const api = createRouter();
    expect(() => api.post('/orders').idempotent({ store: new MemoryIdempotencyStore(), ...options }).handle(() => 'ok')).toThrow(/Route POST \/orders: idempotent/);
  });
});
