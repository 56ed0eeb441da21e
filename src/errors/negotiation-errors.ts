import type { RequestInfo } from '../conditions/request-info';
import { formatMediaType } from '../http/media-type';
import { NotAcceptable, UnsupportedMediaType } from './http-error';
import { ProblemType } from './problem-types';

/**
 * The 415 for a request body no route or converter takes: the acceptable types in the detail and
 * in `supported`, and in `Accept-Post` (POST) or `Accept-Patch` (PATCH, RFC 5789 section 3.1).
 * Only negated consumes (`!text/plain`) name nothing to accept: then no such header, as an empty
 * list would say "nothing".
 */
export function unsupportedMediaType(request: RequestInfo, accepted: readonly string[]): UnsupportedMediaType {
  const contentType = request.contentType;
  const sent = contentType === undefined ? `'${String(request.headers['content-type'])}' (not a valid media type)` : `'${formatMediaType(contentType)}'`;
  const headers: Record<string, string> = {};
  if (request.method === 'POST' && accepted.length > 0) headers['Accept-Post'] = accepted.join(', ');
  if (request.method === 'PATCH' && accepted.length > 0) headers['Accept-Patch'] = accepted.join(', ');
  return new UnsupportedMediaType(`Content-Type ${sent} is not supported; supported: ${accepted.join(', ')}`, {
    type: ProblemType.unsupportedMediaType,
    headers,
    extensions: { supported: [...accepted] },
  });
}

/**
 * The 415 for a request body in a content coding the server cannot decode (RFC 9110 section
 * 15.5.16): the codings it can in the detail, in `supported`, and in `Accept-Encoding`, which says
 * what a request may use (section 12.5.3).
 */
export function unsupportedContentCoding(coding: string, supported: readonly string[]): UnsupportedMediaType {
  return new UnsupportedMediaType(`Content-Encoding '${coding}' is not supported; supported: ${supported.join(', ')}`, {
    type: ProblemType.unsupportedContentCoding,
    headers: { 'Accept-Encoding': supported.join(', ') },
    extensions: { supported: [...supported] },
  });
}

/** The 406 when no representation the route could produce is acceptable, listing those it could. */
export function notAcceptable(available: readonly string[]): NotAcceptable {
  return new NotAcceptable(`None of the available representations is acceptable; available: ${available.join(', ')}`, {
    type: ProblemType.notAcceptable,
    extensions: { available: [...available] },
  });
}

/**
 * The 406 when a request's URL names a format (`?format=yaml`) the router does not know: the
 * formats the resource is available in, in the detail and in `formats`, as Spring answers an
 * unknown format parameter.
 */
export function unknownFormat(name: string, available: readonly string[]): NotAcceptable {
  return new NotAcceptable(`Format '${name}' is not available; available: ${available.join(', ')}`, {
    type: ProblemType.notAcceptable,
    extensions: { format: name, formats: [...available] },
  });
}
