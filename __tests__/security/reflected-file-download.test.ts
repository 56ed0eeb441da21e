import request from 'supertest';
import { ResponseEntity, createRouter } from '../../src';
import { serverFor, underBothMounts } from '../hooks/both-mounts';

/** An API whose answers reflect what the request sent: the shape an RFD link abuses. */
function reflecting(formats = false) {
  const api = createRouter({ onError: jest.fn(), ...(formats && { formats: { extension: true, mediaTypes: { json: 'application/json', pdf: 'application/pdf' } } }) });
  api.get('/search/{term}').produces('application/json').query('q', { required: false }).handle((ctx) => ({ term: ctx.path.term, q: ctx.query.q ?? null }));
  api.get('/report.pdf').produces('application/json').handle(() => ({ report: true }));
  api.get('/page/{name}').produces('text/html').handle(() => '<p>page</p>');
  api.get('/named/{file}').produces('application/json').handle(() => ResponseEntity.ok({ a: 1 }).header('Content-Disposition', 'attachment; filename="data.json"'));
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
});
