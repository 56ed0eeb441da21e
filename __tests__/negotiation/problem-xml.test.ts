import request from 'supertest';
import { Parser as Xml2js } from 'xml2js';
import { z } from 'zod';
import { HttpError, ProblemType } from '../../src';
import { serve } from '../setup/negotiation-fixture';

describe('problem documents negotiated as XML', () => {
  const app = serve((api) => {
    api.post('/books').body(z.object({ title: z.string(), year: z.number() })).handle(({ body }) => body);
    api.get('/books/1').produces('application/json').handle(() => ({ title: 'Dune' }));
  });

  it('answers application/problem+xml in the RFC 9457 namespace when Accept asks for it', async () => {
    const res = await request(app).post('/books').set('Accept', 'application/problem+xml').set('Content-Type', 'text/plain').send('x');
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
    expect(res.headers['vary']).toBe('Accept');
    const parsed = (await new Xml2js({ explicitArray: false }).parseStringPromise(res.text)) as { problem: Record<string, unknown> };
    expect(parsed.problem).toMatchObject({
      $: { xmlns: 'urn:ietf:rfc:7807' },
      type: ProblemType.unsupportedMediaType,
      title: 'Unsupported Media Type',
      status: '415',
      instance: '/books',
    });
    expect(res.headers['accept-post']).toBeDefined();
  });

  it('prefers problem+json when Accept ranks it higher', async () => {
    const res = await request(app).post('/books').set('Accept', 'application/problem+xml;q=0.5, application/problem+json').set('Content-Type', 'text/plain').send('x');
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });

  it('writes extension arrays as RFC 9457 Appendix B does: an element of <i> items', async () => {
    const res = await request(app).post('/books').set('Accept', 'application/problem+xml').set('Content-Type', 'application/json').send('{"title":1}');
    expect(res.status).toBe(400);
    const parsed = (await new Xml2js({ explicitArray: false }).parseStringPromise(res.text)) as { problem: { errors: { i: { pointer: string }[] } } };
    expect(parsed.problem.errors.i.map((error) => error.pointer)).toEqual(['/title', '/year']);
  });

  it('answers a client that accepts XML with problem+xml', async () => {
    const res = await request(app).post('/books').set('Accept', 'application/xml').set('Content-Type', 'application/json').send('{"title":1}');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
  });

  it('answers a client that accepts JSON with problem+json', async () => {
    const res = await request(app).post('/books').set('Accept', 'application/json, application/xml;q=0.5').set('Content-Type', 'application/json').send('{}');
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });

  it('answers a 406 for an XML-only client as problem+xml', async () => {
    const res = await request(app).get('/books/1').set('Accept', 'text/xml');
    expect(res.status).toBe(406);
    expect(res.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
    expect(res.text).toContain('<available><i>application/json</i></available>');
  });
});

describe('problem documents that quote what a client sent', () => {
  const onError = jest.fn();
  const app = serve(
    (api) => {
      api.get('/sync/{id}').query('q', { type: 'integer' }).handle(() => 'never');
      api.get('/async').handle(async (ctx) => {
        await Promise.resolve();
        throw new HttpError(400, `Unknown field '${ctx.req.query.f as string}'`);
      });
      api.get('/bigint').handle(async () => {
        throw new HttpError(409, 'Taken', { extensions: { count: 1n, note: 'kept' } });
      });
      api.get('/bad-header').handle(async () => {
        throw new HttpError(400, 'Bad', { headers: { 'X-Bad': 'a\nb' } });
      });
    },
    { onError },
  );

  const readXml = async (text: string) => ((await new Xml2js({ explicitArray: false }).parseStringPromise(text)) as { problem: Record<string, string> }).problem;

  it('writes a control character XML allows nowhere as \\u0001 in the XML problem, before the handler runs', async () => {
    const res = await request(app).get('/sync/1?q=%01').set('Accept', 'application/xml').expect(400);
    expect(res.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
    expect((await readXml(res.text)).detail).toContain('\\u0001');
  });

  it('does so when a handler fails after a promise, and the process keeps serving', async () => {
    const res = await request(app).get('/async?f=%01%EF%BF%BF').set('Accept', 'application/problem+xml').expect(400);
    expect((await readXml(res.text)).detail).toBe("Unknown field '\\u0001\\uffff'");
    await request(app).get('/sync/1?q=2').expect(200);
  });

  it('keeps what XML allows, emoji included, as it is', async () => {
    const res = await request(app).get(`/async?f=${encodeURIComponent('é😀\t')}`).set('Accept', 'application/xml').expect(400);
    expect((await readXml(res.text)).detail).toBe("Unknown field 'é😀\t'");
  });

  it.each(['application/json', 'application/xml'])('answers %s without only the extension member that cannot be serialized, and reports it', async (accept) => {
    onError.mockClear();
    const res = await request(app).get('/bigint').set('Accept', accept).expect(409);
    const problem = accept === 'application/json' ? (JSON.parse(res.text) as Record<string, unknown>) : await readXml(res.text);
    expect(problem.detail).toBe('Taken');
    expect(problem.note).toBe('kept');
    expect(problem).not.toHaveProperty('count');
    expect(onError).toHaveBeenCalledWith(expect.any(TypeError), expect.anything());
  });

  it('sends the problem without a header value no response can carry, and reports it', async () => {
    onError.mockClear();
    const res = await request(app).get('/bad-header').expect(400);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.headers['x-bad']).toBeUndefined();
    expect(res.body.detail).toBe('Bad');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'ERR_INVALID_CHAR' }), expect.anything());
  });
});
