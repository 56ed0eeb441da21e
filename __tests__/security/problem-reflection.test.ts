import { DOMParser, type Element } from '@xmldom/xmldom';
import request from 'supertest';
import { BadRequest } from '../../src';
import { MAX_QUOTED_LENGTH } from '../../src/errors/quoted-input';
import { serve } from '../setup/negotiation-fixture';
import { service } from '../setup/service-fixture';

const SCRIPT = '<script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script>]]><x/>';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A problem XML document, checked to hold the client's text as text and not one element of markup from it. */
function parsedProblem(text: string): Element {
  const errors: string[] = [];
  const problem = new DOMParser({ onError: (level, message) => void errors.push(`${level}: ${message}`) }).parseFromString(text, 'application/xml').documentElement!;
  expect(errors).toEqual([]);
  expect(problem.namespaceURI).toBe('urn:ietf:rfc:7807');
  expect(problem.getElementsByTagName('script')).toHaveLength(0);
  expect(problem.getElementsByTagName('x')).toHaveLength(0);
  return problem;
}

/** Problem documents quote what a client sent; no browser may run it (issue 18). */
describe('problem documents reflecting a client\'s text', () => {
  const app = serve((api) => {
    api.get('/search').query('sort', { required: true }).handle((ctx) => {
      throw new BadRequest(`Cannot sort by ${ctx.query.sort}`);
    });
  });

  it.each(['text/html', 'application/xhtml+xml', 'image/svg+xml', 'text/html;q=1, */*;q=0.1'])('is never text/html or another markup type (Accept: %s)', async (accept) => {
    const res = await request(app).get('/search').query({ sort: SCRIPT }).set('Accept', accept);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(res.text).detail).toBe(`Cannot sort by ${SCRIPT}`);
  });

  it('escapes the text in problem+xml, which a browser renders as XML: no element comes from it', async () => {
    const res = await request(app).get('/search').query({ sort: SCRIPT }).set('Accept', BROWSER);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const problem = parsedProblem(res.text);
    expect(problem.getElementsByTagName('detail')[0]?.textContent).toBe(`Cannot sort by ${SCRIPT}`);
  });

  it('escapes the path in the service fallback 404 as XML', async () => {
    const { app: serviceApp } = service();
    const path = `/${encodeURIComponent(SCRIPT)}`;
    const res = await request(serviceApp).get(path).set('Accept', BROWSER);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
    const problem = parsedProblem(res.text);
    expect(problem.getElementsByTagName('instance')[0]?.textContent).toBe(path);
  });
});

/** A quoted value is cut: the problem is not an amplifier of what a client sent. */
describe('a problem quoting a long value', () => {
  const app = serve((api) => {
    api.get('/numbers').query('x', { type: 'number' }).handle((ctx) => ({ x: ctx.query.x }));
  });
  const LONG = `${'1'.repeat(14_000)}x`;

  it(`quotes at most ${MAX_QUOTED_LENGTH} characters of a query value that does not convert`, async () => {
    const res = await request(app).get(`/numbers?x=${LONG}`).set('Accept', 'application/json');
    expect(res.status).toBe(400);
    const quoted = `Query parameter 'x' must be a number, got '${LONG.slice(0, MAX_QUOTED_LENGTH)}…'`;
    expect(JSON.parse(res.text)).toMatchObject({ detail: quoted, errors: [{ in: 'query', parameter: 'x', detail: quoted }] });
    // The request target stays whole in `instance`: the value comes back once, not three times.
    expect(res.text.length).toBeLessThan(LONG.length + 2 * MAX_QUOTED_LENGTH + 1_000);
  });

  it('quotes a value of the longest length whole', async () => {
    const value = `${'1'.repeat(MAX_QUOTED_LENGTH - 1)}x`;
    const res = await request(app).get(`/numbers?x=${value}`).set('Accept', 'application/json');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).detail).toBe(`Query parameter 'x' must be a number, got '${value}'`);
  });
});
