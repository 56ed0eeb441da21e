import type { BodyKind } from '../converters/body-kind';
import type { JsonSchema, MediaTypeObject, RequestBodyObject } from './openapi-types';
import type { RouteFacts } from './route-facts';
import type { SchemaComponents } from './schema-components';

/** What a body of a kind declared by a token (no schema) is, in each media type it is read from. */
const KIND_SCHEMAS: Readonly<Record<BodyKind, JsonSchema>> = {
  string: { type: 'string' },
  // Any bytes: no type, as OpenAPI 3.1 describes binary content (section 4.8.14.4).
  bytes: { contentMediaType: 'application/octet-stream', description: 'Any bytes.' },
  form: { type: 'object', additionalProperties: { type: 'string' }, description: 'Form fields (application/x-www-form-urlencoded).' },
  // `.body(Object)` takes whatever JSON or XML value parses: a merge patch, a JSON Patch array.
  object: {},
  'xml-document': { type: 'string', description: 'An XML document.' },
  feed: { type: 'string', description: 'An Atom or RSS feed.' },
  // RFC 7578: each field a string, each file part binary content (OpenAPI 3.1 section 4.8.14.4).
  multipart: {
    type: 'object',
    additionalProperties: { anyOf: [{ type: 'string' }, { type: 'string', contentMediaType: 'application/octet-stream' }] },
    description: 'Form fields and files (multipart/form-data).',
  },
};

/** The schema of one route's body: its Standard Schema's input JSON Schema, or what its kind reads. */
function bodySchema(facts: RouteFacts, schemas: SchemaComponents): JsonSchema {
  return facts.bodySchema === undefined ? KIND_SCHEMAS[facts.bodyKind] : schemas.fromStandardSchema(facts.bodySchema, 'input');
}

/**
 * The request body of an operation, per media type it is read from (OpenAPI 3.1 section 4.8.13):
 * JSON, XML, forms, ranges such as `application/*+json`, each with the body's schema (XML and form
 * values are coerced to the schema's types before it validates them). Required when a route
 * declares a body; a route that only declares consumes takes an optional one. Several routes of
 * one operation (a PATCH per patch type) give one entry per type.
 */
export function requestBody(routes: readonly RouteFacts[], schemas: SchemaComponents): RequestBodyObject | undefined {
  const content: Record<string, MediaTypeObject> = {};
  let required = true;
  let any = false;
  for (const facts of routes) {
    if (!facts.hasBody && !facts.declaresConsumes) {
      required = false;
      continue;
    }
    any = true;
    if (!facts.hasBody) required = false;
    const schema: JsonSchema = facts.hasBody ? bodySchema(facts, schemas) : {};
    for (const type of facts.consumes) content[type] ??= { schema };
  }
  if (!any || Object.keys(content).length === 0) return undefined;
  return { required, content };
}
