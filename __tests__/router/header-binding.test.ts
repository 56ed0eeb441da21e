import express from 'express';
import request from 'supertest';
import { ProblemType, createRouter } from '../../src';
import { MemoryStore, cache } from '../../middleware/cache';
import { listeningServers } from '../setup/listening';
import { expectProblem, serve } from '../setup/app-fixture';

describe('request header binding, .header(name, options)', () => {
  const app = serve((api) => {
    api.delete('/cars/{id}').header('X-Confirm').handle((ctx) => ({ confirm: ctx.header['X-Confirm'] }));
    api.get('/optional').header('X-Trace', { required: false }).handle((ctx) => ({ trace: ctx.header['X-Trace'] ?? null }));
    api.get('/default').header('X-Page-Size', { type: 'integer', defaultValue: '20' }).handle((ctx) => ({ size: ctx.header['X-Page-Size'] }));
    api.get('/list').header('X-Tags', { array: true }).handle((ctx) => ({ tags: ctx.header['X-Tags'] }));
    api.map({ path: '/declarative', method: 'GET', header: [{ value: 'X-Confirm' }] }, (ctx) => ({ confirm: ctx.header['X-Confirm'] }));
  });

  it.each(['/cars/1', '/declarative'])('answers 400 on %s whose detail names the missing header', async (path) => {
    const res = await (path === '/cars/1' ? request(app).delete(path) : request(app).get(path));
    const problem = expectProblem(res, 400);
    expect(problem.detail).toBe("Required request header 'X-Confirm' is missing");
    expect(problem).toMatchObject({ type: ProblemType.missingRequestHeader, header: 'X-Confirm' });
  });

  it('binds the header whatever the case it is sent in', async () => {
    const res = await request(app).delete('/cars/1').set('x-confirm', 'yes');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ confirm: 'yes' });
  });

  it.each<[string, Record<string, string>, unknown]>([
    ['/optional', {}, { trace: null }],
    ['/optional', { 'X-Trace': ' abc ' }, { trace: 'abc' }],
    ['/default', {}, { size: 20 }],
    ['/default', { 'X-Page-Size': '' }, { size: 20 }],
    ['/default', { 'X-Page-Size': '50' }, { size: 50 }],
    ['/list', { 'X-Tags': 'a, b,c' }, { tags: ['a', 'b', 'c'] }],
  ])('binds %s with headers %j as %j', async (path, headers, body) => {
    const res = await request(app).get(path).set(headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(body);
  });

  it('answers 400 naming the header and the type when the value does not convert', async () => {
    const problem = expectProblem(await request(app).get('/default').set('X-Page-Size', 'lots'), 400);
    expect(problem).toMatchObject({
      type: ProblemType.invalidRequestHeader,
      detail: "Request header 'X-Page-Size' must be an integer, got 'lots'",
      header: 'X-Page-Size',
      expected: 'integer',
    });
  });

  it.each(['constructor', 'toString'])('sees no %j header when the request has none', async (name) => {
    const probe = serve((api) => api.get('/h').header(name, { required: false }).handle((ctx) => ({ value: (ctx.header as Record<string, unknown>)[name] ?? null })));
    const res = await request(probe).get('/h');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: null });
  });
});

describe('Vary on the answers of a route that binds a header (RFC 9110 section 12.5.5)', () => {
  const app = serve((api) => {
    api.get('/mode').produces('application/json', 'application/xml').header('X-Mode').handle((ctx) => ({ mode: ctx.header['X-Mode'] }));
    api.get('/twice').header('X-Mode').header('x-mode', { required: false }).header('X-Tenant', { required: false }).handle(() => undefined);
    api.get('/tagged').header('X-Mode').etag(() => 'v1').handle((ctx) => ({ mode: ctx.header['X-Mode'] }));
    api.get('/conditional').header('If-None-Match', { required: false }).header('Host').handle(() => ({ a: 1 }));
    api.get('/plain').handle(() => ({ a: 1 }));
  });

  it('names the header as declared (and Accept) in Vary on the 200', async () => {
    const res = await request(app).get('/mode').set('X-Mode', 'dark').expect(200);
    expect(res.headers.vary).toBe('Accept, X-Mode');
  });

  it('names each header once, whatever the case of its bindings, on a 204', async () => {
    const res = await request(app).get('/twice').set('X-Mode', 'dark').expect(204);
    expect(res.headers.vary).toBe('X-Mode, X-Tenant');
  });

  it('names the header in Vary on the 304 a hook answers, as on its 200 (RFC 9110 section 15.4.5)', async () => {
    const ok = await request(app).get('/tagged').set('X-Mode', 'dark').expect(200);
    const res = await request(app).get('/tagged').set('X-Mode', 'dark').set('If-None-Match', ok.headers.etag!).expect(304);
    expect(res.headers.vary).toBe(ok.headers.vary);
    expect(res.headers.vary).toContain('X-Mode');
  });

  it('adds no Vary for fields the caches key or answer themselves (Host, the conditionals), nor for a route that binds no header', async () => {
    expect((await request(app).get('/conditional').expect(200)).headers.vary).toBe('Accept');
    expect((await request(app).get('/plain').set('X-Mode', 'dark').expect(200)).headers.vary).toBe('Accept');
  });
});

describe('a shared cache in front of a route that binds a header', () => {
  // The cache keys on the absolute URI, Host and port included: one server for each test's requests.
  const listening = listeningServers();

  it("stores each header's variant apart, and never serves one to a request with another value", async () => {
    let calls = 0;
    const api = createRouter({ onError: jest.fn() });
    // A policy that allows shared caches outright: only Vary: X-Mode keeps the variants apart.
    api.get('/theme').cache({ public: true, maxAge: 600 }).header('X-Mode').handle((ctx) => {
      calls++;
      return { mode: ctx.header['X-Mode'] };
    });
    const app = await listening(express().use(cache({ store: new MemoryStore(), statusHeader: 'X-Cache' })).use(api.middleware()));
    const dark = await request(app).get('/theme').set('X-Mode', 'dark').expect(200);
    expect(dark.body).toEqual({ mode: 'dark' });
    const light = await request(app).get('/theme').set('X-Mode', 'light').expect(200);
    expect(light.body).toEqual({ mode: 'light' });
    expect(light.headers['x-cache']).toBe('MISS');
    const darkAgain = await request(app).get('/theme').set('X-Mode', 'dark').expect(200);
    expect(darkAgain.body).toEqual({ mode: 'dark' });
    expect(darkAgain.headers['x-cache']).toBe('HIT');
    const lightAgain = await request(app).get('/theme').set('x-mode', 'light').expect(200);
    expect(lightAgain.body).toEqual({ mode: 'light' });
    expect(lightAgain.headers['x-cache']).toBe('HIT');
    expect(calls).toBe(2);
  });
});
