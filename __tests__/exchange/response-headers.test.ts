import { finaliseHeaders } from '../../src/exchange/response-headers';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const DATE = 'Thu, 01 Jan 2026 00:00:00 GMT';

describe('finaliseHeaders(answer, headers, finishing)', () => {
  describe('for a representation', () => {
    it.each<[string, Record<string, string>, boolean, Record<string, string>]>([
      ['adds Vary: Accept when Accept chose it', {}, true, { vary: 'Accept' }],
      ['adds Accept to a Vary set before', { vary: 'Origin' }, true, { vary: 'Origin, Accept' }],
      ['keeps Accept once', { vary: 'accept' }, true, { vary: 'accept' }],
      ['adds nothing beside *', { vary: '*' }, true, { vary: '*' }],
      ['sends Date', {}, false, { date: DATE }],
    ])('%s', (_name, headers, varies, expected) => {
      expect(finaliseHeaders('representation', headers, { method: 'GET', policy: undefined, now: NOW, varies })).toMatchObject(expected);
    });

    it('adds no Vary when Accept chose nothing', () => {
      expect(finaliseHeaders('representation', {}, { method: 'GET', policy: undefined, now: NOW, varies: false })).not.toHaveProperty('vary');
    });

    it('writes the policy, corrected for an unsafe method (RFC 9111 section 5.2.2.5)', () => {
      expect(finaliseHeaders('representation', {}, { method: 'GET', policy: { maxAge: 60 }, now: NOW, varies: false })['cache-control']).toBe('max-age=60');
      expect(finaliseHeaders('representation', {}, { method: 'PUT', policy: { maxAge: 60 }, now: NOW, varies: false })['cache-control']).toBe('no-store');
    });
  });

  it('gives a 304 the headers a 200 would carry but those describing a body (RFC 9110 section 15.4.5)', () => {
    const headers = { 'content-type': 'application/json', 'content-length': '7', 'content-encoding': 'gzip', etag: '"v1"', 'content-location': '/a' };
    const final = finaliseHeaders('not-modified', headers, { method: 'GET', policy: { maxAge: 60 }, now: NOW, varies: true });
    expect(final).toEqual({ 'cache-control': 'max-age=60', etag: '"v1"', 'content-location': '/a', date: DATE, vary: 'Accept' });
  });

  describe('for a problem', () => {
    const preset = { etag: '"half"', 'cache-control': 'public, max-age=600', vary: 'Origin', 'x-request-id': 'r-1', 'access-control-allow-origin': '*' };
    const own = { 'content-type': 'application/problem+json; charset=utf-8', allow: 'GET' };

    it("drops the representation's fields, keeps the exchange's and adds its own, not stored", () => {
      expect(finaliseHeaders('problem', preset, { now: NOW, varies: false, own })).toEqual({
        'x-request-id': 'r-1',
        'access-control-allow-origin': '*',
        'content-type': 'application/problem+json; charset=utf-8',
        allow: 'GET',
        'cache-control': 'no-store',
        date: DATE,
      });
    });

    it('says Vary: Accept when Accept chose its syntax', () => {
      expect(finaliseHeaders('problem', preset, { now: NOW, varies: true, own }).vary).toBe('Accept');
    });
  });
});
