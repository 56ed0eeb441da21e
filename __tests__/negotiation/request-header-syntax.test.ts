import request from 'supertest';
import { ProblemType } from '../../src';
import { rawExchange } from '../setup/raw-http';
import { expectProblem, serve } from '../setup/negotiation-fixture';

/** Sends raw request text and answers the status and the body (as UTF-8) of the response. */
async function raw(app: ReturnType<typeof serve>, text: string): Promise<{ status: number; body: string }> {
  const { status, body } = await rawExchange(app, text);
  return { status, body: Buffer.from(body, 'latin1').toString('utf8') };
}

describe('the syntax of the request fields that frame and type a body', () => {
  const handler = jest.fn((ctx: { body: unknown }) => ctx.body);
  const app = serve((api) => {
    api.post('/echo').consumes('application/json').body(Object).handle(handler);
  });

  beforeEach(() => handler.mockClear());

  it('takes a tab as the white space around ; in Content-Type and Accept (RFC 9110 section 5.6.6)', async () => {
    const res = await request(app)
      .post('/echo')
      .set('Content-Type', 'application/json;\tcharset=utf-8')
      .set('Accept', 'application/xml;\tq=0.1, application/json;\tq=0.9')
      .send('{"title":"Dune"}')
      .expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ title: 'Dune' });
  });

  it('refuses a Content-Type that gives a parameter twice with 415, rather than reading the body in the last charset (RFC 6838 section 4.3)', async () => {
    const res = await request(app).post('/echo').set('Content-Type', 'application/json; charset=utf-8; charset=iso-8859-1').send(Buffer.from('{"t":"Café"}'));
    const problem = expectProblem(res, 415);
    expect(problem.detail).toContain('charset=iso-8859-1');
    expect(handler).not.toHaveBeenCalled();
  });

  it('reads an Accept range that gives q twice as before, since Accept only states a preference', async () => {
    const res = await request(app).post('/echo').set('Content-Type', 'application/json').set('Accept', 'application/json; q=0.5; q=0.7').send('{"t":1}');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ t: 1 });
  });

  it('refuses a request with two Content-Type field lines with 400 (RFC 9110 section 5.3)', async () => {
    const body = '{"t":1}';
    const res = await raw(
      app,
      `POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Type: application/xml\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(res.status).toBe(400);
    const problem = JSON.parse(res.body) as Record<string, unknown>;
    expect(problem).toMatchObject({ status: 400, type: ProblemType.invalidRequestHeader, detail: 'The request has more than one Content-Type field line' });
    expect(handler).not.toHaveBeenCalled();
  });

  it.each(['gzip, chunked', 'foo, chunked'])('answers 501 to a body in the transfer coding %j, which it does not understand (RFC 9112 section 6.1)', async (coding) => {
    const body = '{"t":1}';
    const res = await raw(
      app,
      `POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: ${coding}\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    );
    expect(res.status).toBe(501);
    const problem = JSON.parse(res.body) as Record<string, unknown>;
    expect(problem).toMatchObject({ status: 501, type: ProblemType.unsupportedTransferCoding });
    expect(String(problem.detail)).toContain(coding.split(',')[0]!);
    expect(handler).not.toHaveBeenCalled();
  });

  it('reads a chunked body as before', async () => {
    const body = '{"t":1}';
    const res = await raw(
      app,
      `POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ t: 1 });
  });
});
