import { ConsumesCondition } from '../conditions/consumes-condition';
import { MethodsCondition } from '../conditions/methods-condition';
import { HeadersCondition, ParamsCondition } from '../conditions/name-value-condition';
import { type NameValueExpression, parseNameValueExpression } from '../conditions/name-value-expression';
import { type MediaTypeExpression, parseMediaTypeExpression } from '../conditions/media-type-expression';
import { ProducesCondition } from '../conditions/produces-condition';
import type { RequestInfo } from '../conditions/request-info';
import { type PathTemplate, comparePathTemplates, joinTemplates, parsePathTemplate } from './path-template';
import type { MappingAttributes } from '../dsl/mapping-attributes';

/** The compiled mapping of a route: its template and its five conditions. */
export interface RequestMapping {
  readonly template: PathTemplate;
  readonly methods: MethodsCondition;
  readonly params: ParamsCondition;
  readonly headers: HeadersCondition;
  readonly consumes: ConsumesCondition;
  readonly produces: ProducesCondition;
}

/** The narrowed conditions of a mapping that matched a request. */
export interface MappingMatch {
  readonly methods: MethodsCondition;
  readonly consumes: ConsumesCondition;
  readonly produces: ProducesCondition;
}

function list(value: string | readonly string[] | undefined): readonly string[] {
  return value === undefined ? [] : typeof value === 'string' ? [value] : value;
}

/**
 * A headers condition on Content-Type or Accept means consumes or produces (as in Spring): such
 * `name=value` expressions move to the media-type conditions.
 */
function splitHeaders(expressions: readonly string[]): {
  headers: NameValueExpression[];
  consumes: MediaTypeExpression[];
  produces: MediaTypeExpression[];
} {
  const headers: NameValueExpression[] = [];
  const consumes: MediaTypeExpression[] = [];
  const produces: MediaTypeExpression[] = [];
  for (const text of expressions) {
    const expression = parseNameValueExpression(text, true);
    const mediaTypeTarget = expression.name === 'content-type' ? consumes : expression.name === 'accept' ? produces : undefined;
    if (mediaTypeTarget !== undefined && expression.value !== undefined) {
      for (const part of expression.value.split(',')) {
        mediaTypeTarget.push(parseMediaTypeExpression(expression.negated ? `!${part.trim()}` : part.trim()));
      }
    } else {
      headers.push(expression);
    }
  }
  return { headers, consumes, produces };
}

/** Compiles declared attributes; throws with a message naming the route when any is malformed. */
export function compileMapping(attributes: MappingAttributes, routeName: string): RequestMapping {
  try {
    const split = splitHeaders(list(attributes.headers));
    return {
      template: parsePathTemplate(attributes.path ?? ''),
      methods: MethodsCondition.of(...list(attributes.method)),
      params: ParamsCondition.of(...list(attributes.params)),
      headers: HeadersCondition.fromExpressions(split.headers),
      consumes: ConsumesCondition.fromExpressions([...list(attributes.consumes).map(parseMediaTypeExpression), ...split.consumes]),
      produces: ProducesCondition.fromExpressions([...list(attributes.produces).map(parseMediaTypeExpression), ...split.produces]),
    };
  } catch (error) {
    throw new Error(`Route ${routeName}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Combines a router-level mapping with a route-level one, as Spring combines type- and method-level
 * mappings: paths join, methods, params and headers add up, consumes and produces at route level
 * replace the router's.
 */
export function combineMappings(router: RequestMapping, route: RequestMapping): RequestMapping {
  let template: PathTemplate;
  try {
    template = parsePathTemplate(joinTemplates(router.template.text === '/' ? '' : router.template.text, route.template.text));
  } catch (error) {
    // The prefix and the route path may clash (a placeholder name in both): say which route.
    throw new Error(`Route ${route.methods.isEmpty ? '*' : route.methods.toString()} ${route.template.text}: ${(error as Error).message}`, { cause: error });
  }
  return {
    template,
    methods: router.methods.combine(route.methods),
    params: router.params.combine(route.params),
    headers: router.headers.combine(route.headers),
    consumes: router.consumes.combine(route.consumes),
    produces: router.produces.combine(route.produces),
  };
}

/** Matches every condition, in Spring's order; `undefined` when any fails. */
export function matchMapping(mapping: RequestMapping, request: RequestInfo): MappingMatch | undefined {
  const methods = mapping.methods.match(request);
  if (methods === undefined) return undefined;
  if (mapping.params.match(request) === undefined) return undefined;
  if (mapping.headers.match(request) === undefined) return undefined;
  const consumes = mapping.consumes.match(request);
  if (consumes === undefined) return undefined;
  const produces = mapping.produces.match(request);
  if (produces === undefined) return undefined;
  return { methods, consumes, produces };
}

/**
 * Orders two matches of one request, most specific first: path, then params, then headers, then
 * consumes, then produces (by the Accept header's weights), then an explicit method over none.
 */
export function compareMatches(
  a: { readonly mapping: RequestMapping; readonly match: MappingMatch },
  b: { readonly mapping: RequestMapping; readonly match: MappingMatch },
  request: RequestInfo,
): number {
  return (
    comparePathTemplates(a.mapping.template, b.mapping.template) ||
    a.mapping.params.compareTo(b.mapping.params) ||
    a.mapping.headers.compareTo(b.mapping.headers) ||
    a.match.consumes.compareTo(b.match.consumes) ||
    a.match.produces.compareTo(b.match.produces, request) ||
    a.match.methods.compareTo(b.match.methods)
  );
}

/**
 * Whether two mappings would tie for some request: the same path shape, and every condition able
 * to match the same request with neither more specific. Seen statically, that is an ambiguous mapping.
 */
export function mappingsTie(a: RequestMapping, b: RequestMapping): boolean {
  return (
    a.template.shapeKey === b.template.shapeKey &&
    a.methods.overlaps(b.methods) &&
    a.params.overlaps(b.params) &&
    a.headers.overlaps(b.headers) &&
    a.consumes.overlaps(b.consumes) &&
    a.produces.overlaps(b.produces)
  );
}

/** A one-line description of a mapping, for the route table and error messages. */
export function describeMapping(mapping: RequestMapping): string {
  const parts = [`${mapping.methods.isEmpty ? '*' : mapping.methods.toString()} ${mapping.template.text}`];
  if (!mapping.params.isEmpty) parts.push(`params: ${mapping.params.toString()}`);
  if (!mapping.headers.isEmpty) parts.push(`headers: ${mapping.headers.toString()}`);
  if (!mapping.consumes.isEmpty) parts.push(`consumes: ${mapping.consumes.toString()}`);
  if (!mapping.produces.isEmpty) parts.push(`produces: ${mapping.produces.toString()}`);
  return parts.join(' ');
}
