import express, { type Express } from 'express';
import request from 'supertest';
import { type Router, type RouterOptions, ResponseEntity, NotFound, createRouter, ONE_YEAR_SECONDS } from '../../src';

function serve(declare: (api: Router) => void, options: RouterOptions = {}): Express {
  const api = createRouter({ onError: jest.fn(), ...options });
  declare(api);
  const app = express();
  app.use(express.Router().use(api.middleware()));
  return app;
}

const dateOf = (value: string | undefined): number => Date.parse(value ?? '');

/**
 * The router's clock in the first block, months from the machine's (and 250 ms into a second):
 * node writes a Date of its own clock when nothing else does, and a check of one header against
 * another holds whatever both say, so Date, Expires and Last-Modified are checked against this.
 */
const NOW = Date.parse('2026-01-01T00:00:00.250Z');
const http = (ms: number): string => new Date(ms).toUTCString();
const YEAR_MS = ONE_YEAR_SECONDS * 1000;

describe('cache headers on responses the router writes', () => {
  const app = serve((api) => {
    api.get('/plain').handle(() => ({ a: 1 }));
    api.get('/negotiated').produces('application/json', 'application/xml').handle(() => ({ a: 1 }));
    api.get('/minute').cache({ maxAge: 60 }).handle(() => ({ a: 1 }));
    api.get('/forever').cache({ expires: 'never' }).handle(() => ({ a: 1 }));
    api.get('/immutable').cache({ immutable: true, public: true }).handle(() => ({ a: 1 }));
    api.get('/decade').cache({ maxAge: 10 * ONE_YEAR_SECONDS, sMaxAge: 10 * ONE_YEAR_SECONDS }).handle(() => ({ a: 1 }));
    api.get('/handler-expires').handle(() =>
      ResponseEntity.ok({ a: 1 }).header('Expires', http(NOW + 5 * YEAR_MS)),
    );
    api.get('/future-modified').handle(() => ResponseEntity.ok({ a: 1 }).header('Last-Modified', http(NOW + 86_400_000)));
    api.post('/posts').handle(() => ResponseEntity.created('/posts/1', { id: 1 }));
    api.post('/fresh-posts').cache({ maxAge: 30 }).handle(() => ResponseEntity.ok({ id: 1 }).header('Content-Location', '/fresh-posts'));
    api.put('/things').cache({ maxAge: 60, public: true }).handle(() => ResponseEntity.ok({ a: 1 }).header('Expires', http(NOW + 60_000)));
    api.patch('/things').handle(() => ResponseEntity.ok({ a: 1 }).header('Cache-Control', 'max-age=600'));
    api.delete('/things').handle(() => undefined);
    api.put('/direct').handle((ctx) => {
      ctx.res.setHeader('Expires', http(NOW + 60_000));
      ctx.res.setHeader('Cache-Control', 'public, max-age=600');
      ctx.res.setHeader('X-Kept', 'yes');
      return { a: 1 };
    });
    api.get('/direct-expires').handle((ctx) => {
      ctx.res.setHeader('Expires', http(NOW + 5 * YEAR_MS));
      return { a: 1 };
    });
  }, { now: () => NOW });

  it('corrects headers a handler set on ctx.res too: no freshness on a PUT, other headers kept', async () => {
    const res = await request(app).put('/direct');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.expires).toBeUndefined();
    expect(res.headers['x-kept']).toBe('yes');
  });

  it('clamps an Expires a handler set on ctx.res to one year', async () => {
    const res = await request(app).get('/direct-expires');
    expect(res.headers.date).toBe(http(NOW));
    expect(res.headers.expires).toBe(http(NOW + YEAR_MS));
  });

  it("sends Date on every response, of the router's clock (RFC 9110 section 6.6.1)", async () => {
    for (const path of ['/plain', '/minute']) expect((await request(app).get(path)).headers.date).toBe(http(NOW));
    expect((await request(app).delete('/things')).headers.date).toBe(http(NOW));
  });

  it('gives a cacheable GET a strong ETag computed from its bytes', async () => {
    const res = await request(app).get('/plain');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('gives the JSON and the XML of one resource different ETags', async () => {
    const json = await request(app).get('/negotiated').set('Accept', 'application/json');
    const xml = await request(app).get('/negotiated').set('Accept', 'application/xml');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(json.headers.etag).toBeDefined();
    expect(xml.headers.etag).toBeDefined();
    expect(json.headers.etag).not.toBe(xml.headers.etag);
    expect(json.headers.vary).toBe('Accept');
  });

  it('writes the route policy as Cache-Control', async () => {
    expect((await request(app).get('/minute')).headers['cache-control']).toBe('max-age=60');
  });

  it("means one year by expires: 'never': Expires one year after Date and max-age=31536000", async () => {
    const res = await request(app).get('/forever');
    expect(res.headers['cache-control']).toBe('max-age=31536000');
    expect(res.headers.date).toBe(http(NOW));
    expect(res.headers.expires).toBe(http(NOW + YEAR_MS));
  });

  it('means one year by immutable too', async () => {
    const res = await request(app).get('/immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers.date).toBe(http(NOW));
    expect(res.headers.expires).toBe(http(NOW + YEAR_MS));
  });

  it('clamps a larger max-age and s-maxage to one year', async () => {
    const res = await request(app).get('/decade');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('s-maxage=31536000');
  });

  it('clamps a later Expires set by the handler to one year after Date', async () => {
    const res = await request(app).get('/handler-expires');
    expect(res.headers.date).toBe(http(NOW));
    expect(res.headers.expires).toBe(http(NOW + YEAR_MS));
  });

  it('never sends a Last-Modified later than Date: a later one becomes Date (RFC 9110 section 8.8.2.1)', async () => {
    const res = await request(app).get('/future-modified');
    expect(res.headers.date).toBe(http(NOW));
    expect(res.headers['last-modified']).toBe(http(NOW));
  });

  it('makes a POST response no-store unless the route gives explicit freshness', async () => {
    const plain = await request(app).post('/posts');
    expect(plain.status).toBe(201);
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers.etag).toBeUndefined();
    const fresh = await request(app).post('/fresh-posts');
    expect(fresh.headers['cache-control']).toBe('max-age=30');
    expect(fresh.headers.etag).toBeDefined();
  });

  it.each([
    ['put', 'the route and the handler gave freshness'],
    ['patch', 'the handler set max-age'],
    ['delete', 'nothing was set'],
  ] as const)('makes a %s response no-store, with any freshness removed (%s)', async (method, _why) => {
    const res = await request(app)[method]('/things');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.expires).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('conditional GET and HEAD', () => {
  let calls = 0;
  let version = 1;
  const modified = new Date('2026-01-01T00:00:00Z');
  const app = serve((api) => {
    api.get('/computed').cache({ maxAge: 60 }).produces('application/json', 'application/xml').handle(() => ({ a: 1 }));
    api
      .get('/versioned')
      .produces('application/json')
      .etag(() => version)
      .handle(() => {
        calls++;
        return { version };
      });
    api
      .get('/multi')
      .produces('application/json', 'application/xml')
      .etag(() => version)
      .handle(() => ({ version }));
    api.get('/dated').handle(() => ResponseEntity.ok({ a: 1 }).withValidators({ lastModified: modified }));
    api
      .get('/located')
      .cache({ expires: 'never' })
      .handle(() => ResponseEntity.ok({ a: 1 }).header('Content-Location', '/located/v1'));
    api.get('/entity-tagged').handle(() => ResponseEntity.ok({ a: 1 }).header('ETag', '"v1"'));
    api.get('/res-tagged').handle((ctx) => {
      ctx.res.setHeader('ETag', '"r1"');
      return { a: 1 };
    });
    api.get('/header-dated').handle(() => ResponseEntity.ok({ a: 1 }).header('Last-Modified', modified.toUTCString()));
    api.post('/fresh-collection').cache({ maxAge: 30 }).handle(() => {
      calls++;
      return ResponseEntity.ok({ created: true });
    });
  });

  it('answers 304 with the Expires and Content-Location a 200 would carry', async () => {
    const ok = await request(app).get('/located');
    expect(ok.headers['content-location']).toBe('/located/v1');
    const res = await request(app).get('/located').set('If-None-Match', ok.headers.etag!);
    expect(res.status).toBe(304);
    expect(res.headers['content-location']).toBe('/located/v1');
    expect(res.headers.expires).toBeDefined();
    expect(dateOf(res.headers.expires) - dateOf(res.headers.date)).toBe(ONE_YEAR_SECONDS * 1000);
    expect(res.headers['cache-control']).toBe('max-age=31536000');
  });

  beforeEach(() => {
    calls = 0;
  });

  it('answers 304 with the headers a 200 would carry, and no body, when If-None-Match matches', async () => {
    const ok = await request(app).get('/computed').set('Accept', 'application/xml');
    const res = await request(app).get('/computed').set('Accept', 'application/xml').set('If-None-Match', ok.headers.etag!);
    expect(res.status).toBe(304);
    expect(res.text).toBe('');
    expect(res.headers.etag).toBe(ok.headers.etag);
    expect(res.headers['cache-control']).toBe('max-age=60');
    expect(res.headers.vary).toBe('Accept');
    expect(res.headers.date).toBeDefined();
    expect(res.headers['content-length']).toBeUndefined();
  });

  it('does not answer 304 to the XML request with the JSON tag', async () => {
    const json = await request(app).get('/computed').set('Accept', 'application/json');
    const res = await request(app).get('/computed').set('Accept', 'application/xml').set('If-None-Match', json.headers.etag!);
    expect(res.status).toBe(200);
  });

  it.each([
    ['a list with the tag in it', (tag: string) => `"other", ${tag}`],
    ['the weak form of the tag (weak comparison)', (tag: string) => `W/${tag}`],
    ['*', () => '*'],
  ])('answers 304 for If-None-Match with %s', async (_name, header) => {
    const ok = await request(app).get('/computed');
    expect((await request(app).get('/computed').set('If-None-Match', header(ok.headers.etag!))).status).toBe(304);
  });

  it('answers 304 to HEAD as to GET', async () => {
    const ok = await request(app).head('/computed');
    expect(ok.headers.etag).toBeDefined();
    expect((await request(app).head('/computed').set('If-None-Match', ok.headers.etag!)).status).toBe(304);
  });

  it('answers from the .etag() hook without running the handler', async () => {
    const ok = await request(app).get('/versioned');
    expect(ok.headers.etag).toBe('"1"');
    expect(calls).toBe(1);
    const res = await request(app).get('/versioned').set('If-None-Match', '"1"');
    expect(res.status).toBe(304);
    expect(res.headers.etag).toBe('"1"');
    expect(calls).toBe(1);
  });

  it('runs the handler when the version changed', async () => {
    version = 2;
    const res = await request(app).get('/versioned').set('If-None-Match', '"1"');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    version = 1;
  });

  it('tags each representation of a versioned resource apart', async () => {
    const json = await request(app).get('/multi').set('Accept', 'application/json');
    const xml = await request(app).get('/multi').set('Accept', 'application/xml');
    expect(json.headers.etag).toBe('"1;json"');
    expect(xml.headers.etag).toBe('"1;xml"');
    expect((await request(app).get('/multi').set('Accept', 'application/xml').set('If-None-Match', '"1;json"')).status).toBe(200);
    expect((await request(app).get('/multi').set('Accept', 'application/xml').set('If-None-Match', '"1;xml"')).status).toBe(304);
  });

  it('answers If-Modified-Since from Last-Modified', async () => {
    const ok = await request(app).get('/dated');
    expect(ok.headers['last-modified']).toBe(modified.toUTCString());
    expect((await request(app).get('/dated').set('If-Modified-Since', modified.toUTCString())).status).toBe(304);
    expect((await request(app).get('/dated').set('If-Modified-Since', new Date(modified.getTime() - 1000).toUTCString())).status).toBe(200);
  });

  it('answers 412 to a GET whose If-Match does not name the computed ETag, and 200 when it does', async () => {
    const ok = await request(app).get('/computed');
    const failed = await request(app).get('/computed').set('If-Match', '"nope"');
    expect(failed.status).toBe(412);
    expect(failed.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(failed.body.status).toBe(412);
    expect((await request(app).get('/computed').set('If-Match', ok.headers.etag!)).status).toBe(200);
  });

  it('evaluates If-Match before If-None-Match on a computed ETag (412, not 304)', async () => {
    const ok = await request(app).get('/computed');
    const res = await request(app).get('/computed').set('If-Match', '"nope"').set('If-None-Match', ok.headers.etag!);
    expect(res.status).toBe(412);
  });

  it.each([
    ['an ETag set with ResponseEntity.header', '/entity-tagged', '"v1"'],
    ['an ETag set on ctx.res', '/res-tagged', '"r1"'],
  ])('answers conditional requests from %s', async (_name, path, tag) => {
    const ok = await request(app).get(path);
    expect(ok.headers.etag).toBe(tag);
    const notModified = await request(app).get(path).set('If-None-Match', tag);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe(tag);
    expect((await request(app).get(path).set('If-None-Match', '"other"')).status).toBe(200);
    expect((await request(app).get(path).set('If-Match', '"other"')).status).toBe(412);
    expect((await request(app).get(path).set('If-Match', tag)).status).toBe(200);
  });

  it('answers If-Modified-Since from a Last-Modified set with ResponseEntity.header', async () => {
    const ok = await request(app).get('/header-dated');
    expect(ok.headers['last-modified']).toBe(modified.toUTCString());
    expect(ok.headers.etag).toBeUndefined();
    expect((await request(app).get('/header-dated').set('If-Modified-Since', modified.toUTCString())).status).toBe(304);
    expect((await request(app).get('/header-dated').set('If-Modified-Since', new Date(modified.getTime() - 1000).toUTCString())).status).toBe(200);
  });

  it('does not evaluate a POST response against its own new ETag after the handler ran', async () => {
    const res = await request(app).post('/fresh-collection').set('If-None-Match', '*');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeDefined();
    expect(calls).toBe(1);
  });

  it('ignores If-Modified-Since when If-None-Match is present', async () => {
    const res = await request(app).get('/dated').set('If-None-Match', '"nope"').set('If-Modified-Since', modified.toUTCString());
    expect(res.status).toBe(200);
  });
});

describe('preconditions on unsafe methods', () => {
  interface Doc {
    version: number;
    text: string;
  }
  let docs: Map<string, Doc>;
  let handlerRuns = 0;
  beforeEach(() => {
    docs = new Map([['a', { version: 1, text: 'first' }]]);
    handlerRuns = 0;
  });
  const app = serve((api) => {
    const find = (id: string): Doc => {
      const doc = docs.get(id);
      if (!doc) throw new NotFound(`No doc ${id}`);
      return doc;
    };
    // Hooked resource: the version is the validator.
    api.get('/hooked/{id}').produces('application/json', 'application/xml').etag((ctx) => docs.get(ctx.path.id)?.version).handle((ctx) => find(ctx.path.id));
    api
      .put('/hooked/{id}')
      .body(Object)
      .etag((ctx) => docs.get(ctx.path.id)?.version)
      .handle((ctx) => {
        handlerRuns++;
        const old = docs.get(ctx.path.id);
        docs.set(ctx.path.id, { version: (old?.version ?? 0) + 1, text: String(ctx.body.text) });
        return old ? undefined : ResponseEntity.created(`/hooked/${ctx.path.id}`);
      });
    // Plain resource: no hook; its GET's ETag (from the bytes) is the validator.
    api.get('/plain/{id}').handle((ctx) => find(ctx.path.id));
    api
      .put('/plain/{id}')
      .body(Object)
      .handle((ctx) => {
        handlerRuns++;
        const old = docs.get(ctx.path.id);
        docs.set(ctx.path.id, { version: (old?.version ?? 0) + 1, text: String(ctx.body.text) });
        return old ? undefined : ResponseEntity.created(`/plain/${ctx.path.id}`);
      });
    // Two representations without a hook: the JSON and the XML have different computed tags.
    api.get('/both/{id}').produces('application/json', 'application/xml').handle((ctx) => find(ctx.path.id));
    api
      .put('/both/{id}')
      .body(Object)
      .handle((ctx) => {
        handlerRuns++;
        const old = find(ctx.path.id);
        docs.set(ctx.path.id, { version: old.version + 1, text: String(ctx.body.text) });
      });
    api.delete('/plain/{id}').handle((ctx) => {
      handlerRuns++;
      find(ctx.path.id);
      docs.delete(ctx.path.id);
    });
  });

  it.each([
    ['If-Match', '*'],
    ['If-Match', '"1"'],
    ['If-None-Match', '*'],
    ['If-None-Match', '"1"'],
  ])('answers a GET of a resource the hook says does not exist from the handler (404), whatever its %s: %s', async (name, value) => {
    const res = await request(app).get('/hooked/missing').set(name, value).expect(404);
    expect(res.body.detail).toBe('No doc missing');
  });

  it('still answers 412 to a PUT with If-Match: * where nothing exists (it would create)', async () => {
    const before = handlerRuns;
    await request(app).put('/hooked/missing').set('If-Match', '*').send({ text: 'x' }).expect(412);
    expect(handlerRuns).toBe(before);
  });

  it('answers 412 to a PUT with a stale If-Match, without running the handler or changing data', async () => {
    const res = await request(app).put('/hooked/a').set('If-Match', '"7"').send({ text: 'second' });
    expect(res.status).toBe(412);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(handlerRuns).toBe(0);
    expect(docs.get('a')).toEqual({ version: 1, text: 'first' });
  });

  it('accepts the tag of any representation of the current version', async () => {
    const xml = await request(app).get('/hooked/a').set('Accept', 'application/xml');
    expect(xml.headers.etag).toBe('"1;xml"');
    const res = await request(app).put('/hooked/a').set('If-Match', xml.headers.etag!).send({ text: 'second' });
    expect(res.status).toBe(204);
    expect(docs.get('a')).toEqual({ version: 2, text: 'second' });
  });

  it('accepts only tags the resource gave: not a version with another representation part', async () => {
    for (const tag of ['"1;garbage"', '"1;"', '"1;json;xml"']) {
      expect((await request(app).put('/hooked/a').set('If-Match', tag).send({ text: 'x' })).status).toBe(412);
    }
    expect((await request(app).put('/plain/a').set('If-Match', '"1;json"').send({ text: 'x' })).status).toBe(412);
    expect(handlerRuns).toBe(0);
    expect((await request(app).put('/hooked/a').set('If-Match', '"1"').send({ text: 'second' })).status).toBe(204);
  });

  it('answers 412 to an empty If-Match, as to If-Match: ,', async () => {
    for (const field of ['', ',']) {
      expect((await request(app).put('/hooked/a').set('If-Match', field).send({ text: 'x' })).status).toBe(412);
      expect((await request(app).put('/plain/a').set('If-Match', field).send({ text: 'x' })).status).toBe(412);
    }
    expect(handlerRuns).toBe(0);
  });

  it('gives optimistic concurrency to a resource without a hook through its GET', async () => {
    const got = await request(app).get('/plain/a');
    const first = await request(app).put('/plain/a').set('If-Match', got.headers.etag!).send({ text: 'second' });
    expect(first.status).toBe(204);
    const second = await request(app).put('/plain/a').set('If-Match', got.headers.etag!).send({ text: 'third' });
    expect(second.status).toBe(412);
    expect(docs.get('a')).toEqual({ version: 2, text: 'second' });
    expect(handlerRuns).toBe(1);
  });

  it('decides If-Match and If-None-Match each over all representations of a resource without a hook', async () => {
    const json = await request(app).get('/both/a').set('Accept', 'application/json');
    const xml = await request(app).get('/both/a').set('Accept', 'application/xml');
    expect(json.headers.etag).not.toBe(xml.headers.etag);
    // If-Match names the JSON's tag (true), If-None-Match the XML's (false: it is a current tag).
    const conflicting = await request(app).put('/both/a').set('If-Match', json.headers.etag!).set('If-None-Match', xml.headers.etag!).send({ text: 'x' });
    expect(conflicting.status).toBe(412);
    expect(handlerRuns).toBe(0);
    const res = await request(app).put('/both/a').set('If-Match', json.headers.etag!).set('If-None-Match', '"zz"').send({ text: 'second' });
    expect(res.status).toBe(204);
    expect(docs.get('a')).toEqual({ version: 2, text: 'second' });
    expect(handlerRuns).toBe(1);
  });

  it('gives optimistic concurrency through an ETag the GET sets as a plain header', async () => {
    const api = createRouter({ onError: jest.fn() });
    let version = 1;
    api.get('/tagged').handle(() => ResponseEntity.ok({ version }).header('ETag', `"v${version}"`));
    api.put('/tagged').body(Object).handle(() => {
      version++;
    });
    const tagged = express().use(api.middleware());
    const got = await request(tagged).get('/tagged');
    expect(got.headers.etag).toBe('"v1"');
    expect((await request(tagged).put('/tagged').set('If-Match', '"v1"').send({})).status).toBe(204);
    expect((await request(tagged).put('/tagged').set('If-Match', '"v1"').send({})).status).toBe(412);
    expect(version).toBe(2);
  });

  it('answers 412 to POST with a stale If-Match, without running the handler', async () => {
    const api = createRouter({ onError: jest.fn() });
    let runs = 0;
    api.get('/collection').handle(() => ({ items: 1 }));
    api.post('/collection').handle(() => {
      runs++;
      return ResponseEntity.created('/collection/2');
    });
    const posts = express().use(api.middleware());
    const current = await request(posts).get('/collection');
    expect((await request(posts).post('/collection').set('If-Match', '"stale"')).status).toBe(412);
    expect(runs).toBe(0);
    expect((await request(posts).post('/collection').set('If-Match', current.headers.etag!)).status).toBe(201);
    expect(runs).toBe(1);
  });

  it('answers 412 to DELETE with a stale If-Match and keeps the item', async () => {
    const res = await request(app).delete('/plain/a').set('If-Match', '"stale"');
    expect(res.status).toBe(412);
    expect(docs.has('a')).toBe(true);
  });

  it('answers 412 to If-None-Match: * when the resource exists, and creates it when it does not', async () => {
    expect((await request(app).put('/plain/a').set('If-None-Match', '*').send({ text: 'x' })).status).toBe(412);
    expect(docs.get('a')?.text).toBe('first');
    const created = await request(app).put('/plain/b').set('If-None-Match', '*').send({ text: 'new' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe('/plain/b');
  });

  it('answers 412 to If-Match: * when the resource does not exist', async () => {
    expect((await request(app).put('/hooked/zzz').set('If-Match', '*').send({ text: 'x' })).status).toBe(412);
    expect(docs.has('zzz')).toBe(false);
  });

  it('answers 412 to If-Unmodified-Since naming the second of a change later in it, and 200 to If-Modified-Since (RFC 9110 section 8.8.2.2)', async () => {
    const api = createRouter({ onError: jest.fn() });
    const changed = new Date('2026-06-01T00:00:00.500Z');
    let runs = 0;
    api.get('/dated').etag(() => ({ etag: 1, lastModified: changed })).handle(() => ({ v: 1 }));
    api.put('/dated').etag(() => ({ etag: 1, lastModified: changed })).handle(() => {
      runs++;
    });
    const dated = express().use(api.middleware());
    const lastModified = (await request(dated).get('/dated')).headers['last-modified'] as string;
    expect(lastModified).toBe('Mon, 01 Jun 2026 00:00:00 GMT');
    expect((await request(dated).put('/dated').set('If-Unmodified-Since', lastModified)).status).toBe(412);
    expect((await request(dated).get('/dated').set('If-Modified-Since', lastModified)).status).toBe(200);
    const next = 'Mon, 01 Jun 2026 00:00:01 GMT';
    expect((await request(dated).get('/dated').set('If-Modified-Since', next)).status).toBe(304);
    expect((await request(dated).put('/dated').set('If-Unmodified-Since', next)).status).toBe(204);
    expect(runs).toBe(1);
  });

  it('answers 412 to If-Unmodified-Since before the last change', async () => {
    const api = createRouter({ onError: jest.fn() });
    const changed = new Date('2026-06-01T00:00:00Z');
    let runs = 0;
    api.put('/dated').etag(() => ({ etag: 1, lastModified: changed })).handle(() => {
      runs++;
    });
    const dated = express().use(api.middleware());
    expect((await request(dated).put('/dated').set('If-Unmodified-Since', new Date('2026-05-01T00:00:00Z').toUTCString())).status).toBe(412);
    expect((await request(dated).put('/dated').set('If-Unmodified-Since', new Date('2026-07-01T00:00:00Z').toUTCString())).status).toBe(204);
    expect(runs).toBe(1);
  });
});
