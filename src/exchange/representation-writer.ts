import type { Validators } from '../caching/conditional-request';
import { isGetOrHead } from '../caching/conditional-request';
import { strongEntityTag } from '../caching/entity-tag';
import type { ResponseHeaderMap } from '../caching/header-map';
import { formatHttpDate } from '../caching/http-date';
import { valueKindOf } from '../converters/body-kind';
import type { WrittenBody } from '../converters/body-converter';
import { notAcceptable } from '../errors/negotiation-errors';
import { formatMediaType, tryParseMediaType } from '../http/media-type';
import { toValidators } from '../validators';
import type { Exchange } from './exchange';
import { type MaybePromise, andThen } from './maybe-promise';
import { answerPreconditions } from './preconditions';
import { isRefusedDeclaredType } from './representation';
import { finaliseHeaders, isCacheable, normaliseHeaders, notModifiedInstead, presetHeaders } from './response-headers';
import type { Result } from './result-writer';
import { rangedAnswer } from './range-response';
import { surrogateKeyLines } from './surrogate-key-lines';
import { send } from './send';

function isEmpty(headers: Readonly<Record<string, string>>): boolean {
  for (const _name in headers) return false;
  return true;
}

/**
 * Writes what a handler returned in the exchange's representation of it
 * ({@link Exchange.representation}: 406 listing what could have been produced when Accept allows
 * none), by the first converter that can write it. Then the headers ({@link finaliseHeaders}): the
 * route's policy corrected for the method, the validators (the handler's, else the hook's, else a
 * strong ETag of the written bytes when the response is cacheable), and the conditional request
 * answered with 304 or 412 (before converting the body when the validators are known). A 200 of
 * bytes to a GET answers its Range with 206 or 416 ({@link rangedAnswer}).
 */
export function writeRepresentation(exchange: Exchange, result: Result): MaybePromise<void> {
  const { outgoing: res, request, route, now } = exchange;
  const method = request.method;
  const preset = presetHeaders(res);
  const headers = isEmpty(result.headers) ? preset : { ...preset, ...normaliseHeaders(result.headers) };
  const finishing = { method, policy: route.cachePolicy, now, varies: false, varyFields: route.varyFields, surrogateKeys: surrogateKeyLines(exchange) };
  if (result.body === undefined) {
    send(res, result.status, finaliseHeaders('representation', headers, finishing), undefined);
    return;
  }
  const kind = valueKindOf(result.body);
  const explicitType = tryParseMediaType(headers['content-type'] as string | undefined);
  const representation = exchange.acceptedRepresentation(kind, explicitType);
  const chosen = representation.mediaType;
  // A handler that picks one of the types the route declares (the stored image's, say) picked the
  // representation: a success in a type Accept refuses is a 406 naming it, as negotiation's would be.
  // Only for GET and HEAD: after an unsafe method has run, refusing its answer would hide that it did.
  if (representation.explicit && isGetOrHead(method) && result.status < 300 && isRefusedDeclaredType(route, chosen, request.accept)) {
    throw notAcceptable([formatMediaType(chosen)]);
  }
  const converter = route.registry.findWriter(kind, chosen);
  if (converter === undefined) throw new TypeError(`No body converter can write a ${kind} as ${formatMediaType(chosen)}`);

  const given = toValidators(result.validators ?? exchange.validators?.answer, representation.tagName) ?? validatorHeaders(headers);
  if (given?.etag !== undefined) headers.etag = given.etag;
  if (given?.lastModified !== undefined) headers['last-modified'] = typeof given.lastModified === 'string' ? given.lastModified : formatHttpDate(given.lastModified);
  const final = finaliseHeaders('representation', headers, { ...finishing, varies: representation.varies });
  const cacheable = isCacheable(method, result.status, final);

  // The handler knows its validators: answer the condition before converting anything. Only for
  // GET and HEAD: after an unsafe method they describe the new state, and its preconditions were
  // evaluated before the change (RFC 9110 section 13.2.1).
  if (given !== undefined && result.status === 200 && isGetOrHead(method) && answerPreconditions(exchange, given) === 'not-modified') {
    return send(res, 304, notModifiedInstead(final), undefined);
  }

  const pending: PendingWrite = { exchange, status: result.status, headers: final, cacheable, ranges: result.status === 200 && kind === 'bytes' && isGetOrHead(method) };
  return andThen(converter.write(result.body, { mediaType: chosen, rootName: route.xmlRoot }), sendWritten, pending);
}

/**
 * The validators a handler set as plain headers (`ResponseEntity.header('ETag', ...)`, or on
 * `ctx.res`): a validator the response carries is one its conditional requests are answered from.
 */
export function validatorHeaders(headers: ResponseHeaderMap): Validators | undefined {
  const etag = headers.etag;
  const lastModified = headers['last-modified'];
  if (typeof etag !== 'string' && typeof lastModified !== 'string') return undefined;
  return { ...(typeof etag === 'string' && { etag }), ...(typeof lastModified === 'string' && { lastModified }) };
}

/** A response whose headers are settled, waiting for its converted body. */
interface PendingWrite {
  readonly exchange: Exchange;
  readonly status: number;
  readonly headers: ResponseHeaderMap;
  readonly cacheable: boolean;
  /** Whether the response takes byte ranges: a 200 of bytes to a GET or HEAD (RFC 9110 section 14). */
  readonly ranges: boolean;
}

/**
 * Sends a converted body, as text when the converter gave it ({@link WrittenBody.text}); a
 * cacheable response without validators gets a strong ETag of its bytes.
 */
function sendWritten({ exchange, status, headers, cacheable, ranges }: PendingWrite, written: WrittenBody): void {
  const res = exchange.outgoing;
  headers['content-type'] = written.contentType;
  if (cacheable && headers.etag === undefined && headers['last-modified'] === undefined) {
    headers.etag = strongEntityTag(written.text ?? written.body);
    // Only for GET and HEAD, as above: an unsafe method's preconditions were evaluated before it
    // ran. If-Match on a GET that names another tag is a 412 (RFC 9110 section 13.1.1).
    if (isGetOrHead(exchange.request.method) && answerPreconditions(exchange, { etag: headers.etag }) === 'not-modified') {
      return send(res, 304, notModifiedInstead(headers), undefined);
    }
  }
  if (ranges) {
    // A body of known length answers Range requests (RFC 9110 section 14.3), after its preconditions.
    headers['accept-ranges'] = 'bytes';
    const partial = exchange.request.method === 'GET' ? rangedAnswer(exchange.incoming.headers, headers, written.body) : undefined;
    if (partial !== undefined) return send(res, 206, partial.headers, partial.body);
  }
  send(res, status, headers, written.text ?? written.body);
}
