import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { currentAge, formatAge } from '../../src/caching/age';
import { evaluatePreconditions } from '../../src/caching/conditional-request';
import { fieldLines, fieldValue } from '../../src/caching/header-map';
import { storedRange } from '../../src/caching/stored-range';
import { HttpError } from '../../src/errors/http-error';
import { ProblemType } from '../../src/errors/problem-types';
import { writeProblemFor } from '../../src/exchange/problem-writer';
import { type RangeRequest, partialContent, unsatisfiedContentRange } from '../../src/http/byte-ranges';
import { CONTENT_TYPE_OPTIONS, NOSNIFF_FIELD } from '../../src/http/content-type-options';
import { REPRESENTATION_FIELDS } from '../../src/http/representation-fields';
import { headFirst } from '../../src/exchange/head-first';
import type { CacheContext } from './cache-context';
import type { Writers } from './capture';
import type { Entry } from './storage';
import { type Answer, pushStatusLines, statusFields } from './status-fields';
import { withoutFields } from './stored-response';

/**
 * Writes a stored response with its current Age, or a 304 made from it when the request is
 * `conditional` and the stored validators satisfy it (RFC 9111 section 4.3.2). `writers` are the
 * response's own methods when the cache has wrapped them (an answer after forwarding), and
 * `setBefore` the header names set before the request went on to the handler. `age` is the
 * current age (RFC 9111 section 4.2.3) when the caller worked it out already (the lookup, to
 * decide the reuse): the same clock reading answers it.
 */
export function answerStored(
  cache: CacheContext,
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  answer: Answer,
  conditional: boolean,
  writers: Writers = res as Writers,
  setBefore?: ReadonlySet<string>,
  age: number = currentAge(entry.view.initialAge, entry.response.responseTime, cache.now()),
): void {
  if (res.headersSent) {
    writers.end.call(res);
    return;
  }
  const { response, view } = entry;
  const names = res.getHeaderNames();
  const hadFields = names.length > 0;
  const own = hadFields ? exchangeFields(res, names, setBefore) : undefined;
  const notModified =
    conditional &&
    evaluatePreconditions({
      method: req.method ?? 'GET',
      requestHeaders: req.headers,
      // RFC 9111 section 4.3.2: without Last-Modified, the Date of the stored response stands in.
      validators: { etag: view.etag, lastModified: view.lastModified ?? fieldLines(view.headers.date)[0] ?? response.responseTime },
      exists: true,
    }) === 'not-modified';
  const ranged = notModified ? undefined : rangeOf(req, res, entry, writers);
  if (ranged?.kind === 'unsatisfiable') {
    // RFC 9110 section 15.5.17: 416, with the length of the representation.
    const headers = Object.fromEntries([['Content-Range', unsatisfiedContentRange(response.body.byteLength)], ...statusFields(cache, { ...answer, ttl: view.lifetime - age }, { req, res })]);
    writeProblemFor(req, res, new HttpError(416, 'No range of the Range header overlaps the stored representation', { type: ProblemType.rangeNotSatisfiable, headers }));
    return;
  }
  let stored = notModified ? view.notModified : view.replay;
  let status = response.status;
  let reason = response.statusMessage;
  let body: Uint8Array = response.body;
  if (ranged?.kind === 'satisfiable') {
    // RFC 9110 section 15.3.7: the 206 carries the stored fields, but for the length and type of its parts.
    const part = partialContent(Buffer.from(body.buffer, body.byteOffset, body.byteLength), ranged.ranges, fieldValue(view.headers, 'content-type'), randomBytes(12).toString('hex'));
    const replaced = new Set(['content-length', 'content-range', ...(part.contentRange === undefined ? ['content-type'] : [])]);
    stored = [...withoutFields(stored, replaced), 'Content-Length', String(part.body.byteLength), ...(part.contentRange === undefined ? ['Content-Type', part.contentType] : ['Content-Range', part.contentRange])];
    [status, reason, body] = [206, 'Partial Content', part.body];
  }
  const ageLine = formatAge(age);
  const lines = own === undefined ? [...stored, 'Age', ageLine] : [...own.lines, ...withoutFields(stored, own.names), 'Age', ageLine];
  // The stored lines' X-Content-Type-Options is known per stored response; the app's set before, per answer.
  if ((notModified || !view.nosniff) && own?.names.has(NOSNIFF_FIELD) !== true) lines.push(...CONTENT_TYPE_OPTIONS);
  pushStatusLines(cache, answer, lines, { req, res }, view.lifetime - age);
  if (notModified) {
    writeHead(res, writers, 304, 'Not Modified', lines, hadFields);
    writers.end.call(res);
  } else {
    writeHead(res, writers, status, reason, lines, hadFields);
    if (req.method !== 'HEAD') headFirst(res);
    writers.end.call(res, req.method === 'HEAD' ? undefined : body);
  }
}

