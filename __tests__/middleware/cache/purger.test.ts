import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { type Router, PreconditionFailed, ResponseEntity, createRouter } from '../../../src';
import { type Purger, type PurgerOptions, purger } from '../../../src/entries/cache';

/** What a fake cache in front received. */
interface Received {
  readonly method: string;
  readonly url: string;
  /** Lower-case names. */
  readonly headers: Record<string, string>;
}

/**
 * A fake downstream cache on a free port: records each request, answers with `status(n)` for the
 * n-th (200 by default), or never. Over plain sockets: node's HTTP server refuses methods it does
 * not know (BAN), which caches take.
 */
async function fakeCache(status: (n: number) => number | 'hang' = () => 200): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = net.createServer((socket) => {
    let buffered = '';
    socket.setEncoding('latin1');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf('\r\n\r\n')) !== -1) {
        const [line, ...fields] = buffered.slice(0, end).split('\r\n');
        buffered = buffered.slice(end + 4);
        const [method, url] = line!.split(' ');
        const headers: Record<string, string> = {};
        for (const field of fields) headers[field.slice(0, field.indexOf(':')).toLowerCase()] = field.slice(field.indexOf(':') + 1).trim();
        received.push({ method: method!, url: url!, headers });
        const answer = status(received.length);
        if (answer !== 'hang') socket.write(`HTTP/1.1 ${answer} Fake\r\nContent-Length: 0\r\n\r\n`);
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const servers: net.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.close();
  }
});

