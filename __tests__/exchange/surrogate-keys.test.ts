import express, { type Express } from 'express';
import request from 'supertest';
import { type Router, type RouterOptions, ResponseEntity, NotFound, createRouter } from '../../src';

function serve(declare: (api: Router) => void, options: RouterOptions = {}): { app: Express; onError: jest.Mock } {
  const onError = jest.fn();
  const api = createRouter({ onError, ...options });
  declare(api);
  return { app: express().use(api.middleware()), onError };
}

const users = new Map([['7', { name: 'Ada', version: 3 }]]);

function userRoutes(api: Router): void {
  api
    .get('/users/{id}')
    .cache({ maxAge: 60 })
    .surrogateKeys('users')
    .surrogateKeys((ctx) => [`user:${ctx.path.id}`])
    .etag((ctx) => users.get(ctx.path.id)?.version)
    .handle((ctx) => {
      const user = users.get(ctx.path.id);
      if (user === undefined) throw new NotFound(`No user ${ctx.path.id}`);
      return user;
    });
  api
    .put('/users/{id}')
    .surrogateKeys('users', 'user-list')
    .surrogateKeys((ctx) => [`user:${ctx.path.id}`])
    .handle(() => ResponseEntity.noContent());
  api.get('/books/{isbn}').handle((ctx) => {
    ctx.addSurrogateKeys(`book:${ctx.path.isbn}`, 2024);
    return { isbn: ctx.path.isbn };
  });
  api.get('/plain').handle(() => ({ a: 1 }));
  api.get('/everyone').handle((ctx) => {
    ctx.addSurrogateKeys(...Array.from({ length: 2000 }, (_, i) => `user:${i}`));
    return [];
  });
}

describe('route.surrogateKeys(...) and ctx.addSurrogateKeys(...)', () => {
  const { app, onError } = serve(userRoutes);

  it('tags a representation with the fixed keys, then those computed from the context', async () => {
    const response = await request(app).get('/users/7').expect(200);
    expect(response.headers['surrogate-key']).toBe('users user:7');
    expect(response.headers['cache-tag']).toBeUndefined();
  });

  it('tags the 304 the route answers from its hook, as the 200 it stands for', async () => {
    const { headers } = await request(app).get('/users/7').expect(200);
    const response = await request(app).get('/users/7').set('If-None-Match', headers.etag!).expect(304);
    expect(response.headers['surrogate-key']).toBe('users user:7');
  });

  it('does not tag a problem, which is not stored', async () => {
    const response = await request(app).get('/users/8').expect(404);
    expect(response.headers['surrogate-key']).toBeUndefined();
  });

  it('tags a write answer with the keys of what it changed, for the purger', async () => {
    const response = await request(app).put('/users/7').expect(204);
    expect(response.headers['surrogate-key']).toBe('users user-list user:7');
  });

  it('tags with the keys a handler adds, numbers too', async () => {
    const response = await request(app).get('/books/978-0').expect(200);
    expect(response.headers['surrogate-key']).toBe('book:978-0 2024');
  });

  it('adds no field to a route without keys', async () => {
    const response = await request(app).get('/plain').expect(200);
    expect(response.headers['surrogate-key']).toBeUndefined();
  });

  it('percent-encodes what the client sent: a space, a comma, CR and LF never split the field or the list', async () => {
    const response = await request(app).get('/users/a%20b,c%0D%0AX-Injected:%201').expect(404);
    expect(response.headers['x-injected']).toBeUndefined();
    const written = await request(app).put('/users/a%20b,c%0D%0AX-Injected:%201').expect(204);
    expect(written.headers['surrogate-key']).toBe('users user-list user:a%20b%2Cc%0D%0AX-Injected:%201');
    expect(written.headers['x-injected']).toBeUndefined();
  });

  it('answers 500 (a fault of the route, reported) when the keys would not fit a cache in front', async () => {
    await request(app).get('/everyone').expect(500);
    expect(onError).toHaveBeenCalledWith(expect.any(RangeError), expect.anything());
  });
});

describe('createRouter({ surrogateKeyHeaders })', () => {
  it('writes the keys in each field named, Cache-Tag as a comma list', async () => {
    const { app } = serve(userRoutes, { surrogateKeyHeaders: ['Surrogate-Key', 'Cache-Tag'] });
    const response = await request(app).get('/users/7').expect(200);
    expect(response.headers['surrogate-key']).toBe('users user:7');
    expect(response.headers['cache-tag']).toBe('users, user:7');
  });

  it('refuses a name that is not a field name when the router is made', () => {
    expect(() => createRouter({ surrogateKeyHeaders: ['Cache Tag'] })).toThrow(TypeError);
  });
});

describe('a fixed surrogate key that is not a key', () => {
  it.each(['two words', 'a,b', 'line\r\nbreak', '', 'quote"'])('is refused when the route is declared: %j', (key) => {
    const api = createRouter();
    expect(() => api.get('/x').surrogateKeys(key)).toThrow(TypeError);
  });
});
