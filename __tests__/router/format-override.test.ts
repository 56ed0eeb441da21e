import express from 'express';
import request from 'supertest';
import { type FormatOptions, ProblemType, createRouter } from '../../src';
import { MemoryStore, cache } from '../../middleware/cache';
import { listeningServers } from '../setup/listening';
import { serverFor, underBothMounts } from '../setup/both-mounts';
import { expectProblem } from '../setup/app-fixture';

function users(formats: FormatOptions | undefined, calls = { count: 0 }) {
  const api = createRouter({ onError: jest.fn(), ...(formats !== undefined && { formats }) });
  api.get('/users/{id}').produces('application/json', 'application/xml').cache({ public: true, maxAge: 60 }).handle((ctx) => {
    calls.count++;
    return { id: ctx.path.id };
  });
  api.get('/files/{name}').produces('text/plain').handle((ctx) => ctx.path.name);
  api.get('/openapi.json').produces('application/json').handle(() => ({ literal: true }));
  api.get('/echo').produces('application/json').query('q').handle((ctx) => ({ q: ctx.query.q }));
  api.get('/page.html').produces('text/html').handle(() => '<p>hi</p>');
  return api;
}

underBothMounts('a format named in the URL, opt-in per router', (mount) => {
  const on = () => serverFor(mount, users({ extension: true }));

  it.each<[string, string | undefined, string]>([
    ['/users/7?format=xml', undefined, 'application/xml; charset=utf-8'],
    ['/users/7?format=XML', undefined, 'application/xml; charset=utf-8'],
    ['/users/7?format=json', 'application/xml', 'application/json; charset=utf-8'],
    ['/users/7.xml', 'application/json', 'application/xml; charset=utf-8'],
    ['/users/7.json', undefined, 'application/json; charset=utf-8'],
    ['/users/7.xml?format=json', undefined, 'application/xml; charset=utf-8'],
    ['/users/7?format=', 'application/xml', 'application/xml; charset=utf-8'],
  ])('answers %s (Accept %s) as %s, binding the path without the suffix', async (target, accept, type) => {
    const req = request(on()).get(target);
    const res = await (accept === undefined ? req : req.set('Accept', accept)).expect(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.text).toContain('7');
    expect(res.text).not.toContain('7.');
  });

  it('says Vary: Accept only when Accept chose: the URL keys a named format', async () => {
    const server = on();
    expect((await request(server).get('/users/7').expect(200)).headers.vary).toBe('Accept');
    expect((await request(server).get('/users/7.xml').expect(200)).headers.vary).toBeUndefined();
    expect((await request(server).get('/users/7?format=xml').expect(200)).headers.vary).toBeUndefined();
  });

  it('answers 406 naming the formats available when the query names an unknown one', async () => {
    const problem = expectProblem(await request(on()).get('/users/7?format=yaml'), 406);
    expect(problem).toMatchObject({ type: ProblemType.notAcceptable, format: 'yaml', formats: ['json', 'xml'], detail: "Format 'yaml' is not available; available: json, xml" });
  });

  it('answers 406 naming the types available when the format is one the route does not produce', async () => {
    const problem = expectProblem(await request(on()).get('/users/7?format=csv'), 406);
    expect(problem).toMatchObject({ type: ProblemType.notAcceptable, available: ['application/json', 'application/xml'] });
    expectProblem(await request(on()).get('/files/notes.json'), 406);
  });

  it('keeps an unknown suffix in the path: a placeholder may hold a dot', async () => {
    const res = await request(on()).get('/files/notes.v2').expect(200);
    expect(res.text).toBe('notes.v2');
  });

  it('takes off only a known suffix when on: /files/notes.txt binds notes', async () => {
    const res = await request(on()).get('/files/notes.txt').expect(200);
    expect(res.text).toBe('notes');
  });

  it('lets a route that declares the whole segment (/openapi.json) keep it', async () => {
    const res = await request(on()).get('/openapi.json').expect(200);
    expect(res.body).toEqual({ literal: true });
  });

  it('leaves the path whole when nothing matches it without the suffix', async () => {
    await request(on()).get('/nothing.json').expect(404);
  });
});

