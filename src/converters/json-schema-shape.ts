import type { StandardJSONSchemaV1 } from '@standard-schema/spec';

/** The primitive types of JSON Schema's `type` keyword. */
export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/**
 * The part of a JSON Schema (draft 2020-12, or draft-07 with `definitions`) that says what shape a
 * value has. Unknown keywords are allowed and ignored, so a full schema can be passed as it is.
 */
export interface JsonSchemaObject {
  readonly type?: JsonSchemaType | readonly JsonSchemaType[];
  readonly properties?: Readonly<Record<string, JsonSchemaLike>>;
  readonly additionalProperties?: JsonSchemaLike;
  readonly items?: JsonSchemaLike | readonly JsonSchemaLike[];
  readonly prefixItems?: readonly JsonSchemaLike[];
  readonly anyOf?: readonly JsonSchemaLike[];
  readonly oneOf?: readonly JsonSchemaLike[];
  readonly allOf?: readonly JsonSchemaLike[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly $ref?: string;
  readonly $defs?: Readonly<Record<string, JsonSchemaLike>>;
  readonly definitions?: Readonly<Record<string, JsonSchemaLike>>;
  readonly [keyword: string]: unknown;
}

/** A JSON Schema: an object, or `true`/`false` (anything, nothing). */
export type JsonSchemaLike = JsonSchemaObject | boolean;

const shapes = new WeakMap<object, JsonSchemaLike | null>();

function hasJsonSchema(value: object): value is StandardJSONSchemaV1 {
  const standard = (value as { '~standard'?: { jsonSchema?: { input?: unknown } } })['~standard'];
  return typeof standard === 'object' && standard !== null && typeof standard.jsonSchema?.input === 'function';
}

function looksLikeJsonSchema(value: object): value is JsonSchemaObject {
  return ['type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const'].some((keyword) => keyword in value);
}

/**
 * The shape hint for a route's body schema, worked out once per schema (cached):
 *
 * - a Standard Schema that also implements Standard JSON Schema (`~standard.jsonSchema`, as zod 4.2+,
 *   valibot and arktype do) gives its *input* JSON Schema: coercion happens before validation, so
 *   it must produce what the schema accepts;
 * - a plain JSON Schema object is its own shape (the explicit hint for other schema libraries);
 * - anything else (a schema that cannot describe itself, or whose conversion throws) has none, and
 *   XML values stay as strings for the schema's own coercion, if any, to handle.
 */
export function shapeOf(schema: unknown): JsonSchemaLike | undefined {
  if (typeof schema === 'boolean') return schema;
  if ((typeof schema !== 'object' && typeof schema !== 'function') || schema === null) return undefined;
  const cached = shapes.get(schema);
  if (cached !== undefined) return cached ?? undefined;
  let shape: JsonSchemaLike | null = null;
  if (hasJsonSchema(schema)) {
    try {
      shape = schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' }) as JsonSchemaObject;
    } catch {
      shape = null;
    }
  } else if (looksLikeJsonSchema(schema)) shape = schema;
  shapes.set(schema, shape);
  return shape ?? undefined;
}
