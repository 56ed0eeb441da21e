import request from 'supertest';
import type { CurrentValidators } from '../../src';
import { serve } from '../setup/app-fixture';

/**
 * `ctx.validators`: what the route's `.etag()` hook established, as the handler reads it. The hook
 * runs before the body is read; a write makes its change conditional on the version the request's
 * preconditions held for (RFC 9110 section 13.2.1), with no side channel.
 */
describe('ctx.validators', () => {
  const seen: (CurrentValidators | undefined)[] = [];
  let version: number | undefined = 7;
  const modified = new Date('2026-01-01T00:00:00Z');
  const app = serve((api) => {
    api.get('/plain').handle((ctx) => {
      seen.push(ctx.validators);
      return { a: 1 };
    });
    api
      .get('/item')
      .produces('application/json', 'application/xml')
      .etag(() => (version === undefined ? undefined : { etag: version, lastModified: modified }))
      .handle((ctx) => {
        seen.push(ctx.validators);
        return { version };
      });
    api
      .put('/item')
      .etag(() => (version === undefined ? undefined : { etag: version, lastModified: modified }))
      .handle((ctx) => {
        seen.push(ctx.validators);
        return undefined;
      });
  });

  beforeEach(() => {
    seen.length = 0;
    version = 7;
  });

  it('is undefined on a route without an .etag() hook', async () => {
    await request(app).get('/plain').expect(200);
    expect(seen).toEqual([undefined]);
  });

  it("gives a GET's handler the hook's answer and the validators the 200 carries", async () => {
    const res = await request(app).get('/item').set('Accept', 'application/xml').expect(200);
    expect(seen).toEqual([{ answer: { etag: 7, lastModified: modified }, etag: '"7;xml"', lastModified: modified, preconditionsChecked: false }]);
    expect(res.headers.etag).toBe(seen[0]!.etag);
  });

  it('says the preconditions were checked when the request carried some and they held', async () => {
    await request(app).get('/item').set('Accept', 'application/json').set('If-None-Match', '"6;json"').expect(200);
    expect(seen[0]).toMatchObject({ etag: '"7;json"', preconditionsChecked: true });
  });

  it("gives an unsafe method's handler the version's own tag, whatever representation the client's came from", async () => {
    await request(app).put('/item').set('If-Match', '"7;xml"').expect(204);
    expect(seen).toEqual([{ answer: { etag: 7, lastModified: modified }, etag: '"7"', lastModified: modified, preconditionsChecked: true }]);
  });

  it('does not say the preconditions were checked for an unconditional write', async () => {
    await request(app).put('/item').expect(204);
    expect(seen[0]).toMatchObject({ preconditionsChecked: false });
  });

  it('gives no tag when the resource does not exist', async () => {
    version = undefined;
    await request(app).put('/item').set('If-None-Match', '*').expect(204);
    expect(seen).toEqual([{ answer: undefined, etag: undefined, lastModified: undefined, preconditionsChecked: true }]);
  });
});
