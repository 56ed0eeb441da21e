import type { IncomingHttpHeaders } from 'node:http';

/** The most header lines a request may have; nginx's limit too (431 beyond). */
export const MAX_HEADER_LINES = 1000;

/** Why a request is refused before any route sees it: its status, title and detail. */
export interface FramingFault {
  readonly status: 400 | 431;
  readonly title: string;
  readonly detail: string;
}

/**
 * The fault of a request's head, or undefined when there is none:
 *
 * - more than {@link MAX_HEADER_LINES} header lines: 431 (RFC 6585 section 5). Node keeps only
 *   its first 1,000 and drops the rest silently, so the server is told to keep one more
 *   (`maxHeadersCount`) and this rule counts them;
 * - `Transfer-Encoding` in an HTTP/1.0 request: 400, and the connection is closed, because "a
 *   server ... that receives an HTTP/1.0 message containing a Transfer-Encoding header field MUST
 *   treat the message as if the framing is faulty" (RFC 9112 section 6.1): where its body ends is
 *   unknown, so nothing after it on the connection can be trusted.
 *
 * @param httpVersion - as node reads it: `1.0`, `1.1`
 * @param headerLines - how many header lines the request has (node's `rawHeaders.length / 2`)
 * @param headers - the request's header fields
 */
export function framingFault(httpVersion: string, headerLines: number, headers: IncomingHttpHeaders): FramingFault | undefined {
  if (headerLines > MAX_HEADER_LINES) {
    return { status: 431, title: 'Request Header Fields Too Large', detail: `A request has at most ${MAX_HEADER_LINES} header lines` };
  }
  if (httpVersion === '1.0' && headers['transfer-encoding'] !== undefined) {
    return { status: 400, title: 'Bad Request', detail: 'An HTTP/1.0 request cannot have a Transfer-Encoding: where its body ends is unknown' };
  }
  return undefined;
}
