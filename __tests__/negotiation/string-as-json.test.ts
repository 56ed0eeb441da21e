import request from 'supertest';
import { ResponseEntity } from '../../src';
import { binary, serve } from '../setup/negotiation-fixture';

/** A string written as JSON is a JSON string (RFC 8259 section 7), never bare text labelled JSON (issues 18 and 19). */
describe('a string written as JSON', () => {
  const text = 'a "quoted" <b>text</b>\n';
  const app = serve((api) => {
    api.get('/not-plain').produces('!text/plain').handle(() => text);
    api.get('/json').produces('application/json').handle(() => text);
    api.get('/vendor').produces('application/vnd.api+json').handle(() => text);
    api.get('/undeclared').handle(() => text);
    api.get('/explicit').handle(() => ResponseEntity.ok(text).header('Content-Type', 'application/json'));
  });

  it('answers a route producing !text/plain with a JSON string, to a browser too', async () => {
    for (const accept of [undefined, '*/*', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8']) {
      const req = request(app).get('/not-plain');
      if (accept !== undefined) req.set('Accept', accept);
      const res = await req.buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse((res.body as Buffer).toString('utf8'))).toBe(text);
    }
  });

  it('answers 406 when a route producing !text/plain is asked for text/plain only', async () => {
    expect((await request(app).get('/not-plain').set('Accept', 'text/plain')).status).toBe(406);
  });

  it.each(['/json', '/vendor', '/explicit'])('writes a JSON string on %s', async (path) => {
    const res = await request(app).get(path).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/(vnd\.api\+)?json; charset=utf-8$/);
    expect((res.body as Buffer).toString('utf8')).toBe(JSON.stringify(text));
  });

  it('writes a JSON string when Accept asks for JSON on a route without produces, text/plain otherwise', async () => {
    const json = await request(app).get('/undeclared').set('Accept', 'application/json').buffer(true).parse(binary);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((json.body as Buffer).toString('utf8')).toBe(JSON.stringify(text));
    const plain = await request(app).get('/undeclared');
    expect(plain.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(plain.text).toBe(text);
  });
});
