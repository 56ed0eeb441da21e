import request from 'supertest';
import { binary, serve } from '../setup/negotiation-fixture';

/**
 * A `charset` parameter in Accept or in a consumes expression names the charset of the body. A
 * textual type that says none is UTF-8 (docs/guide/converters.md, Charsets), so a client that asks for
 * `application/json;charset=utf-8` is asking for exactly what a JSON route writes.
 */
describe('charset parameters in Accept and consumes', () => {
  const app = serve((api) => {
    api.get('/declared').produces('application/json').handle(() => ({ ok: 1 }));
    api.get('/undeclared').handle(() => ({ ok: 1 }));
    api.get('/xml').produces('application/xml').handle(() => ({ ok: 1 }));
    api.get('/text').produces('text/plain').handle(() => 'café');
    api.get('/string').handle(() => 'café');
    api.get('/latin1').produces('text/plain;charset=iso-8859-1').handle(() => 'café');
    api.post('/utf8').consumes('text/plain;charset=utf-8').body(String).handle(({ body }) => body);
  });

  describe('Accept', () => {
    it.each(['/declared', '/undeclared'])('answers %s for application/json;charset=utf-8, in any case and spacing', async (path) => {
      for (const accept of ['application/json;charset=utf-8', 'application/json; charset=UTF-8', 'application/*;charset=utf-8', 'application/json;charset=utf8']) {
        const res = await request(app).get(path).set('Accept', accept).expect(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.body).toEqual({ ok: 1 });
      }
    });

    it('answers 406 when Accept wants JSON or XML in a charset other than UTF-8 (they are written in UTF-8)', async () => {
      const res = await request(app).get('/declared').set('Accept', 'application/json;charset=iso-8859-1').expect(406);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(res.body.available).toEqual(['application/json']);
      const xml = await request(app).get('/xml').set('Accept', 'application/xml;charset=iso-8859-1').expect(406);
      expect(xml.body.available).toEqual(['application/xml']);
      await request(app).get('/xml').set('Accept', 'application/xml;charset=utf-8').expect(200).expect('Content-Type', 'application/xml; charset=utf-8');
    });

    it('leaves a JSON route out when Accept wants JSON in another charset, so a route that can answer does', async () => {
      const app2 = serve((api) => {
        api.get('/either').produces('application/json').handle(() => ({ route: 'json' }));
        api.get('/either').produces('application/xml').handle(() => ({ route: 'xml' }));
      });
      const res = await request(app2).get('/either').set('Accept', 'application/json;charset=iso-8859-1, application/xml;q=0.5').expect(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    });

    it('writes a declared text type in the charset Accept names, as a route without produces does', async () => {
      const res = await request(app).get('/text').set('Accept', 'text/plain;charset=iso-8859-1').buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
      expect(res.headers.vary).toBe('Accept');
      expect(res.body).toEqual(Buffer.from('café', 'latin1'));
    });

    it.each([
      ['/text', 'text/*;charset=iso-8859-1'],
      ['/text', '*/*;charset=ISO-8859-1'],
      ['/string', 'text/*;charset=iso-8859-1'],
      ['/string', '*/*;charset=latin1'],
    ])('writes %s in the charset of the range %j', async (path, accept) => {
      const res = await request(app).get(path).set('Accept', accept).buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
      expect(res.body).toEqual(Buffer.from('café', 'latin1'));
    });

    it('writes the declared text type in UTF-8 when Accept names no charset', async () => {
      const res = await request(app).get('/text').set('Accept', 'text/plain').buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toEqual(Buffer.from('café', 'utf8'));
    });

    it('lists a declared text type once in the 406', async () => {
      const res = await request(app).get('/text').set('Accept', 'application/json').expect(406);
      expect(res.body.available).toEqual(['text/plain']);
    });

    it('keeps a charset the route declares: 406 for another one', async () => {
      const res = await request(app).get('/latin1').set('Accept', 'text/plain;charset=utf-8').expect(406);
      expect(res.body.available).toEqual(['text/plain;charset=iso-8859-1']);
      await request(app).get('/latin1').set('Accept', 'text/plain;charset=ISO-8859-1').expect(200);
    });
  });

  describe('consumes', () => {
    it('takes a text body without a charset as the UTF-8 a consumes expression names', async () => {
      const res = await request(app).post('/utf8').set('Content-Type', 'text/plain').send('déjà').expect(200);
      expect(res.text).toBe('déjà');
    });

    it('takes a body labelled with another name of the same charset', async () => {
      const res = await request(app).post('/utf8').set('Content-Type', 'text/plain;charset=utf8').send('déjà').expect(200);
      expect(res.text).toBe('déjà');
    });

    it('answers 415 for a body in another charset', async () => {
      await request(app).post('/utf8').set('Content-Type', 'text/plain;charset=iso-8859-1').send('x').expect(415);
    });
  });
});
