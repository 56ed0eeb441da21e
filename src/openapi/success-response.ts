import { successHeaders } from './caching-headers';
import type { JsonSchema, MediaTypeObject, ResponseObject } from './openapi-types';
import type { RouteFacts } from './route-facts';
import type { SchemaComponents } from './schema-components';

/**
 * The successful answers of an operation, by status. A route with `.returns(schema)` gives its
 * status (200 by default) with the schema's output JSON Schema in each type it produces. Without
 * it the handler's answer is unknown until it runs: `2XX`, in each type the route produces, of
 * any shape. Both carry the caching headers the route's policy and validators give.
 */
export function successResponses(routes: readonly RouteFacts[], method: string, schemas: SchemaComponents): Record<string, ResponseObject> {
  const headers = successHeaders(routes, method);
  const withHeaders = Object.keys(headers).length > 0 ? { headers } : {};
  const responses: Record<string, ResponseObject> = {};
  for (const facts of routes) {
    const status = facts.returns === undefined ? '2XX' : String(facts.returns.status ?? 200);
    const schema: JsonSchema = facts.returns === undefined ? {} : schemas.fromStandardSchema(facts.returns.schema, 'output');
    const types = facts.declaresProduces || facts.returns !== undefined ? facts.produces : [];
    const existing = responses[status];
    const content: Record<string, MediaTypeObject> = { ...existing?.content };
    for (const type of types) content[type] ??= { schema };
    const description = facts.returns?.description ?? existing?.description ?? (facts.returns === undefined ? 'The handler\'s answer.' : 'OK');
    responses[status] = { description, ...withHeaders, ...(Object.keys(content).length > 0 && { content }) };
  }
  return responses;
}
