import request from 'supertest';
import { ProblemType } from '../../src';
import { createApp } from '../../routes/app';
import type { ServiceStore } from '../../routes/store/store';
import { AS_ADMIN, PNG, expectProblem } from '../setup/service-fixture';

/** A store whose every call never settles, as one on a network that stopped answering. */
function hangingStore(): ServiceStore {
  const hanging = <T extends object>(): T => new Proxy({}, { get: () => () => new Promise<never>(() => undefined) }) as T;
  return { bookcase: hanging(), users: hanging(), avatars: hanging(), changes: hanging(), close: async () => undefined };
}

/** A multipart/form-data body whose `avatar` file is the PNG. */
const FORM = Buffer.concat([
  Buffer.from('--X\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
  PNG,
  Buffer.from('\r\n--X--\r\n'),
]);

const USER = { name: 'Ada Lovelace', email: 'lovelace@example.org', role: 'admin' };

/** One request per route of the service that calls its store (every route but OPTIONS /users/{id}). */
const REQUESTS: readonly { method: string; path: string; type?: string; body?: string | Buffer }[] = [
  { method: 'GET', path: '/bookcase' },
  { method: 'GET', path: '/bookcase?view=summary' },
  { method: 'PATCH', path: '/bookcase', type: 'application/merge-patch+json', body: '{"name":"x"}' },
  { method: 'PATCH', path: '/bookcase', type: 'application/json-patch+json', body: '[{"op":"replace","path":"/name","value":"x"}]' },
  { method: 'PUT', path: '/bookcase', type: 'application/json', body: '{"name":"x","books":[]}' },
  { method: 'DELETE', path: '/user/all' },
  { method: 'GET', path: '/user/all' },
  { method: 'POST', path: '/users', type: 'application/json', body: JSON.stringify(USER) },
  { method: 'DELETE', path: '/users/1' },
  { method: 'GET', path: '/users/1' },
  { method: 'PATCH', path: '/users/1', type: 'application/merge-patch+json', body: '{"name":"x"}' },
  { method: 'PATCH', path: '/users/1', type: 'application/json-patch+json', body: '[{"op":"replace","path":"/name","value":"x"}]' },
  { method: 'POST', path: '/users/1' },
  { method: 'PUT', path: '/users/1', type: 'application/json', body: JSON.stringify(USER) },
  { method: 'GET', path: '/users/1/avatar' },
  { method: 'PUT', path: '/users/1/avatar', type: 'image/png', body: PNG },
  { method: 'PUT', path: '/users/1/avatar', type: 'multipart/form-data; boundary=X', body: FORM },
  { method: 'GET', path: '/users/feed' },
  { method: 'GET', path: '/users/search?name=a' },
];

describe('the service: route time limits', () => {
  const { app, routeTable } = createApp({ store: hangingStore(), cache: false, routeTimeout: 50 });

  it('has a request here for every route that calls the store', () => {
    // The API description (/openapi.json, /docs and its assets) reads no store; nor does the
    // event stream, which waits for the writes of this process.
    const storeRoutes = routeTable.split('\n').filter((line) => !line.startsWith('OPTIONS') && !/ \/(?:openapi\.json|docs|users\/events)\b/.test(line));
    expect(REQUESTS).toHaveLength(storeRoutes.length);
  });

  it.each(REQUESTS)('answers 503 when the store hangs: $method $path', async ({ method, path, type, body }) => {
    let call = request(app)[method.toLowerCase() as 'get'](path).set('X-Confirm', 'delete-all-users').set(AS_ADMIN);
    if (type !== undefined) call = call.set('Content-Type', type).send(body);
    const res = await call;
    expect(expectProblem(res, 503)).toMatchObject({ type: ProblemType.timeout });
  });
});
