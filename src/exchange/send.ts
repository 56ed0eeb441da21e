import { ServerResponse } from 'node:http';
import type { ResponseHeaderMap } from '../caching/header-map';
import { headFirst } from './head-first';
import { headBeforeSend } from './hook-scope';
import { addNoSniff } from './no-sniff';

/** Bodies up to this size are sent with the head in one write. */
const SMALL_BODY = 16 * 1024;

/**
 * Writes a response's final headers (`finaliseHeaders`, then the request's `onSend` hooks) and an optional body with one
 * `writeHead` and one `end`: the one place the router writes a response. A body given as text (a
 * problem document, a JSON answer) is sent as its UTF-8 bytes.
 */
export function send(res: ServerResponse, status: number, finalHeaders: ResponseHeaderMap, body: Buffer | string | undefined): void {
  // A response already on its way (a timeout answered, the handler wrote) is not written twice.
  if (res.headersSent) return;
  const headers = finalHead(res, status, finalHeaders);
  if (body === undefined || status === 204 || status === 304) {
    // What node says of a response ended without a body (its head written at the end): a 201 or
    // a 200 has an empty one, not a chunked one; a 204, a 304 and an answer to HEAD say nothing.
    if (status !== 204 && status !== 304 && res.req.method !== 'HEAD') headers['content-length'] ??= '0';
    writeHead(res, status, headers);
    res.end();
    return;
  }
  const length = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
  headers['content-length'] = String(length);
  writeHead(res, status, headers);
  // ASCII text (most JSON) is its own latin1: it goes out with the head as one string, in one
  // write, without being encoded into a Buffer and decoded back first.
  if (typeof body === 'string' && length === body.length) {
    res.end(body, 'latin1');
    return;
  }
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  // A small body goes out as text with the head, in one write; a Buffer would be a second one.
  if (bytes.length <= SMALL_BODY) res.end(bytes.toString('latin1'), 'latin1');
  else {
    headFirst(res);
    res.end(bytes);
  }
}

/**
 * Writes the head: with one `writeHead(status, lines)` when the response is node's own and bare
 * (no header set on it, not lent Express's prototypes: under `router.wrap`, a response nothing but
 * the router has touched), as Fastify writes its replies; node then builds the head from the lines
 * without keeping a header map, so `res.getHeader` reads nothing afterwards (an `onResponse` hook
 * is told the bytes from the head the router wrote). Otherwise the final set replaces the
 * response's headers field by field, where the app's middleware, a logger or a hook reading
 * `res.getHeaders()` at the end still finds them.
 */
function writeHead(res: ServerResponse, status: number, headers: ResponseHeaderMap): void {
  if (Object.getPrototypeOf(res) !== ServerResponse.prototype || res.getHeaderNames().length !== 0) {
    setHead(res, status, headers);
    return;
  }
  const lines: string[] = [];
  for (const name in headers) {
    const value = headers[name]!;
    if (typeof value === 'string') lines.push(name, value);
    else for (const line of value) lines.push(name, line);
  }
  res.writeHead(status, lines);
}

/**
 * Sets a streamed response's final head (`finaliseHeaders`, then the request's `onSend` hooks),
 * as {@link send} does, without writing it: it goes out with the first chunk the stream writes
 * (or at once, `flush`, for a stream whose client waits for the head). No Content-Length unless
 * the handler gave one: the body is sent chunked (RFC 9112 section 7.1), or closed by the
 * connection's end for an HTTP/1.0 client. False when a response is already on its way.
 */
export function startStream(res: ServerResponse, status: number, finalHeaders: ResponseHeaderMap, flush: boolean): boolean {
  if (res.headersSent) return false;
  // Set, not written: the head goes out with the first chunk, and until then the response is not under way.
  setHead(res, status, finalHead(res, status, finalHeaders));
  if (flush) res.flushHeaders();
  return true;
}

/**
 * The final set after the request's `onSend` hooks, which add their headers last. Every answer the
 * router writes (a representation, a 304, a problem, a stream, an OPTIONS) is marked `nosniff`
 * here ({@link addNoSniff}); what it hands to code that may write the response itself is
 * marked when handed over (`handOver`).
 */
function finalHead(res: ServerResponse, status: number, finalHeaders: ResponseHeaderMap): ResponseHeaderMap {
  const headers = headBeforeSend(res, status, finalHeaders);
  addNoSniff(headers);
  return headers;
}

/** Replaces the response's headers with the final set and sets its status. */
function setHead(res: ServerResponse, status: number, headers: ResponseHeaderMap): void {
  // The final set replaces whatever was set before: headers the corrections removed stay removed.
  const preset = res.getHeaderNames();
  for (const name of preset) if (!(name in headers)) res.removeHeader(name);
  for (const name in headers) {
    const value = headers[name]!;
    // A header set before (X-Powered-By, say) and kept as it was need not be set again. Under
    // Express's prototypes every call on the response costs a lookup no inline cache holds, so
    // only the names set before are read back.
    if (typeof value === 'string' && preset.length !== 0 && preset.includes(name) && res.getHeader(name) === value) continue;
    res.setHeader(name, value);
  }
  res.statusCode = status;
}
