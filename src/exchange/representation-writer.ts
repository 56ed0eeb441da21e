import type { ServerResponse } from 'node:http';
import { type Validators, evaluatePreconditions, isGetOrHead } from '../caching/conditional-request';
import { strongEntityTag } from '../caching/entity-tag';
import { formatHttpDate } from '../caching/http-date';
import type { RequestInfo } from '../conditions/request-info';
import { valueKindOf } from '../converters/body-kind';
import { PreconditionFailed } from '../errors/http-error';
import { notAcceptable } from '../errors/negotiation-errors';
import { ProblemType } from '../errors/problem-types';
import { negotiate } from '../http/accept-header';
import { type MediaType, formatMediaType, tryParseMediaType } from '../http/media-type';
import type { CompiledRoute } from '../routing/route';
import { type Representation, availableTypes, chooseRepresentation } from '../exchange/representation';
import { type ValidatorSource, toValidators } from '../validators';
import type { WrittenBody } from '../converters/body-converter';
import type { ResponseHeaderMap } from '../caching/response-policy';
import { headFirst } from './head-first';
import { type MaybePromise, andThen } from './maybe-promise';
import { type HeaderBag, cacheHeaders, isCacheable, normaliseHeaders, notModifiedHeaders, presetHeaders } from './response-headers';
import type { Result } from './result-writer';

function addVary(headers: HeaderBag, field: string): void {
  const current = headers.vary;
  if (current === undefined) {
    headers.vary = field;
    return;
  }
  const list = (Array.isArray(current) ? current.join(',') : current).split(',').map((v) => v.trim()).filter(Boolean);
  if (!list.some((v) => v.toLowerCase() === field.toLowerCase() || v === '*')) list.push(field);
  headers.vary = list.join(', ');
}

/** Bodies up to this size are sent with the head in one write. */
const SMALL_BODY = 16 * 1024;

/** Writes headers and an optional body with one `writeHead`-equivalent and one `end`. */
export function send(res: ServerResponse, status: number, headers: Readonly<Record<string, string | string[]>>, body: Buffer | undefined): void {
  // A response already on its way (a timeout answered, the handler wrote) is not written twice.
  if (res.headersSent) return;
  // The final set replaces whatever was set before: headers the corrections removed stay removed.
  const preset = res.getHeaderNames();
  for (const name of preset) if (!(name in headers)) res.removeHeader(name);
  for (const name in headers) {
    const value = headers[name]!;
    // A header set before (X-Powered-By, say) and kept as it was need not be set again.
    if (preset.length !== 0 && typeof value === 'string' && res.getHeader(name) === value) continue;
    res.setHeader(name, value);
  }
  const withBody = body !== undefined && status !== 204 && status !== 304;
  if (withBody) res.setHeader('Content-Length', body.length);
  res.statusCode = status;
  // A small body goes out as text with the head, in one write; a Buffer would be a second one.
  if (withBody && body.length <= SMALL_BODY) res.end(body.toString('latin1'), 'latin1');
  else {
    if (withBody) headFirst(res);
    res.end(withBody ? body : undefined);
  }
}

/**
 * Whether a type is one the route declares it produces (its parameters aside) and Accept refuses
 * it: the route's negotiation of its produced types, remembered per Accept, leaves it out.
 */
function isRefusedDeclaredType(route: CompiledRoute, type: MediaType, request: RequestInfo): boolean {
  const declared = route.producedTypes.find((produced) => produced.type === type.type && produced.subtype === type.subtype);
  return declared !== undefined && !negotiate(route.producedTypes, request.accept).includes(declared);
}

function isEmpty(headers: Readonly<Record<string, string>>): boolean {
  for (const _name in headers) return false;
  return true;
}

/** The 412 of a failed precondition: the handler did not run, so nothing changed. */
export function preconditionFailed(): PreconditionFailed {
  return new PreconditionFailed('A precondition of the request (If-Match, If-None-Match, If-Unmodified-Since) failed; nothing was changed', {
    type: ProblemType.preconditionFailed,
  });
}

/**
 * Writes what a handler returned. The value's kind and the route's produces give the offers; Accept
 * ranks them (q-values, specificity, order; absent means anything) and the first converter that can
 * write the best one writes it (none fits: 406 listing what could have been produced). Then the
 * cache headers: the route's policy corrected for the method, a strong ETag from the written bytes
 * when a cacheable response has no validator, and the conditional request answered with 304 or 412
 * (before converting the body when the handler gave its validators).
 */
