import { decodePercent } from './percent-decoding';
import type { RequestSegment } from './request-path';

/**
 * Reflected File Download (RFD, CVE-2015-5211): a link to `/api/users/x.bat;setup.cmd?q=...` makes
 * a browser save an answer that reflects the request (`"q": "||calc||"`) under the name the URL
 * ends with, and run it when opened. Spring closes it in
 * `AbstractMessageConverterMethodProcessor#addContentDispositionHeader` (spring-framework, since
 * 4.2.x): when the last path segment, or a path parameter after it, ends in an extension that is
 * not known to be safe, a 2xx answer gets `Content-Disposition: inline;filename=f.txt`, which
 * names the file a browser would save without changing how it shows the answer (RFC 6266 section
 * 4.2). The same rule here.
 */
export const SAFE_DISPOSITION = 'inline;filename=f.txt';

/** Spring's safe extensions: those of the types its built-in converters write (SAFE_EXTENSIONS). */
export const SAFE_EXTENSIONS: ReadonlySet<string> = new Set(['txt', 'text', 'yml', 'properties', 'csv', 'json', 'xml', 'atom', 'rss', 'png', 'jpe', 'jpeg', 'jpg', 'gif', 'wbmp', 'bmp']);

/** What follows the last dot of a text, lower-cased; `undefined` without one, or with nothing after it. */
export function extensionOf(text: string): string | undefined {
  const dot = text.lastIndexOf('.');
  return dot === -1 || dot === text.length - 1 ? undefined : text.slice(dot + 1).toLowerCase();
}

/**
 * The extensions a browser could take a saved file's name from, in the request path's last
 * segment: the segment's own (decoded, so `%2E` is a dot), and that of its path parameters
 * (`;a=b;setup.bat` ends in `bat`), as Spring reads them.
 */
export function downloadExtensions(segment: RequestSegment | undefined): string[] {
  if (segment === undefined) return [];
  const found: string[] = [];
  const own = extensionOf(segment.text ?? segment.raw);
  if (own !== undefined) found.push(own);
  if (segment.matrix !== '') {
    const parameters = extensionOf(decodePercent(segment.matrix) ?? segment.matrix);
    if (parameters !== undefined) found.push(parameters);
  }
  return found;
}

/**
 * Whether `segment` could hold an extension at all: a dot, or a percent-escape that may decode to
 * one, in its text or its path parameters. Most request paths end in a name or an id without
 * either, and are then settled by one scan, before anything is allocated.
 */
export function mayNameAFile(segment: RequestSegment): boolean {
  const { raw, matrix } = segment;
  return raw.includes('.') || raw.includes('%') || (matrix !== '' && (matrix.includes('.') || matrix.includes('%')));
}

/**
 * Whether an answer to a path ending in `segment` needs {@link SAFE_DISPOSITION}: one of its
 * {@link downloadExtensions} is neither in {@link SAFE_EXTENSIONS} nor one `isSafe` allows (the
 * route's own: a format the router takes, a literal suffix of its template, `html` where it
 * produces HTML).
 */
export function needsSafeDisposition(segment: RequestSegment | undefined, isSafe: (extension: string) => boolean): boolean {
  for (const extension of downloadExtensions(segment)) if (!SAFE_EXTENSIONS.has(extension) && !isSafe(extension)) return true;
  return false;
}
