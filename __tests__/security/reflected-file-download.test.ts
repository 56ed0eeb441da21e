import express from 'express';
import request from 'supertest';
import { NotFound, ResponseEntity, createRouter, writeProblemFor } from '../../src';
import { serverFor, underBothMounts } from '../setup/both-mounts';

/** An API whose answers reflect what the request sent: the shape an RFD link abuses. */
function reflecting(formats = false) {
  const api = createRouter({ onError: jest.fn(), ...(formats && { formats: { extension: true, mediaTypes: { json: 'application/json', pdf: 'application/pdf' } } }) });
  api.get('/search/{term}').produces('application/json').query('q', { required: false }).handle((ctx) => ({ term: ctx.path.term, q: ctx.query.q ?? null }));
  api.get('/report.pdf').produces('application/json').handle(() => ({ report: true }));
  api.get('/page/{name}').produces('text/html').handle(() => '<p>page</p>');
  api.get('/named/{file}').produces('application/json').handle(() => ResponseEntity.ok({ a: 1 }).header('Content-Disposition', 'attachment; filename="data.json"'));
  // Problems that quote the request: a 404 naming what was asked for, a 400 naming the bad value.
  api.get('/users/{id}').produces('application/json').handle((ctx) => {
    if (ctx.path.id.startsWith('7')) return { id: ctx.path.id };
    throw new NotFound(`No user ${ctx.path.id}`);
  });
  api.get('/count/{term}').produces('application/json').query('n', { type: 'integer', required: false }).handle((ctx) => ({ n: ctx.query.n ?? 0 }));
  api.get('/thrown/{file}').produces('application/json').handle(() => {
    throw new NotFound('gone');
  });
  return api;
}

underBothMounts('Reflected File Download (CVE-2015-5211), closed as Spring closes it', (mount) => {
  it.each([
    '/search/x.bat?q=%22%7C%7Ccalc%7C%7C',
    '/search/x.cmd',
    '/search/x.json;setup.bat',
    '/search/x%2Ebat',
    '/search/x.bat/',
  ])('names the file %s would be saved as f.txt (Content-Disposition: inline;filename=f.txt)', async (target) => {
    const res = await request(serverFor(mount, reflecting())).get(target).expect(200);
    expect(res.headers['content-disposition']).toBe('inline;filename=f.txt');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it.each(['/search/x', '/search/x.json', '/search/x.csv', '/search/x.txt', '/report.pdf', '/page/index.html'])(
    'leaves %s alone: no extension, a safe one, the route’s literal suffix, html where it produces HTML',
    async (target) => {
      const res = await request(serverFor(mount, reflecting())).get(target).expect(200);
      expect(res.headers['content-disposition']).toBeUndefined();
    },
  );

  it('keeps the Content-Disposition a handler gives', async () => {
    const res = await request(serverFor(mount, reflecting())).get('/named/x.bat').expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="data.json"');
  });

  it('counts the formats a router takes as safe: /search/x.pdf names the pdf format there', async () => {
    const server = serverFor(mount, reflecting(true));
    const res = await request(server).get('/search/x.bat').expect(200);
    expect(res.headers['content-disposition']).toBe('inline;filename=f.txt');
    // pdf is a format of this router: taken off the path, and a 406 since the route writes JSON only.
    expect((await request(server).get('/search/x.pdf')).status).toBe(406);
    expect((await request(server).get('/search/x.json').expect(200)).headers['content-disposition']).toBeUndefined();
  });

  describe('problem documents: an error answer reflects the request as a 200 does, and gets the same header', () => {
    it.each<[string, number, Record<string, string>]>([
      ['/users/x.bat', 404, {}],
      ['/users/x.cmd?q=%22%7C%7Ccalc%7C%7C', 404, {}],
      ['/users/x.json;jsessionid=0A1B;setup.bat', 404, {}],
      ['/users/x%2Ebat', 404, {}],
      ['/count/x.bat?n=%7C%7Ccalc%7C%7C', 400, {}],
      ['/count/x.json;jsessionid=1;setup.bat?n=nope', 400, {}],
      ['/search/x.bat', 406, { Accept: 'application/xml' }],
      ['/search/x.bat;jsessionid=1', 406, { Accept: 'text/csv' }],
    ])('names the file %s would be saved as f.txt on its %i problem', async (target, status, headers) => {
      const res = await request(serverFor(mount, reflecting())).get(target).set(headers).expect(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+(json|xml); charset=utf-8$/);
      expect(res.headers['content-disposition']).toBe('inline;filename=f.txt');
    });

    it('gives the 200 and the 404 of one URL shape the same header', async () => {
      const server = serverFor(mount, reflecting());
      expect((await request(server).get('/users/7.bat').expect(200)).headers['content-disposition']).toBe('inline;filename=f.txt');
      expect((await request(server).get('/users/8.bat').expect(404)).headers['content-disposition']).toBe('inline;filename=f.txt');
    });

    it('replaces the disposition a handler set for its representation with the safe one on a problem', async () => {
      const api = createRouter({ onError: jest.fn() });
      api.get('/files/{name}').produces('application/json').handle((ctx) => {
        ctx.res.setHeader('Content-Disposition', 'attachment; filename="x.bat"');
        throw new NotFound('none');
      });
      const res = await request(serverFor(mount, api)).get('/files/x.bat').expect(404);
      expect(res.headers['content-disposition']).toBe('inline;filename=f.txt');
    });

    it.each<[string, number, Record<string, string>]>([
      ['/users/x', 404, {}],
      ['/users/x.json', 404, {}],
      ['/users/x.csv;jsessionid=1', 404, {}],
      ['/count/x.txt?n=nope', 400, {}],
      ['/search/x.json', 406, { Accept: 'application/xml' }],
    ])('leaves the %s problem (%i) alone: no extension, or a safe one', async (target, status, headers) => {
      const res = await request(serverFor(mount, reflecting())).get(target).set(headers).expect(status);
      expect(res.headers['content-disposition']).toBeUndefined();
    });

    it('counts the formats a router takes as safe on a problem too: /search/x.pdf is a 406 without it', async () => {
      const server = serverFor(mount, reflecting(true));
      const res = await request(server).get('/search/x.pdf').expect(406);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect((await request(server).get('/search/x.bat?format=yaml').expect(406)).headers['content-disposition']).toBe('inline;filename=f.txt');
    });
  });
});

describe('Reflected File Download on the problems an app writes with writeProblemFor', () => {
  it('guards the app fallback written with writeProblemFor, and leaves a safe extension alone', async () => {
    const app = express();
    app.use(reflecting().middleware());
    app.use((req, res) => writeProblemFor(req, res, new NotFound(`No resource at ${req.path}`)));
    const res = await request(app).get('/nothing/here.bat;jsessionid=1').expect(404);
    expect(res.headers['content-disposition']).toBe('inline;filename=f.txt');
    expect((await request(app).get('/nothing/here.json').expect(404)).headers['content-disposition']).toBeUndefined();
  });
});
