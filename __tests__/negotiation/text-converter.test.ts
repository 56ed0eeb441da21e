import request from 'supertest';
import { ResponseEntity } from '../../src';
import { binary, serve } from '../setup/negotiation-fixture';

describe('the text converter over HTTP', () => {
  const received: string[] = [];
  const app = serve((api) => {
    api.post('/echo').body(String).handle(({ body }) => {
      received.push(body);
      return body;
    });
    api.get('/latin1').produces('text/plain;charset=iso-8859-1').handle(() => 'café crème');
    api.get('/beyond-latin1').produces('text/plain;charset=iso-8859-1').handle(() => 'café € 5');
    api.get('/html').produces('text/html').handle(() => '<p>héllo</p>');
    api.get('/explicit').handle(() => ResponseEntity.ok('naïve').header('Content-Type', 'text/plain; charset=ISO-8859-1'));
  });

  beforeEach(() => {
    received.length = 0;
  });

  describe('reading', () => {
    it('decodes a text/plain body as UTF-8 when no charset is given', async () => {
      await request(app).post('/echo').set('Content-Type', 'text/plain').send(Buffer.from('crème brûlée ☕', 'utf8')).expect(200);
      expect(received).toEqual(['crème brûlée ☕']);
    });

    it('decodes an ISO-8859-1 body with its charset parameter', async () => {
      // "café" in Latin-1: é is the single byte 0xE9, which is not valid UTF-8.
      await request(app).post('/echo').set('Content-Type', 'text/plain; charset=ISO-8859-1').send(Buffer.from([0x63, 0x61, 0x66, 0xe9])).expect(200);
      expect(received).toEqual(['café']);
    });

    it('reads bytes 0x80-0x9F of ISO-8859-1 as C1 controls, not as windows-1252', async () => {
      await request(app).post('/echo').set('Content-Type', 'text/plain; charset=iso-8859-1').send(Buffer.from([0x80, 0x9f])).expect(200);
      expect(received).toEqual(['\u0080\u009f']);
    });

    it('reads any text type into a string', async () => {
      await request(app).post('/echo').set('Content-Type', 'text/csv').send('a,b\r\n1,2\r\n').expect(200);
      expect(received).toEqual(['a,b\r\n1,2\r\n']);
    });
  });

  describe('writing', () => {
    it('labels a string with text/plain and charset=utf-8 by default', async () => {
      const res = await request(app).post('/echo').set('Content-Type', 'text/plain').send('hello');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.text).toBe('hello');
    });

    it('writes ISO-8859-1 bytes when the route produces that charset', async () => {
      const res = await request(app).get('/latin1').buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
      expect(res.body).toEqual(Buffer.from('café crème', 'latin1'));
      expect((res.body as Buffer).length).toBe('café crème'.length);
    });

    it('falls back to UTF-8, and says so, when ISO-8859-1 cannot carry every character', async () => {
      const res = await request(app).get('/beyond-latin1').buffer(true).parse(binary);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect((res.body as Buffer).toString('utf8')).toBe('café € 5');
    });

    it('writes the charset a handler names in its Content-Type', async () => {
      const res = await request(app).get('/explicit').buffer(true).parse(binary);
      expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
      expect(res.body).toEqual(Buffer.from('naïve', 'latin1'));
    });

    it('writes the charset an Accept range names', async () => {
      const res = await request(app).post('/echo').set('Content-Type', 'text/plain').set('Accept', 'text/plain;charset=iso-8859-1').send('déjà').buffer(true).parse(binary);
      expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
      expect(res.body).toEqual(Buffer.from('déjà', 'latin1'));
    });

    it('writes any text type Accept asks for', async () => {
      const res = await request(app).post('/echo').set('Content-Type', 'text/plain').set('Accept', 'text/markdown').send('*hi*');
      expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(res.text).toBe('*hi*');
    });

    it('writes other text types with their charset', async () => {
      const res = await request(app).get('/html');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toBe('<p>héllo</p>');
    });

    it('echoes text round trip in the same bytes', async () => {
      const res = await request(app).post('/echo').set('Content-Type', 'text/plain; charset=utf-8').send('∮ E⋅da = Q');
      expect(res.text).toBe('∮ E⋅da = Q');
    });
  });
});
