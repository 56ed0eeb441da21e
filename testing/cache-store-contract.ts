import { deepStrictEqual, strictEqual } from 'node:assert/strict';
import type { CacheStore, StoredResponse } from '../middleware/cache';
import { type TestApi, testApi } from './test-api';

/** What a cache store implementation hands to the shared contract. */
export interface CacheStoreContractOptions {
  /** A name for the suite. */
  readonly name: string;
  /** A new, empty store for each test, with room for at least a few kilobytes. */
  readonly newStore: () => CacheStore;
}

/** A stored response with `bytes` of body, as the shared cache stores one. */
function storedResponse(bytes: number, status = 200): StoredResponse {
  return {
    status,
    statusMessage: 'OK',
    rawHeaders: ['Cache-Control', 'max-age=60', 'ETag', '"v1"'],
    body: new Uint8Array(bytes).fill(7),
    requestTime: 1_000,
    responseTime: 1_001,
    selecting: { accept: 'application/json' },
  };
}

/**
 * The contract of a {@link CacheStore} that the shared cache relies on: what is set is got back,
 * variants in order and intact (a store that serialises must keep the bytes and the header lines),
 * `set` replaces, and `delete` removes (RFC 9111 section 4.4 invalidation) without failing on a
 * missing key. Run it with a store's factory; the built-in `MemoryStore` runs it too.
 */
export function runCacheStoreContract({ name, newStore }: CacheStoreContractOptions, api?: TestApi): void {
  const { describe, it } = testApi(api);
  describe(`${name}: the CacheStore contract`, () => {
    it('answers undefined for a key never set', async () => {
      strictEqual(await newStore().get('https://example.org/none'), undefined);
    });

    it('answers the variants that were set, in order, with their bytes and header lines', async () => {
      const store = newStore();
      const variants = [storedResponse(10, 200), storedResponse(20, 203)];
      await store.set('https://example.org/a', variants);
      const got = await store.get('https://example.org/a');
      deepStrictEqual(got?.map((v) => ({ ...v, body: [...v.body] })), variants.map((v) => ({ ...v, body: [...v.body] })));
    });

    it('replaces the variants of a key on set', async () => {
      const store = newStore();
      await store.set('https://example.org/a', [storedResponse(10, 200)]);
      await store.set('https://example.org/a', [storedResponse(30, 203)]);
      const got = await store.get('https://example.org/a');
      deepStrictEqual(got?.map((v) => [v.status, v.body.byteLength]), [[203, 30]]);
    });

    it('keeps keys apart', async () => {
      const store = newStore();
      await store.set('https://example.org/a', [storedResponse(10, 200)]);
      await store.set('https://example.org/b', [storedResponse(10, 203)]);
      strictEqual((await store.get('https://example.org/a'))?.[0]?.status, 200);
      strictEqual((await store.get('https://example.org/b'))?.[0]?.status, 203);
    });

    it('removes every variant of a key on delete, and ignores a key that is not there', async () => {
      const store = newStore();
      await store.set('https://example.org/a', [storedResponse(10), storedResponse(10)]);
      await store.delete('https://example.org/a');
      await store.delete('https://example.org/never-set');
      strictEqual(await store.get('https://example.org/a'), undefined);
    });
  });
}
