import { ifRangeHolds } from '../../src/caching/if-range';
import { MAX_RANGES, parseRange, partialContent, unsatisfiedContentRange } from '../../src/http/byte-ranges';

describe('parseRange(header, length)', () => {
  it.each([
    ['no header', undefined, 100, { kind: 'ignored' }],
    ['another unit', 'items=0-5', 100, { kind: 'ignored' }],
    ['no equals sign', 'bytes 0-5', 100, { kind: 'ignored' }],
    ['one range', 'bytes=0-9', 100, { kind: 'satisfiable', ranges: [{ start: 0, end: 9 }] }],
    ['the unit in any case, spaces around items', 'Bytes= 0-9 , 20-29', 100, { kind: 'satisfiable', ranges: [{ start: 0, end: 9 }, { start: 20, end: 29 }] }],
    ['an open range', 'bytes=90-', 100, { kind: 'satisfiable', ranges: [{ start: 90, end: 99 }] }],
    ['a last position past the end', 'bytes=90-1000', 100, { kind: 'satisfiable', ranges: [{ start: 90, end: 99 }] }],
    ['a suffix', 'bytes=-10', 100, { kind: 'satisfiable', ranges: [{ start: 90, end: 99 }] }],
    ['a suffix longer than the representation (all of it, section 14.1.3)', 'bytes=-500', 100, { kind: 'satisfiable', ranges: [{ start: 0, end: 99 }] }],
    ['a zero suffix', 'bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['a start past the end', 'bytes=100-200', 100, { kind: 'unsatisfiable' }],
    ['any range of an empty representation', 'bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['one satisfiable range among unsatisfiable ones', 'bytes=500-600,0-0', 100, { kind: 'satisfiable', ranges: [{ start: 0, end: 0 }] }],
    ['overlapping ranges, coalesced', 'bytes=0-50,40-60', 100, { kind: 'satisfiable', ranges: [{ start: 0, end: 60 }] }],
    ['adjacent ranges, coalesced', 'bytes=0-9,10-19', 100, { kind: 'satisfiable', ranges: [{ start: 0, end: 19 }] }],
    ['ranges out of order, kept in the order asked (section 14.6)', 'bytes=50-59,0-9', 100, { kind: 'satisfiable', ranges: [{ start: 50, end: 59 }, { start: 0, end: 9 }] }],
    ['a range coalesced with an earlier one, where the earlier was', 'bytes=50-59,0-9,55-70', 100, { kind: 'satisfiable', ranges: [{ start: 50, end: 70 }, { start: 0, end: 9 }] }],
    ['a later range joining two earlier ones, where the first of them was', 'bytes=30-39,0-9,20-29,10-19', 100, { kind: 'satisfiable', ranges: [{ start: 0, end: 39 }] }],
    ['a range bridging two others, in the first one\'s place', 'bytes=60-69,0-9,40-49,10-59', 100, { kind: 'satisfiable', ranges: [{ start: 0, end: 69 }] }],
    ['ranges apart, in the order asked', 'bytes=-10,20-29,0-9', 100, { kind: 'satisfiable', ranges: [{ start: 90, end: 99 }, { start: 20, end: 29 }, { start: 0, end: 9 }] }],
    ['a suffix joining a later range, where the suffix was', 'bytes=0-9,-15,50-59,80-84', 100, { kind: 'satisfiable', ranges: [{ start: 0, end: 9 }, { start: 80, end: 99 }, { start: 50, end: 59 }] }],
    ['a suffix overlapping a range', 'bytes=80-89,-15', 100, { kind: 'satisfiable', ranges: [{ start: 80, end: 99 }] }],
    ['empty list elements', 'bytes=,0-1,,', 100, { kind: 'satisfiable', ranges: [{ start: 0, end: 1 }] }],
    ['only empty elements', 'bytes=,', 100, { kind: 'ignored' }],
    ['a first position after the last (invalid)', 'bytes=9-5', 100, { kind: 'ignored' }],
    ['a sign', 'bytes=+1-5', 100, { kind: 'ignored' }],
    ['a non-digit', 'bytes=1x-5', 100, { kind: 'ignored' }],
    ['no dash', 'bytes=5', 100, { kind: 'ignored' }],
    ['a bare dash', 'bytes=-', 100, { kind: 'ignored' }],
    ['one bad range among good ones', 'bytes=0-1,zz', 100, { kind: 'ignored' }],
  ])('answers %s', (_case, header, length, expected) => {
    expect(parseRange(header, length)).toEqual(expected);
  });

  it(`ignores more than ${MAX_RANGES} ranges left after coalescing, and coalesces thousands into one`, () => {
    const many = Array.from({ length: MAX_RANGES + 1 }, (_, i) => `${i * 2}-${i * 2}`).join(',');
    expect(parseRange(`bytes=${many}`, 1000)).toEqual({ kind: 'ignored' });
    const overlapping = Array.from({ length: 5000 }, () => '0-99').join(',');
    expect(parseRange(`bytes=${overlapping}`, 1000)).toEqual({ kind: 'satisfiable', ranges: [{ start: 0, end: 99 }] });
  });
});

describe('ifRangeHolds(ifRange, current)', () => {
  const current = { etag: '"v1"', lastModified: 'Tue, 01 Oct 2024 10:00:00 GMT', date: 'Tue, 01 Oct 2024 10:00:01 GMT' };
  const sameSecond = { ...current, date: current.lastModified };
  it.each([
    ['no If-Range', undefined, current, true],
    ['the current strong tag', '"v1"', current, true],
    ['another tag', '"v0"', current, false],
    ['a weak tag, even the same', 'W/"v1"', current, false],
    ['a tag against a weak current one', '"v1"', { etag: 'W/"v1"' }, false],
    ['a tag without a current one', '"v1"', {}, false],
    ['the current strong tag, even modified in the second of the Date', '"v1"', sameSecond, true],
    ['the exact Last-Modified, a second before the Date', 'Tue, 01 Oct 2024 10:00:00 GMT', current, true],
    ['the exact Last-Modified, long before the Date', 'Tue, 01 Oct 2024 10:00:00 GMT', { ...current, date: 'Wed, 02 Oct 2024 10:00:00 GMT' }, true],
    ['the exact Last-Modified in the second of the Date (weak, section 8.8.2.2)', 'Tue, 01 Oct 2024 10:00:00 GMT', sameSecond, false],
    ['the exact Last-Modified after the Date', 'Tue, 01 Oct 2024 10:00:00 GMT', { ...current, date: 'Tue, 01 Oct 2024 09:59:59 GMT' }, false],
    ['the exact Last-Modified without a Date', 'Tue, 01 Oct 2024 10:00:00 GMT', { etag: '"v1"', lastModified: current.lastModified }, false],
    ['the exact Last-Modified with a Date that does not parse', 'Tue, 01 Oct 2024 10:00:00 GMT', { ...current, date: 'tomorrow' }, false],
    ['a later date', 'Tue, 01 Oct 2024 10:00:01 GMT', current, false],
    ['a date without a Last-Modified', 'Tue, 01 Oct 2024 10:00:00 GMT', { etag: '"v1"', date: current.date }, false],
    ['something that is neither', 'yesterday', current, false],
  ])('holds for %s: %s', (_case, ifRange, validators, expected) => {
    expect(ifRangeHolds(ifRange, validators)).toBe(expected);
  });
});

describe('partialContent(body, ranges, contentType, boundary)', () => {
  const body = Buffer.from('0123456789');

  it('answers one range as its bytes with their Content-Range', () => {
    expect(partialContent(body, [{ start: 2, end: 4 }], 'image/png', 'B')).toEqual({ contentRange: 'bytes 2-4/10', contentType: 'image/png', body: Buffer.from('234') });
  });

  it('answers several as multipart/byteranges, each part with its type and range', () => {
    const answer = partialContent(body, [{ start: 0, end: 1 }, { start: 8, end: 9 }], 'image/png', 'B');
    expect(answer.contentType).toBe('multipart/byteranges; boundary=B');
    expect(answer.contentRange).toBeUndefined();
    expect(answer.body.toString()).toBe(
      '--B\r\nContent-Type: image/png\r\nContent-Range: bytes 0-1/10\r\n\r\n01\r\n--B\r\nContent-Type: image/png\r\nContent-Range: bytes 8-9/10\r\n\r\n89\r\n--B--\r\n',
    );
  });

  it('writes the Content-Range of a 416', () => {
    expect(unsatisfiedContentRange(10)).toBe('bytes */10');
  });
});