/**
 * The fields the app's middleware set on this exchange before a stored response answers it (a
 * request id, CORS): they stay, over the stored response's fields of the same name, as they would
 * on an answer from the app. Those about the representation, and Date, are removed: the stored
 * response brings its own; so are those the app set for a response it made after `setBefore` (the
 * names set before the request went on to it), which the stored response answers instead.
 * `undefined` when none stays (always, in front of the app with `wrap`). Those that stay are taken
 * off the response and answered as lines, written with the stored ones in one `writeHead`: Node
 * merges lines given to writeHead into headers set before one name at a time, and a stored field
 * of several lines (Set-Cookie, a Cache-Status from behind) kept only its last.
 */
function exchangeFields(res: ServerResponse, names: readonly string[], setBefore?: ReadonlySet<string>): { names: Set<string>; lines: string[] } | undefined {
  let own: { names: Set<string>; lines: string[] } | undefined;
  for (const name of names) {
    const value = res.getHeader(name);
    res.removeHeader(name);
    if (REPRESENTATION_FIELDS.has(name) || name === 'date' || (setBefore !== undefined && !setBefore.has(name)) || value === undefined) continue;
    own ??= { names: new Set(), lines: [] };
    own.names.add(name);
    for (const line of Array.isArray(value) ? value : [value]) own.lines.push(name, String(line));
  }
  return own;
}

/**
 * The ranges of the stored response a Range request is answered with ({@link storedRange}), when
 * the cache writes the response with its own methods. A response it took from a handler that did
 * not answer in time (whose methods do nothing now) is answered whole, as a server may (RFC 9110
 * section 14.2).
 */
function rangeOf(req: IncomingMessage, res: ServerResponse, { response, view }: Entry, writers: Writers): RangeRequest | undefined {
  if (req.headers.range === undefined || res.writeHead !== writers.writeHead) return undefined;
  return storedRange({ method: req.method ?? 'GET', requestHeaders: req.headers, status: response.status, etag: view.etag, lastModified: view.lastModified, date: fieldValue(view.headers, 'date'), length: response.body.byteLength });
}

/**
 * Writes the head with `lines`, repeated fields line by line. On a response nothing set a field
 * on, they go to writeHead as they are (Node's fast path). Lines given to writeHead on a response
 * that had fields set (even removed since) are merged into them one name at a time, and a field's
 * last line would win: those are set instead, one `setHeader` per field with all its lines in
 * order (the name as its first line spells it), each field where its first line was.
 */
function writeHead(res: ServerResponse, writers: Writers, status: number, reason: string, lines: readonly string[], hadFields: boolean): void {
  if (!hadFields) {
    writers.writeHead.call(res, status, reason, lines);
    return;
  }
  const fields = new Map<string, { name: string; values: string[] }>();
  for (let i = 0; i < lines.length; i += 2) {
    const name = lines[i]!;
    const lower = name.toLowerCase();
    const field = fields.get(lower);
    if (field === undefined) fields.set(lower, { name, values: [lines[i + 1]!] });
    else field.values.push(lines[i + 1]!);
  }
  for (const { name, values } of fields.values()) res.setHeader(name, values.length === 1 ? values[0]! : values);
  writers.writeHead.call(res, status, reason);
}
