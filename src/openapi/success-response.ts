import type { StandardSchemaV1 } from '@standard-schema/spec';
import { isStreamSchema } from '../streams/stream-schema';
import { successHeaders } from './caching-headers';
import type { JsonSchema, MediaTypeObject, ResponseObject } from './openapi-types';
import type { RouteFacts } from './route-facts';
import type { SchemaComponents } from './schema-components';

/**
 * The status of a success the route does not declare: a GET or HEAD answers a representation, 200
 * (RFC 9110 section 15.3.1); other methods may create (201), accept (202) or answer nothing (204).
 * Reference pages show an answer under no listed status as undocumented, a range included.
 */
function unknownSuccess(method: string): string {
  return method === 'GET' || method === 'HEAD' ? '200' : '2XX';
}

/**
 * The JSON Schema of a declared answer: the schema's output, or for a stream of items
 * (`streamOf(item)`) the sequence as an array of the item's, as OpenAPI 3.2 models the `schema` of
 * a sequential media type (NDJSON, JSON Lines, `text/event-stream`), which 3.1 reads the same way.
 */
function returnedSchema(schema: StandardSchemaV1, schemas: SchemaComponents): JsonSchema {
  if (isStreamSchema(schema)) return { type: 'array', items: schemas.fromStandardSchema(schema.items, 'output') };
  return schemas.fromStandardSchema(schema, 'output');
}

/**
 * The successful answers of an operation, by status. A route with `.returns(schema)` gives its
 * status (200 by default) with the schema's output JSON Schema in each type it produces. Without
 * it the handler's answer is unknown until it runs: of any shape, in each type the route produces,
 * as 200 for GET and HEAD and `2XX` for other methods ({@link unknownSuccess}). Both carry the caching headers the route's policy and validators give.
 */
export function successResponses(routes: readonly RouteFacts[], method: string, schemas: SchemaComponents): Record<string, ResponseObject> {
  const headers = successHeaders(routes, method);
  const withHeaders = Object.keys(headers).length > 0 ? { headers } : {};
  const responses: Record<string, ResponseObject> = {};
  for (const facts of routes) {
    const status = facts.returns === undefined ? unknownSuccess(method) : String(facts.returns.status ?? 200);
    const schema: JsonSchema = facts.returns === undefined ? {} : returnedSchema(facts.returns.schema, schemas);
    const types = facts.declaresProduces || facts.returns !== undefined ? facts.produces : [];
    const existing = responses[status];
    const content: Record<string, MediaTypeObject> = { ...existing?.content };
    for (const type of types) content[type] ??= { schema };
    const description = facts.returns?.description ?? existing?.description ?? (facts.returns === undefined ? 'The handler\'s answer.' : 'OK');
    responses[status] = { description, ...withHeaders, ...(Object.keys(content).length > 0 && { content }) };
  }
  return responses;
}
