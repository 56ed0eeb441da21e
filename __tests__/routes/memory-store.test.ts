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
