import express from 'express';
import request from 'supertest';
import { ProblemType, createRouter } from '../../src';
import { MemoryStore, cache } from '../../middleware/cache';
import { listeningServers } from '../setup/listening';
import { expectProblem, serve } from '../setup/app-fixture';

describe('cookie binding, .cookie(name, options)', () => {
  const app = serve((api) => {
    api.get('/me').cookie('session').handle((ctx) => ({ session: ctx.cookie.session }));
    api.get('/optional').cookie('theme', { required: false }).handle((ctx) => ({ theme: ctx.cookie.theme ?? null }));
    api.get('/page').cookie('size', { type: 'integer', defaultValue: 20, min: 1 }).handle((ctx) => ({ size: ctx.cookie.size }));
    api.get('/tags').cookie('tags', { array: true }).handle((ctx) => ({ tags: ctx.cookie.tags }));
    api.get('/flag').cookie('beta', { type: 'boolean' }).handle((ctx) => ({ beta: ctx.cookie.beta }));
    api.map({ path: '/declarative', method: 'GET', cookie: [{ name: 'session' }] }, (ctx) => ({ session: ctx.cookie.session }));
    api.get('/both').cookie('session').query('q').handle((ctx) => ({ session: ctx.cookie.session, q: ctx.query.q }));
  });

  it.each(['/me', '/declarative'])('answers 400 on %s whose detail names the missing cookie', async (path) => {
    const problem = expectProblem(await request(app).get(path).set('Cookie', 'other=1'), 400);
    expect(problem).toMatchObject({
      type: ProblemType.missingCookie,
      detail: "Required cookie 'session' is missing",
      cookie: 'session',
      errors: [{ in: 'cookie', parameter: 'session', detail: "Required cookie 'session' is missing" }],
    });
  });

  it('answers 400 when the request has no Cookie field at all', async () => {
    expect(expectProblem(await request(app).get('/me'), 400)).toMatchObject({ type: ProblemType.missingCookie, cookie: 'session' });
  });

  it.each<[string, string | undefined, unknown]>([
    ['/me', 'session=abc', { session: 'abc' }],
    ['/me', 'a=1; session=abc; b=2', { session: 'abc' }],
    ['/me', 'session="quoted value"', { session: 'quoted value' }],
    ['/me', 'session=caf%C3%A9', { session: 'café' }],
    ['/me', 'session=100%', { session: '100%' }],
    ['/me', 'session=first; session=second', { session: 'first' }],
    ['/optional', undefined, { theme: null }],
    ['/optional', 'theme=dark', { theme: 'dark' }],
    ['/page', undefined, { size: 20 }],
    ['/page', 'size=', { size: 20 }],
    ['/page', 'size=50', { size: 50 }],
    ['/tags', 'tags=a,b, c', { tags: ['a', 'b', 'c'] }],
    ['/flag', 'beta=on', { beta: true }],
  ])('binds %s with Cookie %j as %j', async (path, field, body) => {
    const res = await (field === undefined ? request(app).get(path) : request(app).get(path).set('Cookie', field));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(body);
  });

  it('matches the name exactly: cookie names are case-sensitive (RFC 6265 section 5.4)', async () => {
    expectProblem(await request(app).get('/me').set('Cookie', 'SESSION=abc'), 400);
  });

  it.each<[string, string, string]>([
    ['/page', 'size=lots', "Cookie 'size' must be an integer, got 'lots'"],
    ['/page', 'size=0', "Cookie 'size' must be in 1..∞, got 0"],
    ['/flag', 'beta=maybe', "Cookie 'beta' must be a boolean, got 'maybe'"],
  ])('answers 400 on %s with Cookie %j, naming the cookie and the type', async (path, field, detail) => {
    const problem = expectProblem(await request(app).get(path).set('Cookie', field), 400);
    expect(problem).toMatchObject({ type: ProblemType.invalidCookie, detail, cookie: path === '/page' ? 'size' : 'beta' });
  });

  it('names a missing cookie and a missing query parameter in one problem', async () => {
    const problem = expectProblem(await request(app).get('/both'), 400);
    expect(problem).toMatchObject({
      type: ProblemType.invalidParameters,
      errors: [
        { in: 'cookie', parameter: 'session' },
        { in: 'query', parameter: 'q' },
      ],
    });
  });

  it.each(['constructor', 'toString', 'hasOwnProperty'])('sees no %j cookie when the request has none', async (name) => {
    const probe = serve((api) => api.get('/c').cookie(name, { required: false }).handle((ctx) => ({ value: (ctx.cookie as Record<string, unknown>)[name] ?? null })));
    const res = await request(probe).get('/c').set('Cookie', 'a=1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: null });
  });

  it('refuses a binding named __proto__ when the route is declared', () => {
    expect(() => createRouter().get('/x').cookie('__proto__').handle(() => null)).toThrow("cannot be named '__proto__'");
  });

  it('refuses a default that does not convert when the route is declared', () => {
    expect(() => createRouter().get('/x').cookie('n', { type: 'integer', defaultValue: 'many' }).handle(() => null)).toThrow(
      "Route GET /x: The default value 'many' of cookie 'n' is not an integer",
    );
  });
});

describe('the number of cookies a route reads (maxCookies)', () => {
  /**
   * `count` cookies whose values hold a `%` that does not decode, each of which used to throw: short
   * names, so that 1,600 fit in node's 16 KiB request head (11 KB).
   */
  const badCookies = (count: number) => Array.from({ length: count }, (_, i) => `${i.toString(36)}=%${i % 2 === 0 ? '' : 'C3'}`);
  const declare = (api: Parameters<Parameters<typeof serve>[0]>[0]) => {
    api.get('/me').cookie('session').handle((ctx) => ({ session: ctx.cookie.session }));
  };

  it('binds the right value among 199 cookies with a bad %, at the default limit of 200, without an exception per value', async () => {
    // A thrown URIError per value made such a request cost 50 normal ones: none is thrown now.
    const native = globalThis.decodeURIComponent;
    let thrown = 0;
    globalThis.decodeURIComponent = (text: string) => {
      try {
        return native(text);
      } catch (error) {
        thrown++;
        throw error;
      }
    };
    try {
      const field = [...badCookies(100), 'session=caf%C3%A9', ...badCookies(99)].join('; ');
      const res = await request(serve(declare)).get('/me').set('Cookie', field).expect(200);
      expect(res.body).toEqual({ session: 'café' });
    } finally {
      globalThis.decodeURIComponent = native;
    }
    expect(thrown).toBe(0);
  });

  it('answers 431, a problem naming the limit, to 1,600 cookies with a bad % (RFC 6585 section 5)', async () => {
    const field = ['session=abc', ...badCookies(1599)].join('; ');
    const problem = expectProblem(await request(serve(declare)).get('/me').set('Cookie', field), 431);
    expect(problem).toMatchObject({ type: ProblemType.tooManyCookies, title: 'Request Header Fields Too Large', detail: 'The Cookie field holds more than 200 cookies', maxCookies: 200 });
  });

  it('reads 1,600 cookies with a bad % under maxCookies: 2000, each bad value kept as sent', async () => {
    const app = serve((api) => {
      api.get('/me').cookie('session').cookie('last').handle((ctx) => ({ session: ctx.cookie.session, last: ctx.cookie.last }));
    }, { maxCookies: 2000 });
    const field = [...badCookies(1598), 'session=caf%C3%A9', 'last=%E0%A4%A'].join('; ');
    const res = await request(app).get('/me').set('Cookie', field).expect(200);
    expect(res.body).toEqual({ session: 'café', last: '%E0%A4%A' });
  });

  it('reads no cookie on a route that binds none, whatever their number', async () => {
    const app = serve((api) => {
      api.get('/plain').handle(() => ({ ok: true }));
    });
    await request(app).get('/plain').set('Cookie', badCookies(1600).join('; ')).expect(200, { ok: true });
  });
});

describe('Vary: Cookie on the answers of a route that binds a cookie', () => {
  const app = serve((api) => {
    api.get('/me').produces('application/json', 'application/xml').cookie('session').handle((ctx) => ({ session: ctx.cookie.session }));
    api.get('/nothing').cookie('session').handle(() => undefined);
    api.get('/tagged').cookie('session').etag(() => 'v1').handle((ctx) => ({ session: ctx.cookie.session }));
    api.get('/plain').handle(() => ({ a: 1 }));
  });

  it('names Cookie (and Accept) in Vary on the 200 (RFC 9110 section 12.5.5)', async () => {
    const res = await request(app).get('/me').set('Cookie', 'session=a').expect(200);
    expect(res.headers.vary).toBe('Accept, Cookie');
  });

  it('names Cookie in Vary on a 204', async () => {
    const res = await request(app).get('/nothing').set('Cookie', 'session=a').expect(204);
    expect(res.headers.vary).toBe('Cookie');
  });

  it('names Cookie in Vary on the 304 a hook answers, as on its 200 (RFC 9110 section 15.4.5)', async () => {
    const ok = await request(app).get('/tagged').set('Cookie', 'session=a').expect(200);
    const res = await request(app).get('/tagged').set('Cookie', 'session=a').set('If-None-Match', ok.headers.etag!).expect(304);
    expect(res.headers.vary).toBe(ok.headers.vary);
    expect(res.headers.vary).toContain('Cookie');
  });

  it('adds no Cookie to the Vary of a route that binds no cookie', async () => {
    const res = await request(app).get('/plain').set('Cookie', 'session=a').expect(200);
    expect(res.headers.vary).not.toContain('Cookie');
  });
});

describe('a shared cache in front of a route that binds a cookie', () => {
  // The cache keys on the absolute URI, Host and port included: one server for each test's requests.
  const listening = listeningServers();

  async function setup() {
    let calls = 0;
    const api = createRouter({ onError: jest.fn() });
    // A policy that allows shared caches outright: only Vary: Cookie keeps users apart.
    api.get('/greeting').cache({ public: true, maxAge: 600 }).cookie('user').handle((ctx) => {
      calls++;
      return { hello: ctx.cookie.user };
    });
    const app = await listening(express().use(cache({ store: new MemoryStore(), statusHeader: 'X-Cache' })).use(api.middleware()));
    return { app, calls: () => calls };
  }

  it("never serves one user's cookie-bound answer to another", async () => {
    const { app, calls } = await setup();
    const ann = await request(app).get('/greeting').set('Cookie', 'user=ann').expect(200);
    expect(ann.body).toEqual({ hello: 'ann' });
    const bob = await request(app).get('/greeting').set('Cookie', 'user=bob').expect(200);
    expect(bob.body).toEqual({ hello: 'bob' });
    expect(bob.headers['x-cache']).toBe('MISS');
    const annAgain = await request(app).get('/greeting').set('Cookie', 'user=ann').expect(200);
    expect(annAgain.body).toEqual({ hello: 'ann' });
    const nobody = await request(app).get('/greeting');
    expect(nobody.status).toBe(400);
    expect(calls()).toBe(2);
  });

  it('reuses the stored answer for a request with the same Cookie field', async () => {
    const { app, calls } = await setup();
    await request(app).get('/greeting').set('Cookie', 'user=ann').expect(200);
    const again = await request(app).get('/greeting').set('Cookie', 'user=ann').expect(200);
    expect(again.body).toEqual({ hello: 'ann' });
    expect(again.headers['x-cache']).toBe('HIT');
    expect(calls()).toBe(1);
  });
});
