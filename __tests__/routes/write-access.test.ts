import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Accounts, DEVELOPMENT_TOKENS, serviceAccounts } from '../../routes/auth/accounts';
import { decideWrite } from '../../routes/auth/write-access';
import { createApp } from '../../routes/app';
import { listeningServers } from '../setup/listening';
import { AS_ADMIN, AS_USER, PNG, expectProblem, service } from '../setup/service-fixture';

const listening = listeningServers();

const ADMIN = { name: 'admin', role: 'admin' } as const;
const USER = { name: 'user', role: 'user' } as const;
const accounts = new Accounts([
  ['admin-token', ADMIN],
  ['user-token', USER],
]);

describe('decideWrite(authorization, accounts)', () => {
  it.each([
    [undefined, { kind: 'unauthenticated' }],
    ['Basic YWRtaW46YWRtaW4=', { kind: 'unauthenticated' }],
    ['Bearer admin-token', { kind: 'allowed', account: ADMIN }],
    ['bearer admin-token', { kind: 'allowed', account: ADMIN }],
    ['BEARER   admin-token', { kind: 'allowed', account: ADMIN }],
    ['Bearer user-token', { kind: 'forbidden', account: USER }],
    ['Bearer admin-token2', { kind: 'invalid-token' }],
    ['Bearer admin-toke', { kind: 'invalid-token' }],
    ['Bearer YWRtaW4=', { kind: 'invalid-token' }],
    ['Bearer', { kind: 'malformed' }],
    ['Bearer ', { kind: 'malformed' }],
    ['Bearer admin token', { kind: 'malformed' }],
    ['Bearer "admin-token"', { kind: 'malformed' }],
    ['Bearer =abc', { kind: 'malformed' }],
    ['', { kind: 'malformed' }],
    [' Bearer admin-token', { kind: 'malformed' }],
  ])('decides %j: %j', (authorization, decision) => {
    expect(decideWrite(authorization, accounts)).toEqual(decision);
  });
});

describe('serviceAccounts(env)', () => {
  it.each([
    [{}, DEVELOPMENT_TOKENS.admin, DEVELOPMENT_TOKENS.user],
    [{ ADMIN_TOKEN: 'a-secret', USER_TOKEN: 'u-secret' }, 'a-secret', 'u-secret'],
    [{ ADMIN_TOKEN: '', USER_TOKEN: '' }, DEVELOPMENT_TOKENS.admin, DEVELOPMENT_TOKENS.user],
    [{ NODE_ENV: 'production', ADMIN_TOKEN: 'a-secret' }, 'a-secret', undefined],
  ])('with %j: admin by %s, user by %s', (env, admin, user) => {
    const seeded = serviceAccounts(env as NodeJS.ProcessEnv);
    expect(seeded.byToken(admin)).toEqual(ADMIN);
    if (user !== undefined) expect(seeded.byToken(user)).toEqual(USER);
    expect(seeded.byToken(DEVELOPMENT_TOKENS.user)).toEqual(user === DEVELOPMENT_TOKENS.user ? USER : undefined);
  });

  it.each([
    [{ NODE_ENV: 'production' }, /ADMIN_TOKEN must be set under NODE_ENV=production/],
    [{ ADMIN_TOKEN: 'two words' }, /ADMIN_TOKEN must be a bearer token/],
    [{ USER_TOKEN: 'caf\u00e9' }, /USER_TOKEN must be a bearer token/],
    [{ ADMIN_TOKEN: 'same', USER_TOKEN: 'same' }, /must differ/],
  ])('refuses %j', (env, message) => {
    expect(() => serviceAccounts(env as NodeJS.ProcessEnv)).toThrow(message);
  });
});

