import { type Server, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import pino from 'pino';
import { createApp } from '../../routes/app';
import { createMemoryStore } from '../../routes/store/memory-store';
import type { ServiceStore } from '../../routes/store/store';
import { AS_ADMIN, PNG } from '../setup/service-fixture';
import { type Answer, readAnswer } from '../setup/text-answer';

/**
 * Writes are all or nothing: a PUT or PATCH that fails at any step (the body, a precondition, the
 * patch, the result, the converter, the store, the client) leaves every stored item exactly as it
 * was, versions included. Concurrent conditional PATCHes of one item: exactly one wins.
 */

jest.setTimeout(20_000);


function call(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
    const req = httpRequest(`${base}${path}`, { method, agent: false, headers: { ...AS_ADMIN, ...headers, ...(bytes && { 'Content-Length': String(bytes.length) }) } }, (res) => {
      readAnswer(res, resolve, reject);
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

/** Every stored item with its version: any write at all would show. */
async function snapshot(store: ServiceStore): Promise<unknown> {
  const bookcase = await store.bookcase.read();
  const { state, users } = await store.users.list();
  const avatars = await Promise.all(users.map(async (u) => [u.value.id, await store.avatars.get(u.value.id)] as const));
  return JSON.parse(JSON.stringify({ bookcase, state, users, avatars }));
}

/** A store whose writes can be made to fail, as a database that refuses a commit would. */
function faultyStore(): ServiceStore & { failing: boolean } {
  const inner = createMemoryStore();
  const wrapped = {
    failing: false,
    bookcase: { ...inner.bookcase, replace: (...args: Parameters<typeof inner.bookcase.replace>) => (wrapped.failing ? Promise.reject(new Error('the database refused the commit')) : inner.bookcase.replace(...args)) },
    users: { ...inner.users, put: (...args: Parameters<typeof inner.users.put>) => (wrapped.failing ? Promise.reject(new Error('the database refused the commit')) : inner.users.put(...args)) },
    avatars: { ...inner.avatars, put: (...args: Parameters<typeof inner.avatars.put>) => (wrapped.failing ? Promise.reject(new Error('the database refused the commit')) : inner.avatars.put(...args)) },
    changes: inner.changes,
    close: () => inner.close(),
  };
  return wrapped;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const MERGE = { 'Content-Type': 'application/merge-patch+json' };
const JSON_PATCH = { 'Content-Type': 'application/json-patch+json' };
const ADA = { name: 'Ada Lovelace', email: 'lovelace@example.org', role: 'admin' };

describe('writes are atomic', () => {
  let server: Server;
  let base: string;
  let port: number;
  const store = faultyStore();

  beforeAll(async () => {
    await store.avatars.put('1', { type: 'image/png', bytes: PNG });
    const { app } = createApp({ store, cache: true, logger: pino({ level: 'silent' }) });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const STALE = { 'If-Match': '"999999"' };
  const PAST = { 'If-Unmodified-Since': 'Sat, 01 Jan 2000 00:00:00 GMT' };

  it.each<[string, string, string, Record<string, string>, string | Buffer, number]>([
    ['PUT a user: malformed JSON', 'PUT', '/users/1', JSON_TYPE, '{"name":', 400],
    ['PUT a user: an invalid user', 'PUT', '/users/1', JSON_TYPE, '{"name":"","email":"nope","role":"king"}', 400],
    ['PUT a user: a body id that is not the URI id', 'PUT', '/users/1', JSON_TYPE, JSON.stringify({ ...ADA, id: '2' }), 400],
    ['PUT a user: an unsupported type', 'PUT', '/users/1', { 'Content-Type': 'text/plain' }, 'Ada', 415],
    ['PUT a user: a charset the server cannot decode', 'PUT', '/users/1', { 'Content-Type': 'application/json; charset=x-none' }, '{}', 415],
    ['PUT a user: XML with a DOCTYPE (the converter refuses it)', 'PUT', '/users/1', { 'Content-Type': 'application/xml' }, '<!DOCTYPE user><user><name>X</name></user>', 400],
    ['PUT a user: a stale If-Match', 'PUT', '/users/1', { ...JSON_TYPE, ...STALE }, JSON.stringify({ ...ADA, name: 'Changed' }), 412],
    ['PUT a user: If-Unmodified-Since in the past', 'PUT', '/users/1', { ...JSON_TYPE, ...PAST }, JSON.stringify({ ...ADA, name: 'Changed' }), 412],
    ['PUT a user: If-None-Match * on an existing user', 'PUT', '/users/1', { ...JSON_TYPE, 'If-None-Match': '*' }, JSON.stringify({ ...ADA, name: 'Changed' }), 412],
    ['PUT a user: a body over the limit', 'PUT', '/users/1', JSON_TYPE, JSON.stringify({ ...ADA, name: 'x'.repeat(1_100_000) }), 413],
    ['PATCH a user: a failing JSON Patch test after a change', 'PATCH', '/users/1', JSON_PATCH, '[{"op":"replace","path":"/name","value":"Changed"},{"op":"test","path":"/role","value":"viewer"}]', 409],
    ['PATCH a user: a missing path after a change', 'PATCH', '/users/1', JSON_PATCH, '[{"op":"replace","path":"/name","value":"Changed"},{"op":"remove","path":"/nope"}]', 409],
    ['PATCH a user: a malformed patch', 'PATCH', '/users/1', JSON_PATCH, '[{"op":"replace","path":"/name","value":"Changed"},{"op":"jump"}]', 400],
    ['PATCH a user: an invalid result', 'PATCH', '/users/1', MERGE, '{"name":"Changed","email":"not an email"}', 422],
    ['PATCH a user: a result that is not an object', 'PATCH', '/users/1', MERGE, '[1]', 422],
    ['PATCH a user: changing the read-only id', 'PATCH', '/users/1', MERGE, '{"id":"99","name":"Changed"}', 422],
    ['PATCH a user: a stale If-Match', 'PATCH', '/users/1', { ...MERGE, ...STALE }, '{"name":"Changed"}', 412],
    ['PATCH a user: an unsupported patch type', 'PATCH', '/users/1', JSON_TYPE, '{"name":"Changed"}', 415],
    ['PATCH a user: malformed JSON', 'PATCH', '/users/1', MERGE, '{"name":"Changed"', 400],
    ['PUT the bookcase: an invalid bookcase', 'PUT', '/bookcase', JSON_TYPE, '{"name":"X","books":[{"isbn":1}]}', 400],
    ['PUT the bookcase: a stale If-Match', 'PUT', '/bookcase', { ...JSON_TYPE, ...STALE }, '{"name":"X","books":[]}', 412],
    ['PATCH the bookcase: a failing test after a change', 'PATCH', '/bookcase', JSON_PATCH, '[{"op":"replace","path":"/name","value":"X"},{"op":"test","path":"/name","value":"Y"}]', 409],
    ['PATCH the bookcase: an invalid result', 'PATCH', '/bookcase', MERGE, '{"books":"none"}', 422],
    ['PATCH the bookcase: copies past the size limit', 'PATCH', '/bookcase', JSON_PATCH, JSON.stringify(Array.from({ length: 30 }, () => ({ op: 'copy', from: '/books', path: '/books/-' }))), 422],
    ['PUT an avatar: not a PNG', 'PUT', '/users/1/avatar', { 'Content-Type': 'image/png' }, 'GIF89a', 400],
    ['PUT an avatar: over 256 KiB', 'PUT', '/users/1/avatar', { 'Content-Type': 'image/png' }, Buffer.concat([PNG, Buffer.alloc(300_000)]), 413],
    ['PUT an avatar: a stale If-Match', 'PUT', '/users/1/avatar', { 'Content-Type': 'image/png', ...STALE }, PNG, 412],
  ])('%s: answered with the error, nothing changed', async (_name, method, path, headers, body, status) => {
    const before = await snapshot(store);
    const answer = await call(base, method, path, headers, body);
    expect(answer.status).toBe(status);
    expect(await snapshot(store)).toEqual(before);
  });

  it.each<[string, string, string, Record<string, string>, string | Buffer]>([
    ['PUT a user', 'PUT', '/users/1', JSON_TYPE, JSON.stringify({ ...ADA, name: 'Changed' })],
    ['PATCH a user', 'PATCH', '/users/1', MERGE, '{"name":"Changed"}'],
    ['PUT the bookcase', 'PUT', '/bookcase', JSON_TYPE, '{"name":"X","books":[]}'],
    ['PATCH the bookcase', 'PATCH', '/bookcase', MERGE, '{"name":"X"}'],
    ['PUT an avatar', 'PUT', '/users/2/avatar', { 'Content-Type': 'image/png' }, PNG],
  ])('%s that the store refuses to commit: 500, nothing changed', async (_name, method, path, headers, body) => {
    const before = await snapshot(store);
    store.failing = true;
    try {
      const answer = await call(base, method, path, headers, body);
      expect(answer.status).toBe(500);
      expect(answer.body).not.toContain('database');
    } finally {
      store.failing = false;
    }
    expect(await snapshot(store)).toEqual(before);
  });

  it.each([
    ['PUT /users/1', 'application/json'],
    ['PATCH /users/1', 'application/merge-patch+json'],
    ['PUT /users/1/avatar', 'image/png'],
  ])('%s from a client that disconnects mid-body: nothing changed', async (line, type) => {
    const before = await snapshot(store);
    const socket = connect({ port, host: '127.0.0.1' });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`${line} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: 100\r\n\r\n{"name":"Chan`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await call(base, 'GET', '/users/1')).status).toBe(200);
    expect(await snapshot(store)).toEqual(before);
  });
});

describe('concurrent conditional PATCHes of one item', () => {
  let server: Server;
  let base: string;
  let store: ServiceStore;

  beforeAll(async () => {
    store = createMemoryStore();
    const { app } = createApp({ store, cache: true, logger: pino({ level: 'silent' }) });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['a user, merge patches', '/users/3', MERGE, (i: number) => JSON.stringify({ name: `Writer ${i}` }), (body: Record<string, unknown>) => body.name],
    ['a user, JSON Patches', '/users/4', JSON_PATCH, (i: number) => JSON.stringify([{ op: 'replace', path: '/name', value: `Writer ${i}` }]), (body: Record<string, unknown>) => body.name],
    ['the bookcase, merge patches', '/bookcase', MERGE, (i: number) => JSON.stringify({ name: `Writer ${i}` }), (body: Record<string, unknown>) => body.name],
  ])('%s: exactly one of 25 wins, the others get 412 and change nothing', async (_name, path, headers, patch, nameOf) => {
    for (let round = 0; round < 3; round++) {
      const current = await call(base, 'GET', path, { Accept: 'application/json' });
      const etag = current.headers.etag as string;
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => call(base, 'PATCH', path, { ...headers, 'If-Match': etag }, patch(round * 100 + i))));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, ...Array.from({ length: 24 }, () => 412)]);
      const winner = answers.find((a) => a.status === 200)!;
      const stored = await call(base, 'GET', path, { Accept: 'application/json' });
      expect(nameOf(JSON.parse(stored.body) as Record<string, unknown>)).toBe(nameOf(JSON.parse(winner.body) as Record<string, unknown>));
      expect(stored.headers.etag).not.toBe(etag);
    }
  });

  it('PUTs with If-Match racing PATCHes with If-Match on one user: one write wins', async () => {
    const etag = (await call(base, 'GET', '/users/5')).headers.etag as string;
    const puts = Array.from({ length: 10 }, (_, i) => call(base, 'PUT', '/users/5', { ...JSON_TYPE, 'If-Match': etag }, JSON.stringify({ name: `Put ${i}`, email: 'liskov@example.org', role: 'editor' })));
    const patches = Array.from({ length: 10 }, (_, i) => call(base, 'PATCH', '/users/5', { ...MERGE, 'If-Match': etag }, JSON.stringify({ name: `Patch ${i}` })));
    const statuses = (await Promise.all([...puts, ...patches])).map((a) => a.status);
    expect(statuses.filter((s) => s === 412)).toHaveLength(19);
    expect(statuses.filter((s) => s === 200 || s === 204)).toHaveLength(1);
  });
});
