import { type IdempotencyStore, MemoryIdempotencyStore } from '../../src/idempotency/idempotency-store';

/** The contract of an idempotency store, under a clock the test moves. */
describe('MemoryIdempotencyStore', () => {
  let now = 0;
  const store: IdempotencyStore = new MemoryIdempotencyStore({ now: () => now, maxKeys: 3 });
  const processing = { fingerprint: 'f1' };
  const answered = { fingerprint: 'f1', answer: { status: 201, headers: ['Location', '/users/10'], body: new Uint8Array([123, 125]) } };

  it('gives a free key to one claim, and answers the record to the next ones, while it lasts', async () => {
    const claims = await Promise.all(Array.from({ length: 10 }, () => store.claim('k1', processing, 1000)));
    expect(claims.filter((claim) => claim === undefined)).toHaveLength(1);
    expect(claims.filter((claim) => claim !== undefined)).toEqual(Array(9).fill(processing));
    await store.complete('k1', answered, 5000);
    expect(await store.claim('k1', { fingerprint: 'f2' }, 1000)).toEqual(answered);
    now += 5000;
    expect(await store.claim('k1', { fingerprint: 'f2' }, 1000)).toBeUndefined();
  });

  it('gives a released key to the next claim', async () => {
    expect(await store.claim('k2', processing, 1000)).toBeUndefined();
    await store.release('k2');
    expect(await store.claim('k2', processing, 1000)).toBeUndefined();
  });

  it('holds at most maxKeys, dropping the one that expires first', async () => {
    now = 100_000;
    await store.claim('a', processing, 3000);
    await store.claim('b', processing, 1000);
    await store.claim('c', processing, 2000);
    await store.claim('d', processing, 4000);
    expect((store as MemoryIdempotencyStore).size).toBe(3);
    expect(await store.claim('b', { fingerprint: 'new' }, 1000)).toBeUndefined();
  });
});