/** Every write of the service, with a body it would accept from an admin. */
const WRITES: readonly { readonly method: 'put' | 'post' | 'patch' | 'delete'; readonly path: string; readonly type?: string; readonly body?: string | Buffer; readonly headers?: Record<string, string>; readonly allowed: number }[] = [
  { method: 'put', path: '/bookcase', type: 'application/json', body: '{"name":"Study","books":[]}', allowed: 204 },
  { method: 'patch', path: '/bookcase', type: 'application/merge-patch+json', body: '{"name":"Office"}', allowed: 200 },
  { method: 'patch', path: '/bookcase', type: 'application/json-patch+json', body: '[{"op":"replace","path":"/name","value":"Den"}]', allowed: 200 },
  { method: 'post', path: '/users', type: 'application/json', body: '{"name":"Linus Torvalds","email":"torvalds@example.org","role":"viewer"}', allowed: 201 },
  { method: 'put', path: '/users/kay', type: 'application/json', body: '{"name":"Alan Kay","email":"kay@example.org","role":"editor"}', allowed: 201 },
  { method: 'patch', path: '/users/1', type: 'application/merge-patch+json', body: '{"role":"editor"}', allowed: 200 },
  { method: 'delete', path: '/users/3', allowed: 204 },
  { method: 'post', path: '/users/1', allowed: 405 },
  { method: 'put', path: '/users/2/avatar', type: 'image/png', body: PNG, allowed: 201 },
  { method: 'delete', path: '/user/all', headers: { 'X-Confirm': 'delete-all-users' }, allowed: 204 },
];

/** Sends a write of {@link WRITES} with an Authorization field (or none). */
function write(app: Parameters<typeof request>[0], entry: (typeof WRITES)[number], authorization?: Record<string, string>) {
  let test = request(app)[entry.method](entry.path).set(entry.headers ?? {}).set(authorization ?? {});
  if (entry.type !== undefined) test = test.set('Content-Type', entry.type).send(entry.body);
  return test;
}

/** What the reads show of the whole state: nothing a refused write may change. */
async function state(app: Parameters<typeof request>[0]): Promise<unknown> {
  const [bookcase, users, avatar] = await Promise.all([request(app).get('/bookcase'), request(app).get('/user/all?size=1000'), request(app).get('/users/2/avatar')]);
  return [bookcase.headers.etag, bookcase.text, users.headers.etag, users.text, avatar.status];
}

