import { type EntityTag, type EntityTagList, parseEntityTag, parseEntityTagList, listMatches, strongMatch, weakMatch } from './entity-tag';
import { type HeaderMap, fieldLines, fieldValue } from './header-map';
import { parseHttpDate } from './http-date';
import { BoundedMemo } from '../http/bounded-memo';

/** What a server does with a request after evaluating its preconditions. */
export type PreconditionOutcome = 'proceed' | 'not-modified' | 'precondition-failed';

/** The validators of the selected representation, as its ETag and Last-Modified fields would carry them. */
export interface Validators {
  /** The ETag field value, quotes included: `"v1"` or `W/"v1"`. */
  readonly etag?: string;
  /**
   * When the representation last changed: an HTTP-date, or a Date or milliseconds since the epoch,
   * compared to the millisecond with the dates of If-Unmodified-Since and If-Modified-Since (their
   * whole seconds): a change at 12:00:00.500 is one since `12:00:00 GMT`.
   */
  readonly lastModified?: string | Date | number;
}

/** The input of {@link evaluatePreconditions}. */
export interface PreconditionRequest {
  readonly method: string;
  /** The request's headers by lower-case name, as `req.headers`. */
  readonly requestHeaders: HeaderMap;
  /**
   * The validators of the selected representation; or, for a resource with several current
   * representations (the JSON and the XML of one value have different strong tags), one set per
   * representation (`[]`: no validators).
   */
  readonly validators: Validators | readonly Validators[];
  /** Whether the target resource has a current representation (for `*`). */
  readonly exists: boolean;
}

/**
 * Whether a method retrieves a representation, so that a matching If-None-Match or
 * If-Modified-Since answers 304 and tags compare per representation (RFC 9110 sections 13.1.2
 * and 13.1.3: GET and HEAD only).
 */
export function isGetOrHead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * Whether a request carries a precondition its method is subject to (RFC 9110 section 13.1):
 * If-Match, If-None-Match, If-Unmodified-Since, and for GET and HEAD If-Modified-Since (a recipient
 * ignores it on any other method, section 13.1.3). The one answer to "is this request conditional?".
 */
export function hasPreconditions(method: string, headers: HeaderMap): boolean {
  return (
    headers['if-match'] !== undefined ||
    headers['if-none-match'] !== undefined ||
    headers['if-unmodified-since'] !== undefined ||
    (headers['if-modified-since'] !== undefined && isGetOrHead(method.toUpperCase()))
  );
}

/**
 * Evaluates the preconditions of a request in the order of RFC 9110 section 13.2.2:
 *
 * 1. If-Match: false, when no member strongly matches (or `*` and nothing exists) → 412;
 * 2. else If-Unmodified-Since: the representation changed after the date → 412;
 * 3. If-None-Match: a member weakly matches (or `*` and something exists) → 304 for GET/HEAD, 412 otherwise;
 * 4. else, for GET/HEAD only, If-Modified-Since: not changed since the date → 304;
 * 5. otherwise proceed.
 *
 * An unsafe method is never answered 304 (section 13.1.2): what is not a success is a 412.
 * Against several representations' validators each condition is taken over the set: If-Match (or,
 * without it, If-Unmodified-Since) holds when it holds for any representation; If-None-Match fails
 * when any representation matches it; If-Modified-Since gives 304 only when no representation
 * changed since the date.
 *
 * A Date or numeric Last-Modified is compared to the millisecond with the date of a condition
 * (see {@link Validators.lastModified}). Dates that are not HTTP-dates, and If-Modified-Since with
 * more than one member, are ignored
 * (RFC 9110 sections 13.1.3 and 13.1.4). The `fresh` package is not used: it reads dates with the
 * lenient `Date.parse`, mixes the request's `no-cache` (a cache directive, not a precondition)
 * into the answer, and knows nothing of If-Match and If-Unmodified-Since.
 */
