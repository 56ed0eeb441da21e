import { type StoredResponse } from 'express-represent/cache';
import { runCacheStoreContract } from 'express-represent/testing';
import { LruStore } from '../src/lru-store';

// What the shared cache needs of any store, the same suite the built-in MemoryStore runs.
runCacheStoreContract({ name: 'LruStore', newStore: () => new LruStore({ maxEntries: 10 }) });

describe('LruStore', () => {
  const response: StoredResponse = {
    status: 200,
    statusMessage: 'OK',
    rawHeaders: ['Cache-Control', 'max-age=60'],
    body: new Uint8Array([1, 2, 3]),
    requestTime: 0,
    responseTime: 0,
    selecting: {},
  };

  it('evicts the least recently used URI when it holds more than maxEntries', () => {
    const store = new LruStore({ maxEntries: 2 });
    store.set('http://a.test/1', [response]);
    store.set('http://a.test/2', [response]);
    store.get('http://a.test/1');
    store.set('http://a.test/3', [response]);
    expect(store.size).toBe(2);
    expect(store.get('http://a.test/2')).toBeUndefined();
    expect(store.get('http://a.test/1')).toEqual([response]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses maxEntries %p', (maxEntries) => {
    expect(() => new LruStore({ maxEntries })).toThrow(RangeError);
  });
});
