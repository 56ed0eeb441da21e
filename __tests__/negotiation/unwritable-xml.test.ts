import request from 'supertest';
import { Feed } from '../../src';
import { xmllintErrors } from '../setup/xml-validators';
import { expectProblem, serve } from '../setup/negotiation-fixture';

/**
 * A text XML cannot carry (a C0 control, a lone surrogate, U+FFFE) has no escape: the XML writers
 * refuse it before a byte is sent, and the client gets a problem document, not a 200 whose body no
 * XML parser reads. 500: the text is the server's own data (a client's input with such a
 * character is refused with 400 when it arrives), so the fault is the server's, not the request's.
 */
describe('a route returning a text XML cannot carry', () => {
  const TEXTS = [['a C0 control', 'a\u0001b'], ['a lone surrogate', 'a\ud800b'], ['U+FFFE', 'a\ufffeb']] as const;

  function feedTitled(title: string): Feed {
    const feed = new Feed({ title: 'Shelf', id: 'urn:shelf', link: 'https://example.org/' });
    feed.addItem({ title, link: 'https://example.org/1', date: new Date(0) });
    return feed;
  }

  it.each(TEXTS)('answers 500 with a problem, not Atom or RSS, for %s in a feed', async (_, text) => {
    const onError = jest.fn();
    const app = serve((api) => api.get('/feed').produces('application/atom+xml', 'application/rss+xml').handle(() => feedTitled(text)), { onError });
    for (const accept of ['application/atom+xml', 'application/rss+xml']) {
      const res = await request(app).get('/feed').set('Accept', accept);
      expectProblem(res, 500);
      expect(res.text).not.toContain('<');
    }
    expect(String(onError.mock.calls[0]?.[0])).toMatch(/cannot be written as (Atom|RSS): a character XML does not allow/);
  });

  it.each(TEXTS)('answers 500 with a well-formed problem+xml, not the object as XML, for %s in an object', async (_, text) => {
    const app = serve((api) => api.get('/book').produces('application/xml').handle(() => ({ title: text })));
    const res = await request(app).get('/book').set('Accept', 'application/xml');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
    expect(res.text).not.toContain('<title>a');
    expect(xmllintErrors([res.text])).toBe('');
  });
});
