import request from 'supertest';
import { Form } from '../../src';
import { serve } from '../setup/negotiation-fixture';

describe('the form converter over HTTP', () => {
  const received: Form[] = [];
  const app = serve((api) => {
    api.post('/forms').body(Form).handle(({ body }) => {
      received.push(body);
      return Object.fromEntries(Object.keys(body).map((name) => [name, body[name]]));
    });
    api.post('/forms/echo').body(Form).produces('application/x-www-form-urlencoded').handle(({ body }) => body);
    api.get('/forms/new').handle(() => new Form([['tag', 'sf'], ['title', 'Dune & co'], ['tag', 'classic']]));
    api.get('/search-params').produces('application/x-www-form-urlencoded').handle(() => new URLSearchParams('q=a b&q=c'));
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('reads repeated names into one list of values, in order', async () => {
    const res = await request(app).post('/forms').type('form').send('tag=sf&title=Dune&tag=classic&tag=');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tag: ['sf', 'classic', ''], title: ['Dune'] });
    expect(received[0]).toBeInstanceOf(Form);
  });

  it('decodes + as a space and percent-encoded UTF-8', async () => {
    const res = await request(app).post('/forms').set('Content-Type', 'application/x-www-form-urlencoded').send('title=Cr%C3%A8me+br%C3%BBl%C3%A9e&a%26b=1%3D1');
    expect(res.body).toEqual({ title: ['Crème brûlée'], 'a&b': ['1=1'] });
  });

  it('keeps a percent-encoded U+FEFF at the start of a field, as URLSearchParams does', async () => {
    const body = 'a=%EF%BB%BFx&%EF%BB%BFb=1';
    const res = await request(app).post('/forms').set('Content-Type', 'application/x-www-form-urlencoded').send(body);
    expect(res.body).toEqual(Object.fromEntries([...new Set(new URLSearchParams(body).keys())].map((name) => [name, new URLSearchParams(body).getAll(name)])));
    expect(res.body).toEqual({ a: ['\ufeffx'], '\ufeffb': ['1'] });
  });

  it('honours a charset parameter for legacy clients', async () => {
    const res = await request(app).post('/forms').set('Content-Type', 'application/x-www-form-urlencoded; charset=iso-8859-1').send('name=Ren%E9');
    expect(res.body).toEqual({ name: ['René'] });
  });

  it('writes a Form as application/x-www-form-urlencoded, keeping every value', async () => {
    const res = await request(app).get('/forms/new').buffer(true).parse((r, cb) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (text += chunk));
      r.on('end', () => cb(null, text));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(res.body).toBe('tag=sf&tag=classic&title=Dune+%26+co');
    expect([...new URLSearchParams(res.body as string).getAll('tag')]).toEqual(['sf', 'classic']);
  });

  it('round-trips a form: what is read is written back the same', async () => {
    const res = await request(app).post('/forms/echo').type('form').send('a=1&b=x+y&a=2');
    expect(res.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(res.text).toBe('a=1&a=2&b=x+y');
  });

  it('writes URLSearchParams as a form too', async () => {
    const res = await request(app).get('/search-params');
    expect(res.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(res.text).toBe('q=a+b&q=c');
  });
});
