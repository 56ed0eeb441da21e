import { responsePolicyHeaders } from '../caching/response-policy';
import type { HeaderObject, ParameterObject, ReferenceObject, ResponseObject } from './openapi-types';
import type { RouteFacts } from './route-facts';

/** The shared validator and caching headers of `components.headers`. */
export const cachingHeaderComponents: Readonly<Record<string, HeaderObject>> = {
  ETag: {
    description: 'The entity tag of the representation (RFC 9110 section 8.8.3); send it back in `If-None-Match` or `If-Match`.',
    schema: { type: 'string' },
    example: '"7"',
  },
  LastModified: {
    description: 'When the representation last changed (RFC 9110 section 8.8.2); send it back in `If-Modified-Since`.',
    schema: { type: 'string' },
    example: 'Tue, 24 Nov 2026 22:00:00 GMT',
  },
  AcceptRanges: {
    description: 'The representation takes byte ranges (RFC 9110 section 14.3): ask for part of it with `Range`.',
    schema: { type: 'string', const: 'bytes' },
  },
  VaryAccept: {
    description: 'The representation depends on `Accept` (RFC 9110 section 12.5.5).',
    schema: { type: 'string' },
    example: 'Accept',
  },
};

/** The conditional request headers of `components.parameters` (RFC 9110 section 13.1). */
export const conditionalParameterComponents: Readonly<Record<string, ParameterObject>> = {
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: 'Answer only if the current entity tag is one of these (or `*`: if the resource exists); 412 otherwise (RFC 9110 section 13.1.1).',
    schema: { type: 'string' },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description:
      'Answer only if the current entity tag is none of these (`*`: if the resource does not exist): 304 for GET and HEAD, 412 for other methods (RFC 9110 section 13.1.2).',
    schema: { type: 'string' },
  },
  IfModifiedSince: {
    name: 'If-Modified-Since',
    in: 'header',
    required: false,
    description: 'Answer 304 unless the representation changed since this date (RFC 9110 section 13.1.3); ignored with If-None-Match.',
    schema: { type: 'string' },
  },
  IfUnmodifiedSince: {
    name: 'If-Unmodified-Since',
    in: 'header',
    required: false,
    description: 'Answer 412 if the representation changed since this date (RFC 9110 section 13.1.4); ignored with If-Match.',
    schema: { type: 'string' },
  },
  Range: {
    name: 'Range',
    in: 'header',
    required: false,
    description:
      'The byte ranges wanted (`bytes=0-99`, RFC 9110 section 14.2): 206 with those bytes, 416 when none overlaps the representation; ignored when unparsable.',
    schema: { type: 'string' },
    example: 'bytes=0-1023',
  },
  IfRange: {
    name: 'If-Range',
    in: 'header',
    required: false,
    description: 'Honour `Range` only if the representation is still this entity tag or date (RFC 9110 section 13.1.5); the whole 200 otherwise.',
    schema: { type: 'string' },
  },
};

const isGetOrHead = (method: string): boolean => method === 'GET' || method === 'HEAD';

/** What an operation's answers depend on beyond its own routes: the other routes of its path. */
export interface PathContext {
  /** Every route of the document, for what one route's description depends on (the literals beside its placeholders). */
  readonly table: readonly RouteFacts[];
  /** Whether a GET route of the path gives validators, which unsafe requests' preconditions are evaluated against (RFC 9110 section 13.2.1). */
  readonly getValidates: boolean;
}

/**
 * Whether the operation evaluates preconditions: a GET or HEAD whose answers carry validators, or
 * an unsafe method whose routes give validators (`.etag()`) or whose path has a GET that does
 * (the pipeline asks it, evaluate-against-get.ts).
 */
export function evaluatesPreconditions(routes: readonly RouteFacts[], method: string, path: PathContext): boolean {
  if (isGetOrHead(method)) return routes.some((facts) => facts.validatesGet);
  return routes.some((facts) => facts.hasValidators) || path.getValidates;
}

/** Whether a GET of the operation answers byte ranges (206, 416). */
export function servesRanges(routes: readonly RouteFacts[], method: string): boolean {
  return method === 'GET' && routes.some((facts) => facts.servesRanges);
}