/** A port nothing listens on. */
async function closedPort(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

function routes(api: Router): void {
  api.get('/users/{id}').surrogateKeys((ctx) => [`user:${ctx.path.id}`]).handle((ctx) => ({ id: ctx.path.id }));
  api.put('/users/{id}').surrogateKeys('users').surrogateKeys((ctx) => [`user:${ctx.path.id}`]).handle(() => ResponseEntity.noContent());
  api.post('/users').surrogateKeys('users').handle(() => ResponseEntity.created('/users/8', { id: '8' }));
  api.delete('/users/{id}').handle(() => {
    throw new (class extends Error {})('no');
  });
  api.patch('/users/{id}').handle(() => {
    throw new PreconditionFailed('changed');
  });
}

const purgers: Purger[] = [];
afterEach(async () => {
  for (const p of purgers.splice(0)) await p.close();
});

/** The service under `mount`, with a purger of `options` as a router hook. */
function service(options: PurgerOptions, mount: 'middleware' | 'wrap' = 'middleware'): { purge: Purger; server: http.Server } {
  const purge = purger(options);
  purgers.push(purge);
  const api = createRouter({ hooks: [purge], onError: () => undefined });
  routes(api);
  const app = express();
  if (mount === 'middleware') return { purge, server: http.createServer(app.use(api.middleware())) };
  return { purge, server: http.createServer(api.wrap(app)) };
}

describe('purger({ targets }) as a router hook', () => {
  it.each(['middleware', 'wrap'] as const)('purges the URI and the keys of a PUT before answering it (router.%s)', async (mount) => {
    const cache = await fakeCache();
    const { server } = service({ targets: [cache.url] }, mount);
    await request(server).put('/users/7?x=1').set('Host', 'api.example.com').expect(204);
    // No waiting: the answer was held until the cache had the purges.
    expect(cache.received).toEqual([
      { method: 'PURGE', url: '/users/7?x=1', headers: expect.objectContaining({ host: 'api.example.com' }) },
      { method: 'PURGE', url: '/', headers: expect.objectContaining({ host: 'api.example.com', 'surrogate-key': 'users user:7' }) },
    ]);
  });

  it('takes the purged URIs under the origin it is given, whatever Host the write came with', async () => {
    const cache = await fakeCache();
    const { server } = service({ targets: [cache.url], origin: 'https://API.example.com' });
    await request(server).put('/users/7').set('Host', '10.0.0.5:8081').expect(204);
    expect(cache.received.map((r) => [r.url, r.headers.host])).toEqual([['/users/7', 'api.example.com'], ['/', 'api.example.com']]);
  });

  it('purges the Location of a 201 too (RFC 9111 section 4.4), at every cache', async () => {
    const first = await fakeCache();
    const second = await fakeCache();
    const { server } = service({ targets: [first.url, second.url] });
    await request(server).post('/users').set('Host', 'h').send({}).expect(201);
    for (const cache of [first, second]) {
      expect(cache.received.map((r) => `${r.method} ${r.url} ${r.headers['surrogate-key'] ?? ''}`)).toEqual(['PURGE /users ', 'PURGE /users/8 ', 'PURGE / users']);
    }
  });

  it('purges nothing after a GET, an error or a 412', async () => {
    const cache = await fakeCache();
    const { server, purge } = service({ targets: [cache.url] });
    await request(server).get('/users/7').expect(200);
    await request(server).delete('/users/7').expect(500);
    await request(server).patch('/users/7').expect(412);
    await purge.idle();
    expect(cache.received).toEqual([]);
  });

  it('sends the method and the key field it is given (BAN, xkey-purge)', async () => {
    const cache = await fakeCache();
    const { server } = service({ targets: [cache.url], method: 'BAN', keyHeader: 'xkey-purge' });
    await request(server).put('/users/7').expect(204);
    expect(cache.received.map((r) => [r.method, r.headers['xkey-purge']])).toEqual([['BAN', undefined], ['BAN', 'users user:7']]);
  });

  it('answers the write when no cache listens: each purge tried 1 + retries times, then logged', async () => {
    const log = jest.fn();
    const { server, purge } = service({ targets: [await closedPort()], retries: 2, retryDelay: 1, log });
    await request(server).put('/users/7').expect(204);
    await purge.idle();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0][0]).toMatch(/^represent purger: PURGE http:\/\/127\.0\.0\.1:\d+\/users\/7 at http:\/\/127\.0\.0\.1:\d+ failed after 3 attempt\(s\): .*ECONNREFUSED/);
    expect(log.mock.calls[1][0]).toMatch(/PURGE keys users user:7 .* failed after 3 attempt/);
  });

  it('answers the write when the cache never answers: held at most the timeout, then logged', async () => {
    const log = jest.fn();
    const cache = await fakeCache(() => 'hang');
    const { server, purge } = service({ targets: [cache.url], timeout: 200, retries: 0, log });
    await request(server).put('/users/7').expect(204);
    await purge.idle();
    expect(log.mock.calls.map((c) => c[0])).toEqual([expect.stringContaining('no answer within 200 ms'), expect.stringContaining('no answer within 200 ms')]);
  });

  it('tries a purge again after a 5xx, and stops at the first answer below 500', async () => {
    const log = jest.fn();
    const cache = await fakeCache((n) => (n <= 2 ? 503 : 200));
    const { purge } = service({ targets: [cache.url], retryDelay: 1, log });
    const outcomes = await purge.purge({ uris: ['http://h/a'], keys: [] });
    expect(outcomes).toEqual([{ target: cache.url, uri: 'http://h/a', keys: [], status: 200, ok: true, attempts: 3 }]);
    expect(cache.received).toHaveLength(3);
    expect(log).not.toHaveBeenCalled();
  });

  it('does not try a refused purge again (a 4xx), and logs it; a 404 is nothing stored', async () => {
    const log = jest.fn();
    const refusing = await fakeCache(() => 405);
    const empty = await fakeCache(() => 404);
    const { purge } = service({ targets: [refusing.url, empty.url], log });
    const outcomes = await purge.purge({ uris: ['http://h/a'], keys: [] });
    expect(outcomes.map((o) => [o.status, o.ok, o.attempts])).toEqual([[405, false, 1], [404, true, 1]]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('status 405'));
  });

  it('drops and logs the purges past maxPending', async () => {
    const log = jest.fn();
    const cache = await fakeCache();
    const { purge } = service({ targets: [cache.url], maxPending: 1, log });
    const outcomes = await purge.purge({ uris: ['http://h/a', 'http://h/b'], keys: [] });
    expect(outcomes).toHaveLength(1);
    expect(log).toHaveBeenCalledWith('represent purger: 1 purge(s) dropped, 0 under way already');
  });

  it('refuses a target that is not an http or https URL', () => {
    expect(() => purger({ targets: ['ftp://cache'] })).toThrow(TypeError);
    expect(() => purger({ targets: ['not a url'] })).toThrow(TypeError);
    expect(() => purger({ targets: [], origin: 'https://h/path' })).toThrow(TypeError);
  });
});
