import request from 'supertest';
import { serve } from '../setup/negotiation-fixture';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('choosing the response type from Accept', () => {
  const app = serve((api) => {
    api.get('/book').xmlRoot('book').handle(() => ({ title: 'Dune' }));
    api.get('/ordered').produces('application/json', 'application/xml').handle(() => ({ title: 'Dune' }));
    api.get('/text').handle(() => 'hello');
  });

  async function typeFor(path: string, accept?: string): Promise<string | undefined> {
    const req = request(app).get(path);
    if (accept !== undefined) req.set('Accept', accept);
    const res = await req;
    return res.status === 200 ? (res.headers['content-type'] as string) : `${res.status}`;
  }

  it.each([
    ['the higher q-value wins', 'application/xml;q=0.5, application/json;q=0.9', 'application/json; charset=utf-8'],
    ['the higher q-value wins, whatever the order', 'application/json;q=0.5, application/xml', 'application/xml; charset=utf-8'],
    ['the most specific range decides a type\'s q-value', 'application/*;q=0.9, application/json;q=0.1', 'application/xml; charset=utf-8'],
    ['a specific type beats a wildcard at equal q', '*/*, application/xml', 'application/xml; charset=utf-8'],
    ['header order breaks a tie of q and specificity', 'application/xml, application/json', 'application/xml; charset=utf-8'],
    ['the server\'s order breaks a tie within one range', 'application/*', 'application/json; charset=utf-8'],
    ['q=0 excludes a type the server prefers', 'application/json;q=0, */*;q=0.1', 'application/xml; charset=utf-8'],
    ['an empty Accept means anything', '', 'application/json; charset=utf-8'],
    ['invalid ranges are ignored', 'application/json;q=2, application/xml;q=0.5', 'application/xml; charset=utf-8'],
  ])('%s (Accept: %s)', async (_rule, accept, expected) => {
    expect(await typeFor('/ordered', accept)).toBe(expected);
  });

  it('writes the server\'s first type when Accept is absent', async () => {
    expect(await typeFor('/ordered')).toBe('application/json; charset=utf-8');
    expect(await typeFor('/book')).toBe('application/json; charset=utf-8');
  });

  it('answers 406 when q=0 excludes every producible type', async () => {
    expect(await typeFor('/ordered', 'application/json;q=0, application/xml;q=0')).toBe('406');
    expect(await typeFor('/book', 'application/*;q=0, text/xml;q=0')).toBe('406');
  });

  it('answers a browser-style Accept with XML for an object (q=0.9 beats */*;q=0.8)', async () => {
    const res = await request(app).get('/book').set('Accept', BROWSER);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.text).toBe('<?xml version="1.0" encoding="UTF-8"?><book><title>Dune</title></book>');
  });

  it('answers a browser-style Accept with text/plain for a string: text/html is written only when the route produces it (issue 18)', async () => {
    const res = await request(app).get('/text').set('Accept', BROWSER);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('hello');
  });

  it('writes text/plain for a string when Accept is absent', async () => {
    expect(await typeFor('/text')).toBe('text/plain; charset=utf-8');
  });
});
