import type { RequestInfo } from '../conditions/request-info';
import { BadRequest, HttpError, MethodNotAllowed, NotFound } from '../errors/http-error';
import { notAcceptable, unsupportedMediaType } from '../errors/negotiation-errors';
import { ProblemType } from '../errors/problem-types';
import { type MappingMatch, type RequestMapping, compareMatches, matchMapping } from './request-mapping';

/** What selection needs of a route: its mapping and its declaration order. */
export interface Selectable {
  readonly mapping: RequestMapping;
  readonly order: number;
  /** The media types its body may be sent in (for `Accept-Patch`); none when not given. */
  readonly readableTypes?: readonly string[];
}

/** The outcome of choosing among the routes whose path matches a request. */
export type Selection<T extends Selectable> =
  | { readonly kind: 'route'; readonly route: T; readonly match: MappingMatch }
  | { readonly kind: 'options'; readonly allow: readonly string[]; readonly acceptPatch: readonly string[] }
  | { readonly kind: 'error'; readonly error: HttpError };

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The `Allow` header value for the routes of one path (RFC 9110 section 10.2.1). */
export function allowedMethods(routes: readonly Selectable[]): string[] {
  const methods = new Set<string>(['OPTIONS']);
  for (const route of routes) for (const method of route.mapping.methods.allowed()) methods.add(method);
  const rank = (m: string): number => (METHOD_ORDER.includes(m) ? METHOD_ORDER.indexOf(m) : METHOD_ORDER.length);
  return [...methods].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The `Accept-Patch` value for the routes of one path (RFC 5789 section 3.1): the media types the
 * routes that take PATCH read their body from, in declaration order, without duplicates; empty
 * when none takes PATCH. Sent where the resource's PATCH is described: OPTIONS, and the 405 and
 * 415 answers of a resource that allows it.
 */
export function acceptedPatchTypes(routes: readonly Selectable[]): string[] {
  return unique(routes.filter((route) => route.mapping.methods.allowed().includes('PATCH')).flatMap((route) => route.readableTypes ?? []));
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/**
 * Chooses the most specific route among those whose path matches (Spring's
 * `lookupHandlerMethod`). When none matches fully, the partial matches explain why, checked in
 * this order: method (405, or the answer to OPTIONS), consumes (415), produces (406), params (400),
 * headers (404). A tie that the conditions cannot break goes to the route declared first.
 */
export function selectRoute<T extends Selectable>(candidates: readonly T[], request: RequestInfo): Selection<T> {
  // One route at the path (the common case): nothing to rank it against, nothing to build for it.
  if (candidates.length === 1) {
    const route = candidates[0]!;
    const match = matchMapping(route.mapping, request);
    return match === undefined ? explainNoMatch(candidates, request) : { kind: 'route', route, match };
  }
  let best: { route: T; mapping: RequestMapping; match: MappingMatch } | undefined;
  for (const route of candidates) {
    const match = matchMapping(route.mapping, request);
    if (match === undefined) continue;
    const entry = { route, mapping: route.mapping, match };
    if (best === undefined) best = entry;
    else {
      const order = compareMatches(entry, best, request) || route.order - best.route.order;
      if (order < 0) best = entry;
    }
  }
  if (best !== undefined) return { kind: 'route', route: best.route, match: best.match };
  return explainNoMatch(candidates, request);
}

/**
 * The answer to a request whose path no route matches, when the router answers it (404, RFC 9110
 * section 15.5.5): `url` is the request's origin-form target under the router's mount, named
 * without its query.
 */
export function noRouteAt(url: string): NotFound {
  const query = url.indexOf('?');
  return new NotFound(`No resource at ${query === -1 ? url : url.slice(0, query)}`);
}

function explainNoMatch<T extends Selectable>(candidates: readonly T[], request: RequestInfo): Selection<T> {
  const byMethod = candidates.filter((r) => r.mapping.methods.match(request) !== undefined);
  if (byMethod.length === 0) {
    const allow = allowedMethods(candidates);
    const acceptPatch = acceptedPatchTypes(candidates);
    if (request.method === 'OPTIONS') return { kind: 'options', allow, acceptPatch };
    return {
      kind: 'error',
      error: new MethodNotAllowed(allow, `Method ${request.method} is not supported by this resource; it supports ${allow.join(', ')}`, {
        type: ProblemType.methodNotAllowed,
        ...(acceptPatch.length > 0 && { headers: { 'Accept-Patch': acceptPatch.join(', ') } }),
      }),
    };
  }
  const byConsumes = byMethod.filter((r) => r.mapping.consumes.match(request) !== undefined);
  if (byConsumes.length === 0) {
    const accepted = unique(byMethod.flatMap((r) => r.mapping.consumes.mediaTypes()));
    return { kind: 'error', error: unsupportedMediaType(request, accepted) };
  }
  const byProduces = byConsumes.filter((r) => r.mapping.produces.match(request) !== undefined);
  if (byProduces.length === 0) {
    const available = unique(byConsumes.flatMap((r) => r.mapping.produces.mediaTypes()));
    return { kind: 'error', error: notAcceptable(available) };
  }
  const byParams = byProduces.filter((r) => r.mapping.params.match(request) !== undefined);
  if (byParams.length === 0) {
    const unmet = unique(byProduces.map((r) => r.mapping.params.unmet(request).map((e) => e.text).join(' && ')));
    return {
      kind: 'error',
      error: new BadRequest(`Parameter conditions not met: ${unmet.map((u) => `"${u}"`).join(' or ')}`, {
        type: ProblemType.unmetParameterCondition,
        extensions: { conditions: unmet },
      }),
    };
  }
  return { kind: 'error', error: new NotFound('No representation of this resource matches the request headers', { type: ProblemType.unmetHeaderCondition }) };
}
