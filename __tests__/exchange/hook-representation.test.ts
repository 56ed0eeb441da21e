import request from 'supertest';
import { serve } from '../setup/app-fixture';

/**
 * The `.etag()` hook answers conditional requests before the handler runs, for the representation
 * the handler's value will be written in: the tag the 304 compares is the one the 200 sent, whatever
 * kind of value the route answers with (RFC 9110 section 8.8.3: a strong tag names one representation).
 */
describe('the .etag() hook of a route that answers in several representations', () => {
  let calls = 0;
  const routes: readonly (readonly [string, readonly string[], unknown])[] = [
    ['/note', ['text/plain', 'text/html'], 'seven'],
    ['/image', ['image/png', 'image/jpeg'], Buffer.from([1, 2, 3])],
    ['/item', ['application/json', 'application/xml'], { seven: 7 }],
  ];
  const app = serve((api) => {
    for (const [path, types, value] of routes) {
      api
        .get(path)
        .produces(...types)
        .etag(() => 7)
        .handle(() => {
          calls++;
          return value;
        });
    }
  });

  beforeEach(() => {
    calls = 0;
  });

  it.each([
    ['a string route producing text/plain and text/html', '/note', 'text/plain', '"7;plain"'],
    ['a string route producing text/plain and text/html, asked for HTML', '/note', 'text/html', '"7;html"'],
    ['a bytes route producing two image types', '/image', 'image/jpeg', '"7;jpeg"'],
    ['an object route producing JSON and XML', '/item', 'application/xml', '"7;xml"'],
  ])('answers 304 without running the handler for %s when If-None-Match names the tag the 200 sent', async (_name, path, accept, tag) => {
    const ok = await request(app).get(path).set('Accept', accept);
    expect(ok.status).toBe(200);
    expect(ok.headers.etag).toBe(tag);
    expect(calls).toBe(1);
    const res = await request(app).get(path).set('Accept', accept).set('If-None-Match', tag);
    expect(res.status).toBe(304);
    expect(res.headers.etag).toBe(tag);
    expect(res.headers.vary).toBe('Accept');
    expect(calls).toBe(1);
  });

  it('runs the handler when If-None-Match names the tag of the other representation', async () => {
    const res = await request(app).get('/note').set('Accept', 'text/plain').set('If-None-Match', '"7;html"');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"7;plain"');
    expect(calls).toBe(1);
  });

  it('answers 412 without running the handler when If-Match names a tag the representation does not have', async () => {
    const res = await request(app).get('/note').set('Accept', 'text/plain').set('If-Match', '"7"');
    expect(res.status).toBe(412);
    expect(calls).toBe(0);
  });
});
