import request from 'supertest';
import { ResponseEntity } from '../../src';
import { serve } from '../setup/app-fixture';

/**
 * RFC 9110 section 13.2.1: preconditions are evaluated before the method is performed. The
 * validators a PUT/PATCH/POST handler returns describe the state *after* its change, so they must
 * not be checked against the request's If-Match again (the change has already happened).
 */
describe('validators a handler returns from an unsafe method', () => {
  let version = 1;
  let value: Record<string, unknown> = { a: 1 };
  const app = serve((api) => {
    api.get('/thing').produces('application/json', 'application/xml').etag(() => version).handle(() => ResponseEntity.ok(value).withValidators(version));
    api
      .patch('/thing')
      .consumes('application/merge-patch+json')
      .produces('application/json', 'application/xml')
      .body(Object)
      .etag(() => version)
      .handle((ctx) => {
        value = { ...value, ...ctx.body };
        version += 1;
        return ResponseEntity.ok(value).withValidators(version);
      });
  });

  it('answers 200 with the new ETag when If-Match named the version before the change', async () => {
    const res = await request(app).patch('/thing').set('Content-Type', 'application/merge-patch+json').set('If-Match', '"1;json"').send('{"b":2}');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ a: 1, b: 2 });
    expect(res.headers.etag).toBe('"2;json"');
  });

  it('still answers 412, with nothing changed, when If-Match is stale', async () => {
    const res = await request(app).patch('/thing').set('Content-Type', 'application/merge-patch+json').set('If-Match', '"1;json"').send('{"c":3}');
    expect(res.status).toBe(412);
    expect(value).toEqual({ a: 1, b: 2 });
  });

  it('still answers a GET with 304 from the validators the handler gives', async () => {
    const res = await request(app).get('/thing').set('If-None-Match', '"2;json"');
    expect(res.status).toBe(304);
  });
});
