import { createMemoryStore } from '../../routes/store/memory-store';

/** What the memory store does beyond the contract every store meets (store-contract.test.ts). */
describe('createMemoryStore(): listing', () => {
  const many = (n: number) => shuffledIds(n).map((id) => ({ id, name: `User ${id}`, email: `u${id}@example.org`, role: (['admin', 'editor', 'viewer'] as const)[Number(id) % 3]! }));
  /** '1' to 'n' in a scrambled order, so that the store's order is its own doing. */
  const shuffledIds = (n: number) => [...Array(n).keys()].map((i) => String(((i * 7919) % n) + 1));

  it('should list in id order (numeric ids in numeric order), a page at a time, without sorting', async () => {
    const store = createMemoryStore({ users: [...many(5_000), { id: '01', name: 'Zero one', email: 'z@example.org', role: 'viewer' }, { id: 'x', name: 'X', email: 'x@example.org', role: 'viewer' }] });
    const sort = jest.spyOn(Array.prototype, 'sort');
    try {
      const page = await store.users.list({ offset: 9, limit: 3 });
      expect(page.users.map((u) => u.value.id)).toEqual(['9', '10', '11']);
      expect(page.total).toBe(5_002);
      const viewers = await store.users.list({ roles: new Set(['viewer']), offset: 0, limit: 3 });
      expect(viewers.users.map((u) => u.value.id)).toEqual(['01', '2', '5']);
      const two = await store.users.list({ roles: new Set(['admin', 'editor']), offset: 2, limit: 3 });
      expect(two.users.map((u) => u.value.id)).toEqual(['4', '6', '7']);
      expect(two.total).toBe(3_333);
      const all = await store.users.list();
      expect(all.users.slice(-2).map((u) => u.value.id)).toEqual(['5000', 'x']);
      expect(sort).not.toHaveBeenCalled();
    } finally {
      sort.mockRestore();
    }
  });
});