/** The conditional request headers an operation honours (RFC 9110 section 13.1), and Range where it serves ranges. */
export function conditionalParameters(routes: readonly RouteFacts[], method: string, path: PathContext): ReferenceObject[] {
  const names: string[] = [];
  if (evaluatesPreconditions(routes, method, path)) names.push('IfMatch', 'IfNoneMatch', isGetOrHead(method) ? 'IfModifiedSince' : 'IfUnmodifiedSince');
  if (servesRanges(routes, method)) names.push('Range', 'IfRange');
  return names.map((name) => ({ $ref: `#/components/parameters/${name}` }));
}

/**
 * The Cache-Control a route's answers to `method` carry, as the pipeline writes it: the route's
 * policy corrected for the method (PUT, PATCH and DELETE answers are never stored), the one
 * decision of {@link responsePolicyHeaders}. `undefined` when they carry none.
 */
function cacheControlOf(facts: RouteFacts, method: string): string | undefined {
  const value = responsePolicyHeaders(facts.cachePolicy ?? {}, method, 0)['cache-control'];
  return typeof value === 'string' ? value : value?.join(', ');
}

/** The caching headers of a successful answer: ETag and Last-Modified, Cache-Control, Vary. */
export function successHeaders(routes: readonly RouteFacts[], method: string): Record<string, HeaderObject | ReferenceObject> {
  const headers: Record<string, HeaderObject | ReferenceObject> = {};
  if (routes.some((facts) => facts.hasValidators || (isGetOrHead(method) && facts.validatesGet))) {
    headers.ETag = { $ref: '#/components/headers/ETag' };
    headers['Last-Modified'] = { $ref: '#/components/headers/LastModified' };
  }
  if (isGetOrHead(method) && routes.some((facts) => facts.servesRanges)) headers['Accept-Ranges'] = { $ref: '#/components/headers/AcceptRanges' };
  const cacheControls = [...new Set(routes.map((facts) => cacheControlOf(facts, method)).filter((value) => value !== undefined))];
  if (cacheControls.length > 0) {
    headers['Cache-Control'] = {
      description: `How caches may keep the answer (RFC 9111 section 5.2): ${cacheControls.map((value) => `\`${value}\``).join(' or ')}.`,
      schema: { type: 'string' },
      example: cacheControls[0],
    };
  }
  const others = [...new Set(routes.flatMap((facts) => facts.varyFields))];
  const fields = [...(routes.some((facts) => facts.variesByAccept) ? ['Accept'] : []), ...others];
  if (others.length === 0 && fields.length > 0) headers.Vary = { $ref: '#/components/headers/VaryAccept' };
  else if (fields.length > 0) {
    headers.Vary = {
      description: `The answer depends on ${fields.map((field) => `\`${field}\``).join(' and ')} (RFC 9110 section 12.5.5): a cache reuses it only for the same values.`,
      schema: { type: 'string' },
      example: fields.join(', '),
    };
  }
  return headers;
}

/** The 304 of a GET or HEAD whose answers carry validators (RFC 9110 section 15.4.5), when it may answer one. */
export function notModifiedResponse(routes: readonly RouteFacts[], method: string): ResponseObject | undefined {
  if (!isGetOrHead(method) || !routes.some((facts) => facts.validatesGet)) return undefined;
  const { 'Accept-Ranges': _ranges, ...headers } = successHeaders(routes, method);
  return { description: 'Not Modified: the representation the client holds is current (RFC 9110 section 15.4.5).', headers };
}

/**
 * The 206 of a GET whose answer is bytes (RFC 9110 section 15.3.7): the ranges asked for, one as
 * the representation's type with `Content-Range`, several as `multipart/byteranges`; it keeps the
 * 200's headers.
 */
export function partialContentResponse(routes: readonly RouteFacts[], method: string): ResponseObject | undefined {
  if (!servesRanges(routes, method)) return undefined;
  const types = [...new Set(routes.filter((facts) => facts.servesRanges).flatMap((facts) => facts.produces))];
  const content = Object.fromEntries([...types, 'multipart/byteranges'].map((type) => [type, { schema: { contentMediaType: type } }]));
  return {
    description: 'Partial Content: the byte ranges `Range` asked for (RFC 9110 section 15.3.7); several as `multipart/byteranges`.',
    headers: {
      ...successHeaders(routes, method),
      'Content-Range': { description: 'Which bytes of the representation this is, for one range (RFC 9110 section 14.4).', schema: { type: 'string' }, example: 'bytes 0-1023/4096' },
    },
    content,
  };
}
