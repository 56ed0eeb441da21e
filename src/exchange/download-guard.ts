import type { FormatOverride } from '../http/format-override';
import { mayNameAFile, needsSafeDisposition } from '../http/reflected-file-download';
import { type RequestSegment, splitRequestPath } from '../http/request-path';
import type { Route } from '../routing/route';

/**
 * Whether an answer to a path ending in `segment` needs `Content-Disposition: inline;filename=f.txt`
 * (RFD, CVE-2015-5211, {@link needsSafeDisposition}), whatever the answer is: a representation, a
 * 304's 200 or a problem document. The one place this is decided. Spring adds the header to every
 * answer but a 1xx and a 3xx (`addContentDispositionHeader` skips only those): an error page
 * reflects the request as readily as a 200 does (`"detail": "No user x.bat||calc||"`).
 *
 * An extension is safe when it is in Spring's list, a format the router takes, the literal suffix
 * of the answering route's template (`/report.pdf`), or `html` on a route that produces HTML (the
 * route's `safeExtensions`, settled when it is declared). With
 * no route (a 404, a 405 or a 406 before any route was selected) only the list and the formats count.
 */
export function needsDownloadGuard(route: Route | undefined, segment: RequestSegment | undefined, formats: FormatOverride | undefined): boolean {
  // Most paths end in a name or an id without a dot or an escape: settled by one scan.
  if (segment === undefined || !mayNameAFile(segment)) return false;
  return needsSafeDisposition(segment, (extension) => formats?.ranges.has(extension) === true || route?.safeExtensions.has(extension) === true);
}

/**
 * The last segment of a request path (origin-form, query included) when it holds a dot or a
 * percent-encoding (in its text or its path parameters), the only case the RFD guard looks at:
 * `undefined` for most requests, at the cost of one scan.
 */
export function downloadSegment(url: string): RequestSegment | undefined {
  const query = url.indexOf('?');
  const whole = query === -1 ? url : url.slice(0, query);
  // A trailing slash is ignored when matching: so here.
  const path = whole.length > 1 && whole.endsWith('/') ? whole.slice(0, -1) : whole;
  const tail = path.slice(path.lastIndexOf('/') + 1);
  if (!tail.includes('.') && !tail.includes('%')) return undefined;
  return splitRequestPath(`/${tail}`)[0];
}

