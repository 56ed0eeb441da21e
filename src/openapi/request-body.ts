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

/** A JSON Pointer (RFC 6901 section 3), in a pattern every engine reads alike. */
const JSON_POINTER: JsonSchema = { type: 'string', pattern: '^(/([^~/]|~[01])*)*$', description: 'A JSON Pointer (RFC 6901).' };

/** The name of the JSON Patch schema in `components.schemas`. */
export const JSON_PATCH_SCHEMA = 'JsonPatch';

/** RFC 6902 section 4: a JSON Patch document is an array of operations, each with its members. */
export const jsonPatchSchema: JsonSchema = {
  type: 'array',
  description: 'A JSON Patch document (RFC 6902 section 3): operations applied in order, all or none.',
  items: {
    oneOf: [
      { type: 'object', required: ['op', 'path', 'value'], properties: { op: { enum: ['add', 'replace', 'test'] }, path: JSON_POINTER, value: {} } },
      { type: 'object', required: ['op', 'path'], properties: { op: { const: 'remove' }, path: JSON_POINTER } },
      { type: 'object', required: ['op', 'path', 'from'], properties: { op: { enum: ['move', 'copy'] }, path: JSON_POINTER, from: JSON_POINTER } },
    ],
  },
};

/** RFC 7396 section 2: a merge patch is any JSON value; an object merges member by member, `null` removes, anything else replaces. */
const MERGE_PATCH: JsonSchema = {
  description: 'A JSON Merge Patch (RFC 7396): an object whose members replace the target\'s (`null` removes one); any other value replaces the whole target.',
};

/**
 * What a body of a kind declared by a token (no schema) is in one media type: the patch formats'
 * own documents for `.body(Object)` (what their RFCs define), the type itself for bytes.
 */
function kindSchema(kind: BodyKind, type: string, schemas: SchemaComponents): JsonSchema {
  if (kind === 'object' && type === 'application/json-patch+json') {
    schemas.add(JSON_PATCH_SCHEMA, jsonPatchSchema);
    return { $ref: `#/components/schemas/${JSON_PATCH_SCHEMA}` };
  }
  if (kind === 'object' && type === 'application/merge-patch+json') return MERGE_PATCH;
  if (kind === 'bytes' && !type.includes('*')) return { contentMediaType: type, description: `The bytes of the ${type} representation.` };
  return KIND_SCHEMAS[kind];
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
    for (const type of facts.consumes) {
      const schema: JsonSchema = !facts.hasBody ? {} : facts.bodySchema === undefined ? kindSchema(facts.bodyKind, type, schemas) : schemas.fromStandardSchema(facts.bodySchema, 'input');
      content[type] ??= { schema };
    }
  }
  if (!any || Object.keys(content).length === 0) return undefined;
  return { required, content };
}