underBothMounts('without formats (the default)', (mount) => {
  const off = () => serverFor(mount, users(undefined));

  it('keeps every suffix in the path: /files/notes.txt binds notes.txt', async () => {
    const res = await request(off()).get('/files/notes.txt').expect(200);
    expect(res.text).toBe('notes.txt');
    expect((await request(off()).get('/users/7.xml').expect(200)).body).toEqual({ id: '7.xml' });
  });

  it('ignores a format parameter: Accept decides', async () => {
    const res = await request(off()).get('/users/7?format=xml').set('Accept', 'application/json').expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.vary).toBe('Accept');
  });
});

describe('createRouter({ formats })', () => {
  it('takes its own parameter name and formats, and no query with query: false', async () => {
    const api = createRouter({ formats: { query: 'as', mediaTypes: { j: 'application/json', x: 'application/xml' } } });
    api.get('/u').produces('application/json', 'application/xml').handle(() => ({ a: 1 }));
    const app = express().use(api.middleware());
    expect((await request(app).get('/u?as=x').expect(200)).headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(expectProblem(await request(app).get('/u?as=xml'), 406)).toMatchObject({ formats: ['j', 'x'] });
    const noQuery = createRouter({ formats: { query: false, extension: true } });
    noQuery.get('/u/{id}').produces('application/json', 'application/xml').handle((ctx) => ({ id: ctx.path.id }));
    const plain = express().use(noQuery.middleware());
    expect((await request(plain).get('/u/1?format=xml').expect(200)).headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await request(plain).get('/u/1.xml').expect(200)).headers['content-type']).toBe('application/xml; charset=utf-8');
  });

  it.each<[FormatOptions, string]>([
    [{ mediaTypes: { 'Bad Name': 'application/json' } }, "Format 'Bad Name'"],
    [{ mediaTypes: { any: 'application/*' } }, 'is a range, not a media type'],
    [{ mediaTypes: { j: 'json' } }, "Format 'j': Invalid media type 'json'"],
    [{ query: '' }, 'formats.query must be a parameter name or false'],
  ])('refuses %j when the router is made', (formats, message) => {
    expect(() => createRouter({ formats })).toThrow(message);
  });

  it('is given to the outermost router: a mounted router refuses its own', () => {
    expect(() => createRouter().mount('/v2', createRouter({ formats: {} }))).toThrow("the 'formats' option of a mounted router");
  });

  it('applies to the routes of mounted routers', async () => {
    const api = createRouter({ formats: { extension: true } });
    const v2 = createRouter({ produces: ['application/json', 'application/xml'] });
    v2.get('/users/{id}').handle((ctx) => ({ id: ctx.path.id }));
    api.mount('/v2', v2);
    const res = await request(express().use(api.middleware())).get('/v2/users/7.xml').expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  });
});

describe('the shared cache in front of format overrides', () => {
  const listening = listeningServers();

  it('keeps the Accept-chosen variant and the named formats apart, each reused for its own URL', async () => {
    const calls = { count: 0 };
    const server = await listening(express().use(cache({ store: new MemoryStore(), statusHeader: 'X-Cache' })).use(users({ extension: true }, calls).middleware()));
    const json = await request(server).get('/users/7').set('Accept', 'application/json').expect(200);
    expect(json.headers['content-type']).toMatch(/json/);
    for (const target of ['/users/7.xml', '/users/7?format=xml']) {
      const xml = await request(server).get(target).set('Accept', 'application/json').expect(200);
      expect([target, xml.headers['content-type'], xml.headers['x-cache']]).toEqual([target, 'application/xml; charset=utf-8', 'MISS']);
    }
    const accepted = await request(server).get('/users/7').set('Accept', 'application/xml').expect(200);
    expect([accepted.headers['content-type'], accepted.headers['x-cache']]).toEqual(['application/xml; charset=utf-8', 'MISS']);
    // Each again: from the store, in its own type, whatever Accept says now.
    expect((await request(server).get('/users/7.xml').set('Accept', 'application/json').expect(200)).headers).toMatchObject({ 'x-cache': 'HIT', 'content-type': 'application/xml; charset=utf-8' });
    expect((await request(server).get('/users/7').set('Accept', 'application/json').expect(200)).headers).toMatchObject({ 'x-cache': 'HIT', 'content-type': 'application/json; charset=utf-8' });
    expect(calls.count).toBe(4);
  });
});
