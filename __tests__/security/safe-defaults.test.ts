import request from 'supertest';
import { ResponseEntity } from '../../src';
import { binary, serve } from '../setup/negotiation-fixture';

/** What Chrome and Firefox send when navigating to a page. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const SCRIPT = '<script>alert(document.cookie)</script>';
const STORED = Buffer.from(`<html><body>${SCRIPT}</body></html>`);

/** Types a browser renders or runs: never chosen from Accept for text or bytes a client sent. */
const ACTIVE = ['text/html', 'application/xhtml+xml', 'image/svg+xml', 'application/xml', 'text/xml', 'application/rss+xml', 'text/javascript', 'text/css', 'text/xsl'];

describe('safe by default: text and bytes a client sent never reach a browser as markup (issue 18)', () => {
  const files = new Map<string, Buffer>();
  const app = serve((api) => {
    api.get('/greet/{name}').handle((ctx) => `Hello, ${ctx.path.name}`);
    api.get('/search').query('q', { required: true }).handle((ctx) => `No results for ${ctx.query.q}`);
    api.put('/files/{id}').consumes('application/octet-stream').body(Buffer).handle((ctx) => {
      files.set(ctx.path.id, ctx.body);
      return ResponseEntity.noContent();
    });
    api.get('/files/{id}').handle((ctx) => files.get(ctx.path.id) ?? Buffer.alloc(0));
    api.get('/images/{id}').handle((ctx) => ResponseEntity.ok(files.get(ctx.path.id) ?? Buffer.alloc(0)).header('Content-Type', 'image/png'));
    api.get('/page').produces('text/html').handle(() => '<p>a page the route builds</p>');
    api.get('/any-text').produces('text/*').handle(() => 'text');
  });

  describe('reflected: a route echoing a path or query parameter, without produces', () => {
    it('answers a browser text/plain, with nosniff, for a script in the path', async () => {
      const res = await request(app).get(`/greet/${encodeURIComponent(SCRIPT)}`).set('Accept', BROWSER);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.text).toBe(`Hello, ${SCRIPT}`);
    });

    it('answers a browser text/plain for a script in the query', async () => {
      const res = await request(app).get('/search').query({ q: SCRIPT }).set('Accept', BROWSER);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it.each(ACTIVE)('never answers %s, even when Accept names nothing else (406)', async (type) => {
      const res = await request(app).get('/search').query({ q: SCRIPT }).set('Accept', type);
      expect(res.status).toBe(406);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+(json|xml); charset=utf-8$/);
      expect(res.text).not.toContain('<script>');
    });

    it.each(ACTIVE)('answers text/plain when Accept prefers %s but allows anything', async (type) => {
      const res = await request(app).get('/search').query({ q: SCRIPT }).set('Accept', `${type}, */*;q=0.1`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it('still writes an inert text type Accept names', async () => {
      const res = await request(app).get('/search').query({ q: SCRIPT }).set('Accept', 'text/markdown');
      expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    });

    it('refuses text/html from Accept on a route producing any text type: a range does not name it', async () => {
      expect((await request(app).get('/any-text').set('Accept', 'text/html')).status).toBe(406);
      expect((await request(app).get('/any-text').set('Accept', BROWSER)).headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it('writes text/html when the route produces it: the route builds that page', async () => {
      const res = await request(app).get('/page').set('Accept', BROWSER);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    });
  });

  describe('stored: bytes PUT as application/octet-stream and read back', () => {
    beforeAll(async () => {
      await request(app).put('/files/page').set('Content-Type', 'application/octet-stream').send(STORED).expect(204);
    });

    it('answers a browser application/octet-stream, with nosniff, for stored markup', async () => {
      const res = await request(app).get('/files/page').set('Accept', BROWSER).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toEqual(STORED);
    });

    it.each(ACTIVE)('never answers %s for stored bytes (406)', async (type) => {
      expect((await request(app).get('/files/page').set('Accept', type)).status).toBe(406);
    });

    it('answers the type the handler declares for what it stored', async () => {
      const res = await request(app).get('/images/page').set('Accept', BROWSER).buffer(true).parse(binary);
      expect(res.headers['content-type']).toBe('image/png');
    });
  });

  describe('Accept parameters and charsets', () => {
    it('copies no Accept parameter but a known charset into the Content-Type', async () => {
      const res = await request(app).get('/greet/x').set('Accept', 'text/markdown; charset=utf-8; x="a b;c", */*;q=0.1');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const html = await request(app).get('/page').set('Accept', 'text/html; charset=utf-8; x="a b;c"');
      expect(html.status).toBe(406);
      expect(html.text).not.toContain('a b;c');
    });

    it('ignores a charset the server does not write', async () => {
      const res = await request(app).get('/greet/x').set('Accept', 'text/markdown; charset=x-made-up, */*;q=0.1');
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it('honours a known charset for an inert text type', async () => {
      const res = await request(app).get('/greet/x').set('Accept', 'text/markdown;charset=utf-16le').buffer(true).parse(binary);
      expect(res.headers['content-type']).toBe('text/markdown; charset=utf-16le');
      expect(res.body).toEqual(Buffer.from('Hello, x', 'utf16le'));
    });

    it.each(['utf-16le', 'utf-16be', 'iso-8859-1', 'us-ascii'])('writes HTML in UTF-8 only, not %s', async (charset) => {
      expect((await request(app).get('/page').set('Accept', `text/html;charset=${charset}`)).status).toBe(406);
      expect((await request(app).get('/page').set('Accept', `text/*;charset=${charset}`)).status).toBe(406);
      const res = await request(app).get('/page').set('Accept', `text/html;charset=${charset}, */*;q=0.1`);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    });
  });
});
