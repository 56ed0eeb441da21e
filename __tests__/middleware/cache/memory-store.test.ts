import { MemoryStore, type StoredResponse, storedSize } from '../../../middleware/cache';
import { runCacheStoreContract } from '../../../testing/cache-store-contract';

const response = (bytes: number): StoredResponse => ({
  status: 200,
  statusMessage: 'OK',
  rawHeaders: ['Cache-Control', 'max-age=60'],
  body: new Uint8Array(bytes),
  requestTime: 0,
  responseTime: 0,
  selecting: {},
});

describe('MemoryStore({ maxBytes })', () => {
  it('answers what was set, and nothing after delete', () => {
    const store = new MemoryStore();
    const variants = [response(10)];
    store.set('a', variants);
    expect(store.get('a')).toBe(variants);
    store.delete('a');
    expect(store.get('a')).toBeUndefined();
    expect(store.bytes).toBe(0);
  });

  it('counts the bytes of every variant and the key', () => {
    const store = new MemoryStore();
    store.set('key', [response(10), response(20)]);
    expect(store.bytes).toBe(3 + storedSize(response(10)) + storedSize(response(20)));
  });

  it('evicts the least recently used keys to stay within the budget', () => {
    const one = 1 + storedSize(response(100));
    const store = new MemoryStore({ maxBytes: one * 3 });
    for (const key of ['a', 'b', 'c']) store.set(key, [response(100)]);
    store.get('a');
    store.set('d', [response(100)]);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.size).toBe(3);
    expect(store.bytes).toBe(one * 3);
  });

  it('keeps the order of use when the most recently used key is read again, and after it is deleted', () => {
    const one = 1 + storedSize(response(100));
    const store = new MemoryStore({ maxBytes: one * 3 });
    for (const key of ['a', 'b', 'c']) store.set(key, [response(100)]);
    store.get('c');
    store.get('a');
    store.get('a');
    store.set('d', [response(100)]);
    expect(store.get('b')).toBeUndefined();
    store.delete('d');
    store.set('e', [response(100)]);
    store.get('c');
    store.set('f', [response(100)]);
    // Used last to first: f, c, e, a.
    expect(store.get('a')).toBeUndefined();
    expect([store.get('c'), store.get('e'), store.get('f')].every((variants) => variants !== undefined)).toBe(true);
  });

  it('refuses a value larger than the whole budget, without evicting others', () => {
    const store = new MemoryStore({ maxBytes: 2000 });
    store.set('small', [response(10)]);
    store.set('huge', [response(5000)]);
    expect(store.get('huge')).toBeUndefined();
    expect(store.get('small')).toBeDefined();
  });

  it('replaces the value of a key and its byte count', () => {
    const store = new MemoryStore();
    store.set('a', [response(1000)]);
    store.set('a', [response(10)]);
    expect(store.bytes).toBe(1 + storedSize(response(10)));
  });
});

runCacheStoreContract({ name: 'MemoryStore', newStore: () => new MemoryStore() });
