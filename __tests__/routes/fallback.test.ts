import { DOMParser } from '@xmldom/xmldom';
import request from 'supertest';
import { service } from '../setup/service-fixture';

/** The service's 404 for a path no route matches: negotiated like every routed problem (issue 18). */
describe('the service fallback 404', () => {
  const { app } = service();

  it('answers application/problem+json by default', async () => {
    const res = await request(app).get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(res.text)).toMatchObject({ status: 404, title: 'Not Found', detail: 'No resource at /nowhere', instance: '/nowhere' });
  });

  it.each(['application/problem+xml', 'application/xml', 'text/xml;q=0.5, application/json;q=0.1'])('answers application/problem+xml to Accept: %s', async (accept) => {
    const res = await request(app).get('/nowhere?x=1').set('Accept', accept);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
    expect(res.headers['vary']).toBe('Accept');
    const problem = new DOMParser().parseFromString(res.text, 'application/xml').documentElement!;
    expect(problem.namespaceURI).toBe('urn:ietf:rfc:7807');
    expect(problem.getElementsByTagName('status')[0]?.textContent).toBe('404');
    expect(problem.getElementsByTagName('instance')[0]?.textContent).toBe('/nowhere?x=1');
  });

  it('answers a routed path and an unrouted one in the same format', async () => {
    const routed = await request(app).get('/users/999999').set('Accept', 'application/xml');
    const unrouted = await request(app).get('/nowhere').set('Accept', 'application/xml');
    expect(routed.status).toBe(404);
    expect(unrouted.headers['content-type']).toBe(routed.headers['content-type']);
  });
});
