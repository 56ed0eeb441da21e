import type { ServerResponse } from 'node:http';
import { CONTENT_TYPE_OPTIONS } from '../http/content-type-options';

const [NAME, VALUE] = CONTENT_TYPE_OPTIONS;

/**
 * Marks a response `X-Content-Type-Options: nosniff` ({@link CONTENT_TYPE_OPTIONS}) before anything
 * writes it: set on the exchange, it goes out with whatever answers (a representation, a 304, a
 * problem, a stored response) and survives the replacement of a representation's own fields.
 */
export function markNoSniff(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader(NAME, VALUE);
}
