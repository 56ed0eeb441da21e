import request from 'supertest';
import { Form, ProblemType, XmlDocument } from '../../src';
import { malformedBody } from '../../src/converters/malformed-body';
import { MAX_QUOTED_LENGTH } from '../../src/errors/quoted-input';
import { expectProblem, serve } from '../setup/negotiation-fixture';

describe('400 for malformed bodies', () => {
  const handler = jest.fn(() => 'stored');
  const app = serve((api) => {
    api.post('/objects').body(Object).handle(handler);
    api.post('/documents').body(XmlDocument).handle(handler);
    api.post('/forms').body(Form).handle(handler);
  });

  beforeEach(() => handler.mockClear());

  it.each([
    ['a trailing comma', '{"title":"Dune",}', 'at position 16 (line 1, column 17)'],
    ['an unterminated string', '{"title":"Dune}', 'line 1'],
    ['a second line', '{\n  "title": "Dune"\n  "year": 1965\n}', 'line 3, column 3'],
    ['an empty body', '', ''],
  ])('answers 400 for JSON with %s, saying where', async (_what, body, where) => {
    const res = await request(app).post('/objects').set('Content-Type', 'application/json').send(body);
    const problem = expectProblem(res, 400);
    expect(problem.type).toBe(ProblemType.malformedBody);
    expect(problem.detail).toMatch(/^The JSON body is malformed: /);
    expect(problem.detail).toContain(where);
    expect(handler).not.toHaveBeenCalled();
  });

  it('gives the position as problem extensions too', async () => {
    const res = await request(app).post('/objects').set('Content-Type', 'application/json').send('{\n"a": tru\n}');
    expect(expectProblem(res, 400)).toMatchObject({ line: 2, column: expect.any(Number), offset: expect.any(Number) });
  });

  it.each([
    ['a mismatched end tag', '<book>\n  <title>Dune</book>', 'line 2'],
    ['an unclosed element', '<book><title>Dune</title>', ''],
    ['two root elements', '<a/><b/>', 'line 1, column 5'],
    ['text after the root', '<a/>junk', 'line 1, column 5'],
    ['an unquoted attribute', '<book id=1/>', 'line 1'],
    ['an attribute given twice', '<book id="1" lang="en" id="2"/>', "the attribute 'id' is given twice in one start tag at position 23 (line 1, column 24)"],
    ['an attribute given twice in a nested element', '<a>\n  <b x=\'1\' x="1"/></a>', "'x' is given twice"],
    ['an XML declaration after a space', ' <?xml version="1.0"?><a/>', 'an XML declaration after the start of the document at position 1 (line 1, column 2)'],
    ['an XML declaration inside the root', '<a><?xml version="1.0"?></a>', 'after the start of the document'],
    ['an XML declaration of another version', '<?xml version="2.0"?><a/>', 'the XML declaration is not one XML 1.0 reads'],
    ['an XML declaration with standalone maybe', '<?xml version="1.0" standalone="maybe"?><a/>', 'the XML declaration is not one XML 1.0 reads'],
  ])('answers 400 for XML with %s, saying where', async (_what, body, where) => {
    for (const path of ['/objects', '/documents']) {
      const res = await request(app).post(path).set('Content-Type', 'application/xml').send(body);
      const problem = expectProblem(res, 400);
      expect(problem.type).toBe(ProblemType.malformedBody);
      expect(problem.detail).toMatch(/^The XML body is malformed: /);
      expect(problem.detail).toContain(where);
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it.each([
    ['a declaration with encoding and standalone', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><a x="1" y="1"/>'],
    ['a declaration after a byte order mark', '\ufeff<?xml version=\'1.1\'?><a/>'],
    ['a stylesheet processing instruction', '<?xml version="1.0"?><?xml-stylesheet href="s.xsl"?><a/>'],
    ['equal values of different attributes', '<a x="1" xx="1" y=\'x="1"\'/>'],
  ])('reads well-formed XML with %s', async (_what, body) => {
    for (const path of ['/objects', '/documents']) {
      await request(app).post(path).set('Content-Type', 'application/xml').send(body).expect(200);
    }
  });

  it.each([
    ['a % without two hex digits', 'title=100%&x=1', 'at position 9'],
    ['a truncated escape', 'a=%4', 'at position 2'],
    ['percent-encoded bytes that are not UTF-8', 'name=%E9t%E9', 'at position 5'],
  ])('answers 400 for a form with %s, saying where', async (_what, body, where) => {
    const res = await request(app).post('/forms').set('Content-Type', 'application/x-www-form-urlencoded').send(body);
    const problem = expectProblem(res, 400);
    expect(problem.type).toBe(ProblemType.malformedBody);
    expect(problem.detail).toMatch(/^The form body is malformed: /);
    expect(problem.detail).toContain(where);
    expect(handler).not.toHaveBeenCalled();
  });

  it.each([
    ['a 100,000-character attribute name without a value', `<a x="1" y="2" ${'d'.repeat(100_000)}/>`],
    ['a 100,000-character attribute name given twice', `<a ${'d'.repeat(100_000)}="1" ${'d'.repeat(100_000)}="2"/>`],
  ])('answers 400 for XML with %s, quoting at most MAX_QUOTED_LENGTH characters of it', async (_what, body) => {
    for (const path of ['/objects', '/documents']) {
      const res = await request(app).post(path).set('Content-Type', 'application/xml').send(body);
      const detail = String(expectProblem(res, 400).detail);
      expect(detail).toMatch(/^The XML body is malformed: .*(…|line 1, column \d+)/);
      expect(detail.length).toBeLessThanOrEqual('The XML body is malformed: '.length + MAX_QUOTED_LENGTH + ' at position 1000000 (line 1, column 1000000).'.length + 1);
    }
  });

  it('leaves stored data untouched', async () => {
    const store = new Map([['1', { title: 'Dune' }]]);
    const app = serve((api) => api.put('/books/{id}').body(Object).handle(({ path, body }) => void store.set(path.id, body as { title: string })));
    await request(app).put('/books/1').set('Content-Type', 'application/json').send('{"title":').expect(400);
    await request(app).put('/books/1').set('Content-Type', 'application/xml').send('<book><title>X</book>').expect(400);
    expect([...store]).toEqual([['1', { title: 'Dune' }]]);
  });
});

describe('malformedBody(format, reason, position)', () => {
  it.each<[string, string, string]>([
    ['a reason of the longest length whole', 'x'.repeat(MAX_QUOTED_LENGTH), 'x'.repeat(MAX_QUOTED_LENGTH)],
    ['a longer reason cut, with an ellipsis', 'x'.repeat(MAX_QUOTED_LENGTH + 1), `${'x'.repeat(MAX_QUOTED_LENGTH)}…`],
    ['a surrogate pair at the cut left out whole', `${'x'.repeat(MAX_QUOTED_LENGTH - 1)}\u{1F600}y`, `${'x'.repeat(MAX_QUOTED_LENGTH - 1)}…`],
  ])('gives %s', (_case, reason, shown) => {
    expect(malformedBody('XML', reason, { offset: 3 }).detail).toBe(`The XML body is malformed: ${shown} at position 3.`);
  });
});
