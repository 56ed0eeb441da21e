import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ResponseHeaderMap } from '../caching/header-map';
import { HttpError } from '../errors/http-error';
import { ProblemType } from '../errors/problem-types';
import { ifRangeHolds } from '../caching/if-range';
import { parseRange, partialContent, unsatisfiedContentRange } from '../http/byte-ranges';

/** A 206 in place of a 200: its headers and its body. */
export interface RangedAnswer {
  readonly headers: ResponseHeaderMap;
  readonly body: Buffer;
}

/**
 * What a GET's Range makes of a 200 whose body is bytes of a known length (RFC 9110 section 14):
 * a 206 with the ranges asked for (one range, or `multipart/byteranges` for several), a 416
 * problem with `Content-Range: bytes *\/length` when none overlaps the body, or `undefined` for the
 * full 200 when there is no Range, it is ignored ({@link parseRange}: unparsable, too many ranges),
 * If-Range names another version ({@link ifRangeHolds}), or the body is in a content coding (its
 * ranges would be of the coded bytes). Called after the preconditions held (section 13.2.2: Range
 * comes last). The 206 keeps the 200's headers (validators, cache policy, section 15.3.7).
 */
export function rangedAnswer(request: IncomingHttpHeaders, headers: ResponseHeaderMap, body: Buffer): RangedAnswer | undefined {
  const range = request.range;
  if (range === undefined || headers['content-encoding'] !== undefined) return undefined;
  const current = { etag: textOf(headers.etag), lastModified: textOf(headers['last-modified']), date: textOf(headers.date) };
  const ifRange = request['if-range'];
  // A singleton field sent twice is no validator: the full representation (section 13.1.5).
  if (Array.isArray(ifRange) || !ifRangeHolds(ifRange, current)) return undefined;
  const asked = parseRange(range, body.length);
  if (asked.kind === 'ignored') return undefined;
  if (asked.kind === 'unsatisfiable') {
    throw new HttpError(416, `No range of '${range}' overlaps the representation's ${body.length} bytes`, {
      type: ProblemType.rangeNotSatisfiable,
      headers: { 'Content-Range': unsatisfiedContentRange(body.length) },
    });
  }
  const contentType = headers['content-type'];
  const partial = partialContent(body, asked.ranges, typeof contentType === 'string' ? contentType : undefined, randomBytes(16).toString('hex'));
  const answer: ResponseHeaderMap = { ...headers, 'content-type': partial.contentType };
  if (partial.contentRange !== undefined) answer['content-range'] = partial.contentRange;
  return { headers: answer, body: partial.body };
}

/** A field the response has once, as text; absent, or repeated, is no value. */
function textOf(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
