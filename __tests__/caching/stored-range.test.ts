import type { HeaderMap } from '../../src/caching/header-map';
import { type StoredRangeInput, storedRange } from '../../src/caching/stored-range';

const LAST_MODIFIED = 'Sun, 06 Nov 1994 08:49:37 GMT';
const DATE = 'Sun, 06 Nov 1994 08:49:38 GMT';
const stored = (requestHeaders: HeaderMap, overrides: Partial<StoredRangeInput> = {}): StoredRangeInput => ({
  method: 'GET',
  requestHeaders,
  status: 200,
  etag: '"v1"',
  lastModified: LAST_MODIFIED,
  date: DATE,
  length: 10,
  ...overrides,
});

describe('storedRange({ method, requestHeaders, status, etag, lastModified, date, length })', () => {
  it.each<[string, StoredRangeInput, unknown]>([
    ['answers the range of a stored 200', stored({ range: 'bytes=0-1' }), { kind: 'satisfiable', ranges: [{ start: 0, end: 1 }] }],
    ['answers a suffix range', stored({ range: 'bytes=-3' }), { kind: 'satisfiable', ranges: [{ start: 7, end: 9 }] }],
    ['answers several ranges', stored({ range: 'bytes=0-0,5-6' }), { kind: 'satisfiable', ranges: [{ start: 0, end: 0 }, { start: 5, end: 6 }] }],
    ['is unsatisfiable past the end', stored({ range: 'bytes=10-' }), { kind: 'unsatisfiable' }],
    ['answers whole without Range', stored({}), { kind: 'ignored' }],
    ['answers whole for HEAD', stored({ range: 'bytes=0-1' }, { method: 'HEAD' }), { kind: 'ignored' }],
    ['answers whole from a stored 404', stored({ range: 'bytes=0-1' }, { status: 404 }), { kind: 'ignored' }],
    ['answers the range when If-Range is the stored strong ETag', stored({ range: 'bytes=0-1', 'if-range': '"v1"' }), { kind: 'satisfiable', ranges: [{ start: 0, end: 1 }] }],
    ['answers whole when If-Range is another ETag', stored({ range: 'bytes=0-1', 'if-range': '"v0"' }), { kind: 'ignored' }],
    ['answers whole when If-Range is a weak ETag', stored({ range: 'bytes=0-1', 'if-range': 'W/"v1"' }), { kind: 'ignored' }],
    ['answers the range when If-Range is the stored Last-Modified', stored({ range: 'bytes=0-1', 'if-range': LAST_MODIFIED }), { kind: 'satisfiable', ranges: [{ start: 0, end: 1 }] }],
    ['answers whole when If-Range is the stored Last-Modified of the second of its Date (weak, RFC 9110 section 8.8.2.2)', stored({ range: 'bytes=0-1', 'if-range': LAST_MODIFIED }, { date: LAST_MODIFIED }), { kind: 'ignored' }],
    ['answers whole when If-Range is the stored Last-Modified and it has no Date', stored({ range: 'bytes=0-1', 'if-range': LAST_MODIFIED }, { date: undefined }), { kind: 'ignored' }],
    ['answers whole when If-Range is another date', stored({ range: 'bytes=0-1', 'if-range': 'Sun, 06 Nov 1994 08:49:38 GMT' }), { kind: 'ignored' }],
    ['answers whole for another unit', stored({ range: 'items=0-1' }), { kind: 'ignored' }],
  ])('%s', (_, input, expected) => {
    expect(storedRange(input)).toEqual(expected);
  });
});
