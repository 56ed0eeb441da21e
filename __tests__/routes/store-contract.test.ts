import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore } from '../../routes/store/memory-store';
import { openStore } from '../../routes/store/open-store';
import { type ServiceStore, type StoreOptions, VersionMismatch } from '../../routes/store/store';
import { PreconditionFailed } from '../../src';
import { type RunningPostgres, startPostgres } from '../setup/postgres';
import { PNG } from '../setup/service-fixture';

/**
 * The contract of a service store, one suite for every store: in memory, SQLite (a file) and
 * PostgreSQL (a server this suite starts). The same writes give the same versions in each, so the
 * service answers the same ETags whichever it runs on.
 */

jest.setTimeout(60_000);

const later = () => {
  let t = Date.UTC(2025, 0, 1);
  return () => new Date((t += 1000));
};

let postgres: RunningPostgres;
const folder = mkdtempSync(join(tmpdir(), 'represent-store-'));
let files = 0;
const opened: ServiceStore[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await postgres?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Opens a fresh store, and answers a way to open a second one on the same data (another instance). */
type Open = (options?: StoreOptions) => Promise<{ store: ServiceStore; another: () => Promise<ServiceStore> }>;

const track = async (store: Promise<ServiceStore>): Promise<ServiceStore> => {
  opened.push(await store);
  return opened.at(-1)!;
};

const STORES: [string, Open][] = [
  [
    'memory',
    async (options) => {
      const store = createMemoryStore(options);
      return { store, another: async () => store };
    },
  ],
  [
    'SQLite',
    async (options) => {
      const location = { engine: 'sqlite' as const, file: join(folder, `${++files}`, 'represent.sqlite') };
      return { store: await track(openStore(location, options)), another: () => track(openStore(location)) };
    },
  ],
  [
    'PostgreSQL',
    async (options) => {
      const location = { engine: 'postgres' as const, url: await postgres.createDatabase() };
      return { store: await track(openStore(location, options)), another: () => track(openStore(location)) };
    },
  ],
];

const USER = { name: 'New', email: 'n@example.org', role: 'viewer' } as const;

describe.each(STORES)('the %s store', (_name, open) => {
  it('seeds the bookcase and nine users with versions 1 to 10 and the seed date', async () => {
    const { store } = await open();
    expect(await store.bookcase.read()).toMatchObject({ value: { name: 'Living room' }, version: 1, lastModified: new Date(Date.UTC(2024, 0, 1)) });
    const { state, users, total } = await store.users.list();
    expect(users.map((u) => [u.value.id, u.version])).toEqual([...Array(9).keys()].map((i) => [String(i + 1), i + 2]));
    expect(total).toBe(9);
    expect(state).toEqual({ version: 10, lastModified: new Date(Date.UTC(2024, 0, 1)) });
  });

  it('gives every write a new store-wide version, so a re-created user never gets an old one', async () => {
    const { store } = await open({ now: later() });
    const before = (await store.users.get('1'))!;
    await store.users.delete('1');
    const { created, entry } = await store.users.put({ ...before.value });
    expect(created).toBe(true);
    expect(entry.version).toBeGreaterThan(before.version);
    expect(entry.lastModified.getTime()).toBeGreaterThan(before.lastModified.getTime());
    expect(await store.users.get('1')).toEqual(entry);
  });

  it('counts versions as the memory store does: the same writes give the same ETags', async () => {
    const { store } = await open();
    expect((await store.users.create(USER)).version).toBe(11);
    expect((await store.users.state()).version).toBe(12);
    const avatar = (await store.avatars.put('2', { type: 'image/png', bytes: PNG }))!;
    expect(avatar.entry.version).toBe(13);
    expect((await store.users.get('2'))!.version).toBe(14);
    expect((await store.users.state()).version).toBe(15);
    expect((await store.bookcase.replace({ name: 'Office', books: [] })).version).toBe(16);
  });

  it('changes nothing when a write stores what is already there', async () => {
    const { store } = await open();
    const user = (await store.users.get('2'))!;
    expect(await store.users.put({ ...user.value })).toEqual({ created: false, entry: user });
    const bookcase = await store.bookcase.read();
    expect(await store.bookcase.replace(JSON.parse(JSON.stringify(bookcase.value)))).toEqual(bookcase);
    expect((await store.users.state()).version).toBe(10);
    expect((await store.bookcase.read()).version).toBe(1);
  });

  it('refuses a write whose expectation no longer holds with a PreconditionFailed, changing nothing', async () => {
    const { store } = await open();
    const user = (await store.users.get('3'))!;
    await expect(store.users.put({ ...user.value, name: 'X' }, { version: 1 })).rejects.toThrow(VersionMismatch);
    await expect(store.users.put({ ...user.value, name: 'X' }, { absent: true })).rejects.toThrow(PreconditionFailed);
    await expect(store.users.put({ id: 'new', ...USER }, { version: 3 })).rejects.toThrow(VersionMismatch);
    await expect(store.users.delete('3', { version: 99 })).rejects.toThrow(VersionMismatch);
    await expect(store.users.deleteAll({ version: 3 })).rejects.toThrow(VersionMismatch);
    await expect(store.bookcase.replace({ name: 'X', books: [] }, { version: 2 })).rejects.toThrow(VersionMismatch);
    await expect(store.avatars.put('3', { type: 'image/png', bytes: PNG }, { version: 4 })).rejects.toThrow(VersionMismatch);
    expect(await store.users.get('3')).toEqual(user);
    expect(await store.users.get('new')).toBeUndefined();
    expect(await store.avatars.get('3')).toBeUndefined();
    expect((await store.users.state()).version).toBe(10);
    expect((await store.bookcase.read()).version).toBe(1);
    await expect(store.users.put({ ...user.value, name: 'Y' }, { version: user.version })).resolves.toMatchObject({ created: false, entry: { value: { name: 'Y' }, version: 11 } });
    await expect(store.users.put({ id: 'new', ...USER }, { absent: true })).resolves.toMatchObject({ created: true });
  });

  it('chooses the next free numeric id on create, skipping ids a PUT took, never reusing a deleted one', async () => {
    const { store } = await open({ users: [{ id: '3', name: 'A', email: 'a@example.org', role: 'viewer' }, { id: 'x', name: 'B', email: 'b@example.org', role: 'viewer' }] });
    expect((await store.users.create(USER)).value.id).toBe('4');
    await store.users.put({ id: '5', ...USER });
    expect((await store.users.create(USER)).value.id).toBe('6');
    await store.users.delete('6');
    expect((await store.users.create(USER)).value.id).toBe('7');
  });

  it('stores an avatar only for an existing user, byte for byte, and changes the user and the list with it', async () => {
    const { store } = await open();
    const avatar = { type: 'image/png' as const, bytes: PNG };
    expect(await store.avatars.put('404', avatar)).toBeUndefined();
    const before = (await store.users.get('4'))!.version;
    const put = (await store.avatars.put('4', avatar))!;
    expect(put.created).toBe(true);
    const stored = (await store.avatars.get('4'))!;
    expect(stored.value.type).toBe('image/png');
    expect(stored.value.bytes.equals(PNG)).toBe(true);
    expect(stored.version).toBe(put.entry.version);
    expect((await store.users.get('4'))!.version).toBeGreaterThan(before);
    expect((await store.users.state()).version).toBeGreaterThan(put.entry.version);
    expect((await store.avatars.put('4', avatar))!.created).toBe(false);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0xff, 0xd9]);
    expect((await store.avatars.put('4', { type: 'image/jpeg', bytes: jpeg }, { version: put.entry.version }))!.created).toBe(false);
    expect((await store.avatars.get('4'))!.value).toEqual({ type: 'image/jpeg', bytes: jpeg });
    await store.users.delete('4');
    expect(await store.avatars.get('4')).toBeUndefined();
  });

  it('refuses a user more than it holds with StoreFull, and makes room when one is deleted', async () => {
    const { store } = await open({ maxUsers: 10 });
    await store.users.create(USER);
    await expect(store.users.create(USER)).rejects.toMatchObject({ name: 'StoreFull', maxUsers: 10 });
    await expect(store.users.put({ id: 'z', ...USER })).rejects.toMatchObject({ name: 'StoreFull' });
    await store.users.put({ id: '1', ...USER });
    await store.users.delete('2');
    await expect(store.users.put({ id: 'z', ...USER })).resolves.toMatchObject({ created: true });
  });

  it('deletes every user and avatar, answering how many there were', async () => {
    const { store } = await open();
    await store.avatars.put('1', { type: 'image/png', bytes: PNG });
    const state = await store.users.state();
    expect(await store.users.deleteAll({ version: state.version })).toBe(9);
    expect(await store.users.list()).toMatchObject({ users: [], total: 0 });
    expect(await store.avatars.get('1')).toBeUndefined();
    expect((await store.users.state()).version).toBeGreaterThan(state.version);
  });

  it('lists in id order (numbers as numbers), a page at a time, filtered by role', async () => {
    const ids = ['10', '9', 'x', '01', '1', '10.5', '2', 'a10', 'a9', 'B', '-1', '12'];
    const roles = ['admin', 'editor', 'viewer'] as const;
    const { store } = await open({ users: ids.map((id, i) => ({ id, name: `User ${id}`, email: `u${i}@example.org`, role: roles[i % 3]! })) });
    const all = await store.users.list();
    expect(all.users.map((u) => u.value.id)).toEqual(['01', '1', '2', '9', '10', '10.5', '12', '-1', 'B', 'a9', 'a10', 'x']);
    expect(all.total).toBe(12);
    expect((await store.users.list({ offset: 3, limit: 2 })).users.map((u) => u.value.id)).toEqual(['9', '10']);
    const viewers = await store.users.list({ roles: new Set(['viewer']), offset: 1, limit: 10 });
    expect(viewers).toMatchObject({ total: 4 });
    expect(viewers.users.map((u) => u.value.id)).toEqual(['12', 'a9', 'x']);
    const two = await store.users.list({ roles: new Set(['admin', 'editor']), offset: 2, limit: 3 });
    expect(two.users.map((u) => u.value.id)).toEqual(['2', '9', '10']);
    expect(two.total).toBe(8);
  });

  it('keeps the order through creates, replaces, role changes and deletes', async () => {
    const many = [...Array(20).keys()].map((i) => ({ id: String(((i * 7) % 20) + 1), name: 'U', email: 'u@example.org', role: (['admin', 'editor', 'viewer'] as const)[(((i * 7) % 20) + 1) % 3]! }));
    const { store } = await open({ users: many });
    await store.users.put({ id: '5', name: 'Five', email: 'f@example.org', role: 'admin' });
    await store.users.delete('6');
    await store.users.put({ id: '10.5', name: 'Ten and a half', email: 't@example.org', role: 'admin' });
    await store.users.create({ name: 'New', email: 'n@example.org', role: 'admin' });
    const admins = await store.users.list({ roles: new Set(['admin']) });
    expect(admins.users.map((u) => u.value.id)).toEqual(['3', '5', '9', '10.5', '12', '15', '18', '21']);
    expect((await store.users.list()).total).toBe(21);
  });

  it('answers the users changed last, the last first', async () => {
    const { store } = await open({ now: later() });
    await store.users.put({ id: '2', name: 'Grace', email: 'g@example.org', role: 'admin' });
    await store.avatars.put('5', { type: 'image/png', bytes: Buffer.from([1]) });
    await store.users.create({ name: 'New', email: 'n@example.org', role: 'viewer' });
    const { state, users } = await store.users.latest(4);
    expect(users.map((u) => u.value.id)).toEqual(['10', '5', '2', '9']);
    expect(state).toEqual(await store.users.state());
    expect((await store.users.latest(100)).users).toHaveLength(10);
  });

  it('lets exactly one of 50 racing writes with the same expectation win, across instances', async () => {
    const { store, another } = await open();
    const second = await another();
    const user = (await store.users.get('1'))!;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? store : second).users.put({ ...user.value, name: `Writer ${i}` }, { version: user.version })),
    );
    const won = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(VersionMismatch);
    expect((await second.users.get('1'))!.value.name).toBe(`Writer ${won[0]}`);
    expect((await store.users.state()).version).toBe(12);
  });

  it('never gives one id twice to 50 racing creates, across instances', async () => {
    const { store, another } = await open();
    const second = await another();
    const created = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? store : second).users.create(USER)));
    const ids = created.map((entry) => entry.value.id);
    expect(new Set(ids).size).toBe(50);
    expect(new Set(created.map((entry) => entry.version)).size).toBe(50);
    expect((await store.users.list()).total).toBe(59);
  });

  it("records each user's change with its write, numbered 1, 2, ... in the order of the writes", async () => {
    const { store } = await open();
    expect(await store.changes.range()).toEqual({ latest: 0, dropped: 0 });
    const created = await store.users.create(USER);
    const id = created.value.id;
    const updated = await store.users.put({ ...created.value, name: 'Renamed' });
    await store.users.put({ ...created.value, name: 'Renamed' });
    await store.bookcase.replace({ name: 'Not a user', books: [] });
    const withAvatar = await store.avatars.put(id, { type: 'image/png', bytes: PNG });
    await store.users.delete(id);
    const changes = await store.changes.after(0, 100);
    expect(changes.map((change) => [change.id, change.kind, change.user.id, change.version])).toEqual([
      [1, 'created', id, created.version],
      [2, 'updated', id, updated.entry.version],
      [3, 'updated', id, withAvatar!.entry.version + 1],
      [4, 'deleted', id, undefined],
    ]);
    expect(changes[1]!.user).toEqual({ ...created.value, name: 'Renamed' });
    expect((await store.changes.after(2, 1)).map((change) => change.id)).toEqual([3]);
    expect(await store.changes.range()).toEqual({ latest: 4, dropped: 0 });
  });

  it('records a deletion per user when all are deleted, and keeps only the last changes', async () => {
    const { store } = await open({ keptChanges: 5 });
    await store.users.deleteAll();
    const changes = await store.changes.after(0, 100);
    // Nine seeded users deleted: the first four changes are no longer kept.
    expect(changes.map((change) => [change.id, change.kind, change.user.id])).toEqual([5, 6, 7, 8, 9].map((n) => [n, 'deleted', String(n)]));
    expect(await store.changes.range()).toEqual({ latest: 9, dropped: 4 });
  });

  it('tells watchers of every write, and numbers the changes of racing writers across instances without a gap', async () => {
    const { store, another } = await open();
    const second = await another();
    let told = 0;
    const stop = store.changes.watch(() => told++);
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? store : second).users.create(USER)));
    stop();
    expect(told).toBeGreaterThanOrEqual(10);
    const changes = await second.changes.after(0, 100);
    expect(changes.map((change) => change.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Committed in the order of their ids: the versions they stored increase with them.
    const versions = changes.map((change) => change.version!);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });
});