export function evaluatePreconditions(request: PreconditionRequest): PreconditionOutcome {
  const { method, requestHeaders, validators, exists } = request;
  // Most requests carry no precondition at all: nothing to parse.
  if (!hasPreconditions(method, requestHeaders)) return 'proceed';
  if (!isValidatorList(validators)) return evaluateAgainst(method, requestHeaders, validators, exists);
  if (validators.length <= 1) return evaluateAgainst(method, requestHeaders, validators[0] ?? {}, exists);
  const { 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince, ...firstSteps } = requestHeaders;
  const outcomes = (headers: HeaderMap): PreconditionOutcome[] => validators.map((one) => evaluateAgainst(method, headers, one, exists));
  // Steps 1 and 2: If-Match, or If-Unmodified-Since, true of any representation.
  if (!outcomes(firstSteps).includes('proceed')) return 'precondition-failed';
  // Steps 3 and 4: evaluateAgainst already takes If-Modified-Since only without If-None-Match.
  const later = outcomes({ 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince });
  if (ifNoneMatch !== undefined) return later.find((outcome) => outcome !== 'proceed') ?? 'proceed';
  return later.every((outcome) => outcome === 'not-modified') ? 'not-modified' : 'proceed';
}

function isValidatorList(validators: Validators | readonly Validators[]): validators is readonly Validators[] {
  return Array.isArray(validators);
}

/** The five steps against one representation's validators. */
function evaluateAgainst(requestMethod: string, headers: HeaderMap, validators: Validators, exists: boolean): PreconditionOutcome {
  const method = requestMethod.toUpperCase();
  const current = validators.etag === undefined ? undefined : tags.get(validators.etag, parseTagFrozen);
  const lastModified = toTime(validators.lastModified);

  const ifMatch = tagList(fieldValue(headers, 'if-match'));
  if (ifMatch !== undefined) {
    // Step 1: If-Match uses the strong comparison (RFC 9110 section 13.1.1).
    if (!listMatches(ifMatch, current, strongMatch, exists)) return 'precondition-failed';
  } else {
    // Step 2: only without If-Match (RFC 9110 section 13.2.2, step 2).
    const since = singleDate(headers, 'if-unmodified-since');
    if (since !== undefined && lastModified !== undefined && lastModified > since) return 'precondition-failed';
  }

  const safe = isGetOrHead(method);
  const ifNoneMatch = tagList(fieldValue(headers, 'if-none-match'));
  if (ifNoneMatch !== undefined) {
    // Step 3: If-None-Match uses the weak comparison (RFC 9110 section 13.1.2).
    if (listMatches(ifNoneMatch, current, weakMatch, exists)) return safe ? 'not-modified' : 'precondition-failed';
  } else if (safe) {
    // Step 4: only for GET and HEAD, and only without If-None-Match (RFC 9110 section 13.1.3).
    const since = singleDate(headers, 'if-modified-since');
    if (since !== undefined && lastModified !== undefined && lastModified <= since) return 'not-modified';
  }
  return 'proceed';
}

/**
 * Parses remembered per distinct text (bounded): servers compare the same few tags, and clients
 * revalidate with the tags they were given, again and again. Results are frozen and only read.
 */
const tags = new BoundedMemo<string, EntityTag | undefined>(512);
const lists = new BoundedMemo<string, EntityTagList | undefined>(512);

function frozen<T>(parse: (text: string) => T): (text: string) => T {
  return (text) => {
    const parsed = parse(text);
    return typeof parsed === 'object' && parsed !== null ? Object.freeze(parsed) : parsed;
  };
}

const parseTagFrozen = frozen(parseEntityTag);
const parseListFrozen = frozen(parseEntityTagList);

function tagList(field: string | undefined): EntityTagList | undefined {
  return field === undefined ? undefined : lists.get(field, parseListFrozen);
}

/** The date of a date condition; `undefined` when absent, repeated or not an HTTP-date. */
function singleDate(headers: HeaderMap, name: string): number | undefined {
  const lines = fieldLines(headers[name]);
  return lines.length === 1 ? parseHttpDate(lines[0]) : undefined;
}

/**
 * The last modification time as the server knows it, to the millisecond when it was given as a
 * Date or a number. Not rounded to the second of its Last-Modified: two changes within one second
 * share that second, so a date naming it says nothing of which of them the client saw (RFC 9110
 * section 8.8.2.2, a Last-Modified within its second is weak). Compared with the stored time, a
 * change later in the second the client names is a change since that date: 412 to
 * If-Unmodified-Since, never a lost update, and no 304 to If-Modified-Since, never a stale copy
 * kept. A Last-Modified given as text knows only the second.
 */
function toTime(value: string | Date | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  return parseHttpDate(value);
}
