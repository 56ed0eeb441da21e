import request from 'supertest';
import { ProblemType, XmlDocument } from '../../src';
import { DEFAULT_MAX_DEPTH } from '../../src/entries/converters';
import { expectProblem, serve } from '../setup/negotiation-fixture';

const nestedJson = (levels: number): string => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
const nestedXml = (levels: number): string => `${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}`;

describe('nesting depth', () => {
  const handler = jest.fn(() => 'ok');
  const app = serve((api) => {
    api.post('/objects').body(Object).handle(handler);
    api.post('/documents').body(XmlDocument).handle(handler);
  });
  const shallow = serve((api) => api.post('/objects').body(Object).handle(handler), { maxDepth: 3 });

  beforeEach(() => handler.mockClear());

  it('accepts JSON and XML nested exactly as deep as the default limit', async () => {
    await request(app).post('/objects').set('Content-Type', 'application/json').send(nestedJson(DEFAULT_MAX_DEPTH)).expect(200);
    await request(app).post('/objects').set('Content-Type', 'application/xml').send(nestedXml(DEFAULT_MAX_DEPTH)).expect(200);
    await request(app).post('/documents').set('Content-Type', 'application/xml').send(nestedXml(DEFAULT_MAX_DEPTH)).expect(200);
  });

  it('answers 400 for JSON one level deeper than the limit', async () => {
    const res = await request(app).post('/objects').set('Content-Type', 'application/json').send(nestedJson(DEFAULT_MAX_DEPTH + 1));
    const problem = expectProblem(res, 400);
    expect(problem.type).toBe(ProblemType.malformedBody);
    expect(problem.detail).toContain(`deeper than ${DEFAULT_MAX_DEPTH} levels`);
    expect(handler).not.toHaveBeenCalled();
  });

  it.each(['/objects', '/documents'])('answers 400 for XML one level deeper than the limit (POST %s)', async (path) => {
    const res = await request(app).post(path).set('Content-Type', 'application/xml').send(nestedXml(DEFAULT_MAX_DEPTH + 1));
    expect(expectProblem(res, 400).detail).toContain(`deeper than ${DEFAULT_MAX_DEPTH} levels`);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 400 for a body that is only opening brackets, without parsing it', async () => {
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const res = await request(app).post('/objects').set('Content-Type', 'application/json').send('['.repeat(500_000));
      expect(expectProblem(res, 400).detail).toContain(`deeper than ${DEFAULT_MAX_DEPTH} levels`);
      expect(parse.mock.calls.filter(([text]) => typeof text === 'string' && text.startsWith('[['))).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });

  it('does not count brackets inside strings', async () => {
    await request(app).post('/objects').set('Content-Type', 'application/json').send(JSON.stringify({ a: '['.repeat(1000) })).expect(200);
  });

  it('applies the router\'s maxDepth', async () => {
    await request(shallow).post('/objects').set('Content-Type', 'application/json').send(nestedJson(3)).expect(200);
    const res = await request(shallow).post('/objects').set('Content-Type', 'application/json').send(nestedJson(4));
    expect(expectProblem(res, 400).detail).toContain('deeper than 3 levels');
  });
});