describe.each(WRITES.map((entry) => [`${entry.method.toUpperCase()} ${entry.path}${entry.type === undefined ? '' : ` (${entry.type})`}`, entry] as const))('%s', (_name, entry) => {
  it('answers 401 with a Bearer challenge and no error code without credentials, and changes nothing', async () => {
    const { app } = service();
    const before = await state(app);
    const res = await write(app, entry);
    expect(expectProblem(res, 401)).toMatchObject({ title: 'Unauthorized' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="represent"');
    expect(await state(app)).toEqual(before);
  });

  it('answers 401 with error="invalid_token" to a token no account has, and changes nothing', async () => {
    const { app } = service();
    const before = await state(app);
    const res = await write(app, entry, { Authorization: 'Bearer not-a-known-token' });
    expectProblem(res, 401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="represent", error="invalid_token", error_description="unknown token"');
    expect(await state(app)).toEqual(before);
  });

  it('answers 403 with error="insufficient_scope" to the user account, and changes nothing', async () => {
    const { app } = service();
    const before = await state(app);
    const res = await write(app, entry, AS_USER);
    expect(expectProblem(res, 403).detail).toBe("The account 'user' may not write; only admin may");
    expect(res.headers['www-authenticate']).toBe('Bearer realm="represent", error="insufficient_scope", error_description="admin only"');
    expect(await state(app)).toEqual(before);
  });

  it('answers 400 with error="invalid_request" to a malformed bearer token', async () => {
    const { app } = service();
    const res = await write(app, entry, { Authorization: 'Bearer two tokens' });
    expectProblem(res, 400);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="represent", error="invalid_request", error_description="malformed bearer token"');
  });

  it(`answers the admin account as the route does: ${entry.allowed}`, async () => {
    const { app } = service();
    expect((await write(app, entry, AS_ADMIN)).status).toBe(entry.allowed);
  });
});

describe('the service\'s reads: public', () => {
  it.each([
    ['no credentials', {}],
    ['the user account', AS_USER],
    ['a token no account has', { Authorization: 'Bearer not-a-known-token' }],
    ['a malformed Authorization', { Authorization: 'Bearer two tokens' }],
  ])('answers GET and HEAD with %s as without', async (_name, authorization) => {
    const { app } = service();
    const plain = await request(app).get('/users/1');
    const res = await request(app).get('/users/1').set(authorization);
    expect(res.status).toBe(200);
    expect(res.text).toBe(plain.text);
    expect(res.headers.vary).toBe('Accept');
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect((await request(app).head('/bookcase').set(authorization)).status).toBe(200);
    expect((await request(app).options('/users/1').set(authorization)).status).toBe(204);
  });
});

describe('authorization before preconditions and before the body', () => {
  it('answers 401, not 412, to a write without credentials whose If-Match is stale: an unauthorised client learns nothing of the version', async () => {
    const { app } = service();
    const res = await request(app).put('/bookcase').set('If-Match', '"99;json"').set('Content-Type', 'application/json').send('{"name":"x","books":[]}');
    expectProblem(res, 401);
  });

  /**
   * The service behind a listener that counts the body bytes anyone reads of each request before
   * its answer's head is written (`read()` serves the stream in flowing mode and async iteration
   * alike; node drains what is left once the answer is finished), on a free port.
   */
  async function countingService(): Promise<{ port: number; read: () => number | undefined }> {
    const { app } = createApp({ cache: false, routeTimeout: 120_000 });
    let read = 0;
    let beforeAnswer: number | undefined;
    const server = await listening((req, res) => {
      const original = req.read.bind(req);
      req.read = (size?: number) => {
        const chunk = original(size) as Buffer | string | null;
        if (chunk !== null) read += chunk.length;
        return chunk;
      };
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
      res.writeHead = ((...args: unknown[]) => {
        beforeAnswer ??= read;
        return writeHead(...args);
      }) as typeof res.writeHead;
      app(req, res);
    });
    return { port: (server.address() as AddressInfo).port, read: () => beforeAnswer };
  }

  /** Sends a PUT /bookcase whose 10 MB body never ends, answering the status that comes back or failing after 10 s with what did. */
  function endlessUpload(port: number, headers: Record<string, string>): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = http.request({ port, host: '127.0.0.1', method: 'PUT', path: '/bookcase', headers: { 'Content-Type': 'application/json', 'Content-Length': String(10_000_000), ...headers } });
      const deadline = setTimeout(() => {
        req.destroy();
        reject(new Error('no answer within 10 s to an upload that never ends: the body was waited for'));
      }, 10_000);
      req.on('response', (res) => {
        clearTimeout(deadline);
        res.resume();
        req.destroy();
        resolve(res.statusCode!);
      });
      req.on('error', (error) => {
        clearTimeout(deadline);
        reject(error);
      });
      req.write(`{"name":"${'x'.repeat(64 * 1024)}`);
    });
  }

  it.each([
    ['no credentials', {}, 401],
    ['the user account', AS_USER, 403],
  ])('refuses an upload that never ends with %s without reading a byte of it', async (_name, authorization, status) => {
    const { port, read } = await countingService();
    expect(await endlessUpload(port, authorization)).toBe(status);
    expect(read()).toBe(0);
  });

  it('reads the body of an admin\'s write (the count above is of something that happens)', async () => {
    const { port, read } = await countingService();
    const body = '{"name":"Study","books":[]}';
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({ port, host: '127.0.0.1', method: 'PUT', path: '/bookcase', headers: { 'Content-Type': 'application/json', ...AS_ADMIN } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(204);
    expect(read()).toBe(body.length);
  });
});

describe('reads with Authorization and the shared cache (RFC 9111 section 3.5)', () => {
  it('does not store the answer to a GET that carries Authorization: the bookcase\'s max-age=60 allows no shared reuse of it', async () => {
    const { app } = createApp();
    const client = request(await listening(app));
    await client.get('/bookcase').set(AS_ADMIN).expect(200).expect('X-Cache', 'MISS');
    await client.get('/bookcase').set(AS_ADMIN).expect(200).expect('X-Cache', 'MISS');
    // Nothing was stored: the first GET without Authorization misses too, and is stored.
    await client.get('/bookcase').expect(200).expect('X-Cache', 'MISS');
    await client.get('/bookcase').expect(200).expect('X-Cache', 'HIT');
  });

  it('invalidates the bookcase after an admin\'s PUT, and not after a refused one', async () => {
    const { app } = createApp();
    const client = request(await listening(app));
    await client.get('/bookcase').expect('X-Cache', 'MISS');
    await client.put('/bookcase').set('Content-Type', 'application/json').send('{"name":"Study","books":[]}').expect(401);
    await client.get('/bookcase').expect('X-Cache', 'HIT');
    await client.put('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/json').send('{"name":"Study","books":[]}').expect(204);
    const after = await client.get('/bookcase').expect('X-Cache', 'MISS');
    expect(JSON.parse(after.text)).toMatchObject({ name: 'Study' });
  });
});
