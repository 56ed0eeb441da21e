/** One satisfiable byte range of a representation: first and last byte positions, both included. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * What a Range header asks of a representation of a known length (RFC 9110 section 14.2):
 * - `ignored`: no Range, another unit, a header that does not parse, or more ranges than the server
 *   serves; the full representation is the answer (200), as the section allows a server to do;
 * - `unsatisfiable`: no range overlaps the representation: 416 with `Content-Range: bytes *\/length`;
 * - `satisfiable`: the ranges to send (206), overlapping and adjacent ones coalesced, in the order asked.
 */
export type RangeRequest =
  | { readonly kind: 'ignored' }
  | { readonly kind: 'unsatisfiable' }
  | { readonly kind: 'satisfiable'; readonly ranges: readonly ByteRange[] };

/**
 * The most ranges answered in one 206, after coalescing. RFC 9110 section 14.2 lets a server ignore
 * "a large number of ranges" and "many small ranges": each costs a part header, and a request of
 * thousands of one-byte ranges makes the response many times the representation (a known denial of
 * service, CVE-2011-3192 against Apache). Past this, the full representation is sent instead.
 */
export const MAX_RANGES = 16;

const IGNORED: RangeRequest = Object.freeze({ kind: 'ignored' });
const UNSATISFIABLE: RangeRequest = Object.freeze({ kind: 'unsatisfiable' });
const POSITION = /^\d+$/;

/**
 * Reads a Range header against a representation of `length` bytes (RFC 9110 section 14.1.2):
 * `bytes=0-99`, `bytes=100-` (to the end), `bytes=-100` (the last 100, or all of a shorter one),
 * several separated by commas. A last position past the end is the end. Ranges that start past
 * the end are left out; none left is `unsatisfiable`. Overlapping and adjacent ranges are
 * coalesced (section 14.2: a server MAY), and kept in the order asked (section 14.6); more
 * than `maxRanges` after that is `ignored`. A header that does not parse is `ignored` too
 * (section 14.2: a server MAY ignore the field), whatever parsed before the fault.
 *
 * Written here rather than with jshttp's `range-parser` (which Express's `send` uses): that
 * package answers a suffix longer than the representation as unsatisfiable, where section 14.1.3
 * says the whole representation is the range, and it neither bounds nor refuses the number of ranges.
 */
export function parseRange(header: string | undefined, length: number, maxRanges: number = MAX_RANGES): RangeRequest {
  if (header === undefined) return IGNORED;
  const equals = header.indexOf('=');
  if (equals === -1 || header.slice(0, equals).trim().toLowerCase() !== 'bytes') return IGNORED;
  const ranges: ByteRange[] = [];
  let specs = 0;
  for (const item of header.slice(equals + 1).split(',')) {
    const spec = item.trim();
    // Empty list elements are allowed and not counted (RFC 9110 section 5.6.1).
    if (spec === '') continue;
    specs++;
    const dash = spec.indexOf('-');
    if (dash === -1) return IGNORED;
    const first = spec.slice(0, dash);
    const last = spec.slice(dash + 1);
    if (first === '') {
      if (!POSITION.test(last)) return IGNORED;
      const suffix = Number(last);
      if (suffix > 0 && length > 0) ranges.push({ start: Math.max(0, length - suffix), end: length - 1 });
      continue;
    }
    if (!POSITION.test(first) || (last !== '' && !POSITION.test(last))) return IGNORED;
    const start = Number(first);
    const end = last === '' ? length - 1 : Math.min(Number(last), length - 1);
    // first > last is invalid syntax (section 14.1.1); a start past the end is only unsatisfiable.
    if (last !== '' && Number(last) < start) return IGNORED;
    if (start < length) ranges.push({ start, end });
  }
  if (specs === 0) return IGNORED;
  if (ranges.length === 0) return UNSATISFIABLE;
  const coalesced = coalesce(ranges);
  return coalesced.length > maxRanges ? IGNORED : { kind: 'satisfiable', ranges: coalesced };
}

/**
 * Overlapping and adjacent ranges merged, in the order they were asked for: each merged range where
 * the first of the ranges it joins was. RFC 9110 section 14.6: the parts are sent "in the same order
 * that the corresponding range-spec appeared in the received Range header field, excluding those
 * ranges that were deemed unsatisfiable or that were coalesced into other ranges"; a client may
 * read the parts as they come, in the order it asked. Sorting by first byte finds what merges;
 * each merged range keeps the smallest position of its members, and the merged ranges are put
 * back in that order (n log n, whatever the order asked).
 */
function coalesce(ranges: readonly ByteRange[]): ByteRange[] {
  if (ranges.length === 1) return [ranges[0]!];
  const byStart = ranges.map((range, asked) => ({ start: range.start, end: range.end, asked })).sort((a, b) => a.start - b.start || a.asked - b.asked);
  const merged = [byStart[0]!];
  for (let i = 1; i < byStart.length; i++) {
    const range = byStart[i]!;
    const current = merged[merged.length - 1]!;
    if (range.start <= current.end + 1) {
      current.end = Math.max(current.end, range.end);
      current.asked = Math.min(current.asked, range.asked);
    } else merged.push(range);
  }
  return merged.sort((a, b) => a.asked - b.asked).map(({ start, end }) => ({ start, end }));
}

/** The Content-Range of a 416: the representation's length, no range (RFC 9110 section 14.4). */
export function unsatisfiedContentRange(length: number): string {
  return `bytes */${length}`;
}

/** A 206's body and the headers that describe it. */
export interface PartialContent {
  /** `Content-Range` for one range; absent for several (each part carries its own). */
  readonly contentRange?: string;
  /** The Content-Type: the representation's for one range, `multipart/byteranges` for several. */
  readonly contentType: string;
  readonly body: Buffer;
}

/**
 * The 206 for satisfiable ranges of `body` (RFC 9110 section 15.3.7): one range is those bytes with
 * their `Content-Range`; several are a `multipart/byteranges` body (section 14.6), each part with
 * the representation's Content-Type and its own Content-Range, separated by `boundary` (which the
 * caller makes random, so that no representation holds it).
 */
export function partialContent(body: Buffer, ranges: readonly ByteRange[], contentType: string | undefined, boundary: string): PartialContent {
  const length = body.length;
  const rangeOf = ({ start, end }: ByteRange): string => `bytes ${start}-${end}/${length}`;
  if (ranges.length === 1) {
    const [range] = ranges as [ByteRange];
    return { contentRange: rangeOf(range), contentType: contentType ?? 'application/octet-stream', body: body.subarray(range.start, range.end + 1) };
  }
  const pieces: Buffer[] = [];
  for (const range of ranges) {
    const head = `--${boundary}\r\n${contentType === undefined ? '' : `Content-Type: ${contentType}\r\n`}Content-Range: ${rangeOf(range)}\r\n\r\n`;
    pieces.push(Buffer.from(head, 'latin1'), body.subarray(range.start, range.end + 1), Buffer.from('\r\n', 'latin1'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`, 'latin1'));
  return { contentType: `multipart/byteranges; boundary=${boundary}`, body: Buffer.concat(pieces) };
}