export function writeRepresentation(
  res: ServerResponse,
  request: RequestInfo,
  route: CompiledRoute,
  result: Result,
  now: number,
  hookValidators: ValidatorSource = undefined,
  presumed?: Representation,
): MaybePromise<void> {
  const method = request.method;
  const preset = presetHeaders(res);
  const headers = isEmpty(result.headers) ? preset : { ...preset, ...normaliseHeaders(result.headers) };
  if (result.body === undefined) {
    send(res, result.status, cacheHeaders(method, route.cachePolicy, headers, now), undefined);
    return;
  }
  const kind = valueKindOf(result.body);
  const explicitType = tryParseMediaType(headers['content-type'] as string | undefined);
  // The representation the hook answered preconditions for, when it is this value's.
  const representation =
    presumed !== undefined && presumed.kind === kind && explicitType === undefined ? presumed : chooseRepresentation(route, kind, request.accept, explicitType);
  const chosen = representation.mediaType;
  if (representation.varies) addVary(headers, 'Accept');
  if (chosen === undefined) throw notAcceptable(availableTypes(representation));
  // A handler that picks one of the types the route declares (the stored image's, say) picked the
  // representation: a success in a type Accept refuses is a 406 naming it, as negotiation's would be.
  // Only for GET and HEAD: after an unsafe method has run, refusing its answer would hide that it did.
  if (explicitType !== undefined && isGetOrHead(method) && result.status < 300 && isRefusedDeclaredType(route, explicitType, request)) {
    throw notAcceptable([formatMediaType(explicitType)]);
  }
  const converter = route.registry.findWriter(kind, chosen);
  if (converter === undefined) throw new TypeError(`No body converter can write a ${kind} as ${formatMediaType(chosen)}`);

  const given =
    toValidators(result.validators ?? hookValidators, representation.tagName) ?? validatorHeaders(headers);
  if (given?.etag !== undefined) headers.etag = given.etag;
  if (given?.lastModified !== undefined) headers['last-modified'] = typeof given.lastModified === 'string' ? given.lastModified : formatHttpDate(given.lastModified);
  const final = cacheHeaders(method, route.cachePolicy, headers, now);
  const cacheable = isCacheable(method, result.status, final);

  if (given !== undefined && result.status === 200 && isGetOrHead(method)) {
    // The handler knows its validators: answer the condition before converting anything. Only for
    // GET and HEAD: after an unsafe method they describe the new state, and its preconditions were
    // evaluated before the change (RFC 9110 section 13.2.1).
    const outcome = evaluatePreconditions({ method, requestHeaders: request.headers, validators: given, exists: true });
    if (outcome === 'not-modified') return send(res, 304, notModifiedHeaders(final), undefined);
    if (outcome === 'precondition-failed') throw preconditionFailed();
  }

  const pending: PendingWrite = { res, request, status: result.status, headers: final, cacheable };
  return andThen(converter.write(result.body, { mediaType: chosen, rootName: route.xmlRoot }), sendWritten, pending);
}

/**
 * The validators a handler set as plain headers (`ResponseEntity.header('ETag', ...)`, or on
 * `ctx.res`): a validator the response carries is one its conditional requests are answered from.
 */
export function validatorHeaders(headers: HeaderBag): Validators | undefined {
  const etag = headers.etag;
  const lastModified = headers['last-modified'];
  if (typeof etag !== 'string' && typeof lastModified !== 'string') return undefined;
  return { ...(typeof etag === 'string' && { etag }), ...(typeof lastModified === 'string' && { lastModified }) };
}

/** A response whose headers are settled, waiting for its converted body. */
interface PendingWrite {
  readonly res: ServerResponse;
  readonly request: RequestInfo;
  readonly status: number;
  readonly headers: ResponseHeaderMap;
  readonly cacheable: boolean;
}

/** Sends a converted body; a cacheable response without validators gets a strong ETag of its bytes. */
function sendWritten({ res, request, status, headers, cacheable }: PendingWrite, written: WrittenBody): void {
  headers['content-type'] = written.contentType;
  if (cacheable && headers.etag === undefined && headers['last-modified'] === undefined) {
    headers.etag = strongEntityTag(written.body);
    // Only for GET and HEAD, as above: an unsafe method's preconditions were evaluated before it ran.
    if (isGetOrHead(request.method)) {
      const outcome = evaluatePreconditions({ method: request.method, requestHeaders: request.headers, validators: { etag: headers.etag }, exists: true });
      if (outcome === 'not-modified') return send(res, 304, notModifiedHeaders(headers), undefined);
      // If-Match on a GET (RFC 9110 section 13.1.1): the representation is not the one the client named.
      if (outcome === 'precondition-failed') throw preconditionFailed();
    }
  }
  send(res, status, headers, written.body);
}
