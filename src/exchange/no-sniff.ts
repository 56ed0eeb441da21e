import type { ServerResponse } from 'node:http';
import type { ResponseHeaderMap } from '../caching/header-map';
import { CONTENT_TYPE_OPTIONS, NOSNIFF_FIELD } from '../http/content-type-options';

const [NAME, VALUE] = CONTENT_TYPE_OPTIONS;

/**
 * Marks the final header set of an answer the router writes `X-Content-Type-Options: nosniff`
 * ({@link CONTENT_TYPE_OPTIONS}), unless it says otherwise already (`send`, for every answer).
 */
export function addNoSniff(headers: ResponseHeaderMap): void {
  headers[NOSNIFF_FIELD] ??= VALUE;
}

/**
 * Marks a response `nosniff` ({@link CONTENT_TYPE_OPTIONS}) before code other than the router may
 * write it: a handler or hook reading `ctx.req` or `ctx.res`, Express middleware run as a hook
 * (`handOver`). What the router writes itself is marked in its final header set ({@link addNoSniff}).
 */
export function markNoSniff(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader(NAME, VALUE);
}
