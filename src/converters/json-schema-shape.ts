import type { StandardJSONSchemaV1 } from '@standard-schema/spec';

/** The primitive types of JSON Schema's `type` keyword. */
export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/**
 * The part of a JSON Schema (draft 2020-12, or draft-07 with `definitions`) that says what shape a
 * value has. Unknown keywords are allowed and ignored, so a full schema can be passed as it is.
 */
export interface JsonSchemaObject {
  /** The type or types a value may have. */
  readonly type?: JsonSchemaType | readonly JsonSchemaType[];
  /** The schema of each named member of an object. */
  readonly properties?: Readonly<Record<string, JsonSchemaLike>>;
  /** The schema of the members `properties` does not name. */
  readonly additionalProperties?: JsonSchemaLike;
  /** The schema of every array item (or, draft-07, of each item by position). */
  readonly items?: JsonSchemaLike | readonly JsonSchemaLike[];
  /** The schemas of the first items by position (draft 2020-12). */
  readonly prefixItems?: readonly JsonSchemaLike[];
  /** The value matches at least one of these. */
  readonly anyOf?: readonly JsonSchemaLike[];
  /** The value matches exactly one of these. */
  readonly oneOf?: readonly JsonSchemaLike[];
  /** The value matches all of these. */
  readonly allOf?: readonly JsonSchemaLike[];
  /** The values allowed. */
  readonly enum?: readonly unknown[];
  /** The one value allowed. */
  readonly const?: unknown;
  /** A reference to a schema in `$defs` or `definitions` (`#/$defs/Name`). */
  readonly $ref?: string;
  /** Schemas `$ref` points to (draft 2020-12). */
  readonly $defs?: Readonly<Record<string, JsonSchemaLike>>;
  /** Schemas `$ref` points to (draft-07). */
  readonly definitions?: Readonly<Record<string, JsonSchemaLike>>;
  /** Any other keyword, ignored. */
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
