import { type PathContext, cachingHeaderComponents, conditionalParameterComponents } from './caching-headers';
import { OperationIds, defaultOperationId } from './operation-id';
import { operation } from './operation';
import type { OpenApiDocument, OpenApiOptions, OperationMethod, OperationObject, PathItemObject } from './openapi-types';
import { openApiPath } from './path-item-key';
import { PROBLEM_SCHEMA, problemResponses, problemSchema } from './problem-responses';
import type { RouteFacts } from './route-facts';
import { SchemaComponents } from './schema-components';
import { securitySchemes } from './security';

/** The methods a Path Item names (OpenAPI 3.1 section 4.8.9); others go to `x-additional-operations`. */
const PATH_ITEM_METHODS: ReadonlySet<string> = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

/**
 * The methods a route that declares none is described under: it answers every method but
 * OPTIONS (which the router answers itself); HEAD is GET's, TRACE is for proxies.
 */
export const ANY_METHOD_OPERATIONS: readonly string[] = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];

/** The methods a route is described under. GET answers HEAD too (RFC 9110 section 9.3.2), described once. */
export function describedMethods(facts: RouteFacts): readonly string[] {
  return facts.methods.length === 0 ? ANY_METHOD_OPERATIONS : facts.methods;
}

/**
 * Whether a path answers 405 to some method: it does unless one of its routes declares no method
 * (it then answers every method but OPTIONS, which the router answers).
 */
function refusesSomeMethod(methods: ReadonlyMap<string, readonly RouteFacts[]>): boolean {
  return ![...methods.values()].some((group) => group.some((facts) => facts.methods.length === 0));
}

/** The components of `kind` (`responses`, `parameters`, `headers`) the document refers to, by name. */
function referenced(paths: unknown, kind: string): Set<string> {
  const names = new Set<string>();
  const prefix = `#/components/${kind}/`;
  JSON.stringify(paths, (key, value: unknown) => {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(prefix)) names.add(value.slice(prefix.length));
    return value;
  });
  return names;
}

/** The components of a record that `used` names. */
function only<T>(record: Readonly<Record<string, T>>, used: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => used.has(name)));
}

/** The routes of each operation: by OpenAPI path, then by method, in declaration order. */
function groupOperations(routes: readonly RouteFacts[]): Map<string, Map<string, RouteFacts[]>> {
  const paths = new Map<string, Map<string, RouteFacts[]>>();
  for (const facts of routes) {
    const path = openApiPath(facts);
    const methods = paths.get(path) ?? new Map<string, RouteFacts[]>();
    paths.set(path, methods);
    for (const method of describedMethods(facts)) {
      const group = methods.get(method) ?? [];
      group.push(facts);
      methods.set(method, group);
    }
  }
  return paths;
}

/**
 * The OpenAPI 3.1 document of a route table, from the routes alone: every path and method, their
 * parameters (placeholders with their patterns, matrix variables, query and header bindings,
 * params and headers conditions), request bodies per consumed type, responses per produced type,
 * the problems each may answer (one shared RFC 9457 schema) and the caching headers.
 */
export function openApiDocument(routes: readonly RouteFacts[], options: OpenApiOptions): OpenApiDocument {
  const schemas = new SchemaComponents();
  schemas.add(PROBLEM_SCHEMA, problemSchema);
  const grouped = groupOperations(routes);
  const ids = new OperationIds();
  for (const [path, methods] of grouped) {
    for (const [method, group] of methods) {
      const declared = group.map((facts) => facts.metadata.operationId).find((id) => id !== undefined);
      if (declared !== undefined) ids.declare(declared, `${method} ${path}`);
    }
  }
  const paths: Record<string, PathItemObject> = {};
  for (const [path, methods] of grouped) {
    const item: Record<string, unknown> = {};
    const additional: Record<string, OperationObject> = {};
    const context: PathContext = { table: routes, getValidates: (methods.get('GET') ?? []).some((facts) => facts.validatesGet) };
    const otherMethods = refusesSomeMethod(methods);
    for (const [method, group] of methods) {
      const declared = group.map((facts) => facts.metadata.operationId).find((id) => id !== undefined);
      const id = declared ?? ids.derive(defaultOperationId(method, group[0]!.segments), `${method} ${path}`);
      const described = operation(group, method, id, schemas, context, otherMethods);
      if (PATH_ITEM_METHODS.has(method)) item[method.toLowerCase() as OperationMethod] = described;
      else additional[method] = described;
    }
    if (Object.keys(additional).length > 0) item['x-additional-operations'] = additional;
    paths[path] = item as PathItemObject;
  }
  const tags = [...new Set(routes.flatMap((facts) => facts.metadata.tags ?? []))];
  const schemes = securitySchemes(routes);
  return {
    openapi: '3.1.1',
    info: options.info,
    ...(options.servers !== undefined && { servers: options.servers }),
    paths,
    // Only the components the operations refer to: an unused one is noise to every reader.
    components: {
      schemas: schemas.toObject(),
      responses: problemResponses(referenced(paths, 'responses')),
      headers: only(cachingHeaderComponents, referenced(paths, 'headers')),
      parameters: only(conditionalParameterComponents, referenced(paths, 'parameters')),
      ...(schemes !== undefined && { securitySchemes: schemes }),
    },
    ...(tags.length > 0 && { tags: tags.map((name) => ({ name })) }),
  };
}
