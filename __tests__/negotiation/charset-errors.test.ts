import request from 'supertest';
import { Form, ProblemType } from '../../src';
import { expectProblem, serve } from '../setup/negotiation-fixture';

describe('undecodable bytes and wrong charsets', () => {
  const handler = jest.fn(() => 'ok');
  const app = serve((api) => {
    api.post('/text').body(String).handle(handler);
    api.post('/objects').body(Object).handle(handler);
    api.post('/forms').body(Form).handle(handler);
  });

  beforeEach(() => handler.mockClear());

  it('answers 400 with the byte offset for a text body that is not UTF-8', async () => {
    const res = await request(app).post('/text').set('Content-Type', 'text/plain').send(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    const problem = expectProblem(res, 400);
    expect(problem).toMatchObject({ type: ProblemType.malformedBody, offset: 3 });
    expect(problem.detail).toBe('The text body is malformed: it is not valid UTF-8 at position 3.');
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 400 for Latin-1 bytes labelled UTF-8, and reads them once labelled right', async () => {
    const latin1 = Buffer.from('{"title":"Les Misérables"}', 'latin1');
    // superagent would serialize a Buffer sent as JSON: send the bytes as they are.
    const raw = (body: unknown): string => body as string;
    expectProblem(await request(app).post('/objects').set('Content-Type', 'application/json; charset=utf-8').serialize(raw).send(latin1), 400);
    await request(app).post('/objects').set('Content-Type', 'application/json; charset=iso-8859-1').serialize(raw).send(latin1).expect(200);
  });

  it('answers 400 for bytes above 0x7F in a US-ASCII body', async () => {
    const res = await request(app).post('/text').set('Content-Type', 'text/plain; charset=us-ascii').send(Buffer.from('né', 'latin1'));
    expect(expectProblem(res, 400).detail).toContain('US-ASCII');
  });

  it('answers 400 for an XML body whose bytes do not match its encoding declaration', async () => {
    const res = await request(app).post('/objects').set('Content-Type', 'application/xml').send(Buffer.from([...Buffer.from('<?xml version="1.0" encoding="UTF-8"?><a>'), 0xff, ...Buffer.from('</a>')]));
    expect(expectProblem(res, 400).type).toBe(ProblemType.malformedBody);
  });

  it('answers 400 for a truncated UTF-8 sequence at the end of a body', async () => {
    const res = await request(app).post('/text').set('Content-Type', 'text/plain; charset=utf-8').send(Buffer.from([0x61, 0xe2, 0x82]));
    expect(expectProblem(res, 400)['offset']).toBe(1);
  });

  it.each([
    ['text/plain; charset=x-unknown', '/text'],
    ['application/json; charset=ebcdic-xyz', '/objects'],
    ['application/x-www-form-urlencoded; charset=nope', '/forms'],
  ])('answers 415 for an unknown charset (%s)', async (type, path) => {
    const res = await request(app).post(path).set('Content-Type', type).send('a=1');
    const problem = expectProblem(res, 415);
    expect(problem.type).toBe(ProblemType.unsupportedMediaType);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 415 for an XML encoding declaration it cannot decode', async () => {
    const res = await request(app).post('/objects').set('Content-Type', 'application/xml').send('<?xml version="1.0" encoding="x-martian"?><a/>');
    expectProblem(res, 415);
  });
});
