import { type RangeRequest, parseRange } from '../http/byte-ranges';
import { type HeaderMap, fieldValue } from './header-map';
import { ifRangeHolds } from './if-range';

/** What {@link storedRange} weighs. */
export interface StoredRangeInput {
  readonly method: string;
  /** The request's headers: Range and If-Range. */
  readonly requestHeaders: HeaderMap;
  /** The stored response's status, validators, Date (which tells whether its Last-Modified is strong) and length. */
  readonly status: number;
  readonly etag: string | undefined;
  readonly lastModified: string | undefined;
  readonly date: string | undefined;
  readonly length: number;
}

const WHOLE: RangeRequest = Object.freeze({ kind: 'ignored' });

/**
 * What a cache answers a Range request with from a stored complete response (RFC 9110 section 14;
 * RFC 9111 section 3.4 lets a cache answer a range from a complete stored response): the ranges
 * of the stored 200 a GET asks for (206), `unsatisfiable` when none overlaps it (416), or the
 * whole response (`ignored`): for another method or status, without Range, or when If-Range does
 * not hold for the stored validators (section 13.1.5: the representation may have changed; a
 * stored Last-Modified is strong only when the stored Date is a second after it, section 8.8.2.2).
 */
export function storedRange(input: StoredRangeInput): RangeRequest {
  const range = fieldValue(input.requestHeaders, 'range');
  if (range === undefined || input.method !== 'GET' || input.status !== 200) return WHOLE;
  if (!ifRangeHolds(fieldValue(input.requestHeaders, 'if-range'), input)) return WHOLE;
  return parseRange(range, input.length);
}
