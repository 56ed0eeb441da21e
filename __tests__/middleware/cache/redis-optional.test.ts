/**
 * `redis` is an optional peer dependency: represent/cache loads without it, and only a RedisStore
 * made from a URL (which creates a node-redis client) needs it.
 */
describe('represent/cache without the redis package installed', () => {
  it('loads, and says what to install when a RedisStore is made from a URL', () => {
    jest.isolateModules(() => {
      jest.doMock('redis', () => {
        throw new Error("Cannot find module 'redis'");
      });
      const entry = require('../../../src/entries/cache') as typeof import('../../../src/entries/cache');
      expect(typeof entry.cache).toBe('function');
      expect(() => new entry.RedisStore({ url: 'redis://127.0.0.1:1' })).toThrow("RedisStore({ url }) needs the 'redis' package (node-redis): npm install redis");
    });
  });

  it('refuses both a url and a client, or neither', () => {
    const { RedisStore } = require('../../../src/entries/cache') as typeof import('../../../src/entries/cache');
    expect(() => new RedisStore({})).toThrow(TypeError);
  });
});
