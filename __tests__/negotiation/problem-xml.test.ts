import request from 'supertest';
import { Parser as Xml2js } from 'xml2js';
import { z } from 'zod';
import { ProblemType } from '../../src';
import { serve } from './negotiation-fixture';

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
