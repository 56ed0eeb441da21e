import type { IncomingMessage, ServerResponse } from 'node:http';
import { currentAge, formatAge } from '../../src/caching/age';
import { evaluatePreconditions } from '../../src/caching/conditional-request';
import { fieldLines } from '../../src/caching/header-map';
import { CONTENT_TYPE_OPTIONS } from '../../src/http/content-type-options';
import { REPRESENTATION_FIELDS } from '../../src/http/representation-fields';
import { headFirst } from '../../src/exchange/head-first';
import type { CacheContext, CacheStatus } from './cache-context';
import type { Writers } from './capture';
import type { Entry } from './storage';
import { withoutFields } from './stored-response';

/**
 * Writes a stored response with its current Age, or a 304 made from it when the request is
 * `conditional` and the stored validators satisfy it (RFC 9111 section 4.3.2). `writers` are the
 * response's own methods when the cache has wrapped them (an answer after forwarding), and
 * `setBefore` the header names set before the request went on to the handler.
 */
export function answerStored(
  cache: CacheContext,
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  status: CacheStatus,
  conditional: boolean,
  writers: Writers = res as Writers,
  setBefore?: ReadonlySet<string>,
): void {
  if (res.headersSent) {
    writers.end.call(res);
    return;
  }
  cache.outcomes.set(res, status);
  const { response, view } = entry;
  const age = formatAge(currentAge(view.initialAge, response.responseTime, cache.now()));
  const own = exchangeFields(res, setBefore);
  const notModified =
    conditional &&
    evaluatePreconditions({
      method: req.method ?? 'GET',
      requestHeaders: req.headers,
      // RFC 9111 section 4.3.2: without Last-Modified, the Date of the stored response stands in.
      validators: { etag: view.etag, lastModified: view.lastModified ?? fieldLines(view.headers.date)[0] ?? response.responseTime },
      exists: true,
    }) === 'not-modified';
  const stored = notModified ? view.notModified : view.replay;
  const lines = (own === undefined ? stored : withoutFields(stored, own)).concat('Age', age);
  if (!hasField(lines, NOSNIFF_FIELD)) lines.push(...CONTENT_TYPE_OPTIONS);
  if (cache.statusHeader !== undefined) lines.push(cache.statusHeader, status);
  const head = own === undefined ? lines : setLines(res, lines);
  if (notModified) {
    writers.writeHead.call(res, 304, 'Not Modified', head);
    writers.end.call(res);
  } else {
    writers.writeHead.call(res, response.status, response.statusMessage, head);
    if (req.method !== 'HEAD') headFirst(res);
    writers.end.call(res, req.method === 'HEAD' ? undefined : response.body);
  }
}

/**
 * The fields the app's middleware set on this exchange before a stored response answers it (a
 * request id, CORS): they stay, over the stored response's fields of the same name, as they would
 * on an answer from the app. Those about the representation, and Date, are removed: the stored
 * response brings its own; so are those the app set for a response it made after `setBefore` (the
 * names set before the request went on to it), which the stored response answers instead.
 * `undefined` when none stays (always, in front of the app with `wrap`).
 */
function exchangeFields(res: ServerResponse, setBefore?: ReadonlySet<string>): Set<string> | undefined {
  let own: Set<string> | undefined;
  for (const name of res.getHeaderNames()) {
    if (REPRESENTATION_FIELDS.has(name) || name === 'date' || (setBefore !== undefined && !setBefore.has(name))) res.removeHeader(name);
    else (own ??= new Set()).add(name);
  }
  return own;
}

/**
 * Sets header lines on a response that already has fields set, a repeated field as one array, and
 * answers none left to give `writeHead`: given lines, node's writeHead sets each over the fields
 * set before, one line per name, so a stored response's second Link or Vary line would be lost.
 */
function setLines(res: ServerResponse, lines: readonly string[]): undefined {
  const byName = new Map<string, [string, string[]]>();
  for (let i = 0; i < lines.length; i += 2) {
    const name = lines[i]!;
    const group = byName.get(name.toLowerCase());
    if (group === undefined) byName.set(name.toLowerCase(), [name, [lines[i + 1]!]]);
    else group[1].push(lines[i + 1]!);
  }
  for (const [name, values] of byName.values()) res.setHeader(name, values.length === 1 ? values[0]! : values);
  return undefined;
}

/** The lower-case name of {@link CONTENT_TYPE_OPTIONS}, as header maps key it. */
export const NOSNIFF_FIELD = CONTENT_TYPE_OPTIONS[0].toLowerCase();

/** Whether flat header lines hold a field, named in lower case (the lines' names in any case). */
function hasField(lines: readonly string[], lower: string): boolean {
  for (let i = 0; i < lines.length; i += 2) if (lines[i]!.toLowerCase() === lower) return true;
  return false;
}
