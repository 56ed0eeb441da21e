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
};

const isGetOrHead = (method: string): boolean => method === 'GET' || method === 'HEAD';

/** The conditional request headers an operation honours: those of a route whose `.etag()` gives validators. */
export function conditionalParameters(routes: readonly RouteFacts[], method: string): ReferenceObject[] {
  if (!routes.some((facts) => facts.hasValidators)) return [];
  const names = ['IfMatch', 'IfNoneMatch', isGetOrHead(method) ? 'IfModifiedSince' : 'IfUnmodifiedSince'];
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
  if (routes.some((facts) => facts.hasValidators)) {
    headers.ETag = { $ref: '#/components/headers/ETag' };
    headers['Last-Modified'] = { $ref: '#/components/headers/LastModified' };
  }
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

/** The 304 of a GET or HEAD whose route gives validators (RFC 9110 section 15.4.5), when it may answer one. */
export function notModifiedResponse(routes: readonly RouteFacts[], method: string): ResponseObject | undefined {
  if (!isGetOrHead(method) || !routes.some((facts) => facts.hasValidators)) return undefined;
  const headers = successHeaders(routes, method);
  return { description: 'Not Modified: the representation the client holds is current (RFC 9110 section 15.4.5).', headers };
}
