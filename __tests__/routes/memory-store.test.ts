import { createMemoryStore } from '../../routes/store/memory-store';
import { VersionMismatch } from '../../routes/store/store';

const later = () => {
  let t = Date.UTC(2025, 0, 1);
  return () => new Date((t += 1000));
};

describe('createMemoryStore()', () => {
  it('should seed the bookcase and nine users with versions 1 to 10 and the seed date', async () => {
    const store = createMemoryStore();
    expect((await store.bookcase.read()).version).toBe(1);
    const { state, users } = await store.users.list();
    expect(users.map((u) => [u.value.id, u.version])).toEqual([...Array(9).keys()].map((i) => [String(i + 1), i + 2]));
    expect(state).toEqual({ version: 10, lastModified: new Date(Date.UTC(2024, 0, 1)) });
  });

  it('should give every write a new store-wide version, so a re-created user never gets an old one', async () => {
    const store = createMemoryStore({ now: later() });
    const before = (await store.users.get('1'))!;
    await store.users.delete('1');
    const { created, entry } = await store.users.put({ ...before.value });
    expect(created).toBe(true);
    expect(entry.version).toBeGreaterThan(before.version);
    expect(entry.lastModified.getTime()).toBeGreaterThan(before.lastModified.getTime());
  });

  it('should change nothing when a write stores what is already there', async () => {
    const store = createMemoryStore();
    const user = (await store.users.get('2'))!;
    expect(await store.users.put({ ...user.value })).toEqual({ created: false, entry: user });
    const bookcase = await store.bookcase.read();
    expect(await store.bookcase.replace(JSON.parse(JSON.stringify(bookcase.value)))).toBe(bookcase);
    expect((await store.users.state()).version).toBe(10);
  });

  it('should refuse a write whose expectation no longer holds, changing nothing', async () => {
    const store = createMemoryStore();
    const user = (await store.users.get('3'))!;
    await expect(store.users.put({ ...user.value, name: 'X' }, { version: 1 })).rejects.toThrow(VersionMismatch);
    await expect(store.users.put({ ...user.value, name: 'X' }, { absent: true })).rejects.toThrow(VersionMismatch);
    await expect(store.users.delete('3', { version: 99 })).rejects.toThrow(VersionMismatch);
    await expect(store.users.deleteAll({ version: 3 })).rejects.toThrow(VersionMismatch);
    await expect(store.bookcase.replace({ name: 'X', books: [] }, { version: 2 })).rejects.toThrow(VersionMismatch);
    expect(await store.users.get('3')).toBe(user);
    await expect(store.users.put({ ...user.value, name: 'Y' }, { version: user.version })).resolves.toMatchObject({ created: false });
  });

  it('should choose the next free numeric id on create', async () => {
    const store = createMemoryStore({ users: [{ id: '3', name: 'A', email: 'a@example.org', role: 'viewer' }, { id: 'x', name: 'B', email: 'b@example.org', role: 'viewer' }] });
    expect((await store.users.create({ name: 'C', email: 'c@example.org', role: 'admin' })).value.id).toBe('4');
  });

  it('should store an avatar only for an existing user, and change the user and the list with it', async () => {
    const store = createMemoryStore();
    const avatar = { type: 'image/png' as const, bytes: Buffer.from([1, 2, 3]) };
    expect(await store.avatars.put('404', avatar)).toBeUndefined();
    const before = (await store.users.get('4'))!.version;
    const put = (await store.avatars.put('4', avatar))!;
    expect(put.created).toBe(true);
    expect((await store.users.get('4'))!.version).toBeGreaterThan(before);
    expect((await store.users.state()).version).toBeGreaterThan(put.entry.version);
    expect((await store.avatars.put('4', avatar))!.created).toBe(false);
    await store.users.delete('4');
    expect(await store.avatars.get('4')).toBeUndefined();
  });
});

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

  it('should keep the order through creates, replaces, role changes and deletes', async () => {
    const store = createMemoryStore({ users: many(20) });
    await store.users.put({ id: '5', name: 'Five', email: 'f@example.org', role: 'admin' });
    await store.users.delete('6');
    await store.users.put({ id: '10.5', name: 'Ten and a half', email: 't@example.org', role: 'admin' });
    await store.users.create({ name: 'New', email: 'n@example.org', role: 'admin' });
    const admins = await store.users.list({ roles: new Set(['admin']) });
    expect(admins.users.map((u) => u.value.id)).toEqual(['3', '5', '9', '10.5', '12', '15', '18', '21']);
    expect((await store.users.list()).total).toBe(21);
    await store.users.deleteAll();
    expect(await store.users.list()).toMatchObject({ users: [], total: 0 });
  });

  it('should answer the users changed last, the last first', async () => {
    const store = createMemoryStore({ now: later() });
    await store.users.put({ id: '2', name: 'Grace', email: 'g@example.org', role: 'admin' });
    await store.avatars.put('5', { type: 'image/png', bytes: Buffer.from([1]) });
    await store.users.create({ name: 'New', email: 'n@example.org', role: 'viewer' });
    expect((await store.users.latest(4)).users.map((u) => u.value.id)).toEqual(['10', '5', '2', '9']);
    expect((await store.users.latest(100)).users).toHaveLength(10);
  });
});
