import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchema } from './openapi-types';

type SchemaRecord = Record<string, unknown>;

function describesItself(schema: StandardSchemaV1): schema is StandardSchemaV1 & StandardJSONSchemaV1 {
  const jsonSchema = (schema['~standard'] as { jsonSchema?: { input?: unknown; output?: unknown } }).jsonSchema;
  return typeof jsonSchema?.input === 'function' && typeof jsonSchema.output === 'function';
}

function componentName(ref: string): string {
  return ref.slice('#/components/schemas/'.length);
}

/** Replaces every `$ref` that `rename` knows, at any depth. */
function rewriteRefs(value: unknown, rename: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rename));
  if (typeof value !== 'object' || value === null) return value;
  const result: SchemaRecord = {};
  for (const [key, member] of Object.entries(value)) {
    result[key] = key === '$ref' && typeof member === 'string' ? (rename.get(member) ?? member) : rewriteRefs(member, rename);
  }
  return result;
}

/**
 * The schemas of a document's bodies, converted from Standard Schemas by the schema library itself
 * (the Standard JSON Schema interface: zod 4 has it, valibot through `toStandardJsonSchema` of
 * `@valibot/to-json-schema`, arktype), and the definitions they share.
 *
 * A converted schema's `$defs` (named or recursive parts) move to `components.schemas`, its
 * `#/$defs/...` references rewritten to point there: inside an OpenAPI document, a schema's
 * `#` is the document's root (OpenAPI 3.1 section 4.8.24.2), so `#/$defs/Node` would point nowhere.
 */
export class SchemaComponents {
  private readonly schemas = new Map<string, JsonSchema>();
  /** The definition each name was given for, as converted (before references were rewritten). */
  private readonly sources = new Map<string, string>();
  private readonly converted = new Map<StandardSchemaV1, Map<'input' | 'output', JsonSchema>>();

  /**
   * The JSON Schema of what `schema` accepts (`input`, for request bodies) or gives (`output`, for
   * responses). A schema that cannot describe itself answers any value, and says so.
   */
  fromStandardSchema(schema: StandardSchemaV1, io: 'input' | 'output'): JsonSchema {
    const known = this.converted.get(schema)?.get(io);
    if (known !== undefined) return known;
    const result = this.convert(schema, io);
    const byIo = this.converted.get(schema) ?? new Map<'input' | 'output', JsonSchema>();
    byIo.set(io, result);
    this.converted.set(schema, byIo);
    return result;
  }

  private convert(schema: StandardSchemaV1, io: 'input' | 'output'): JsonSchema {
    const vendor = schema['~standard'].vendor;
    if (!describesItself(schema)) {
      return { description: `A ${vendor} schema that offers no JSON Schema (the Standard JSON Schema interface); valibot's is added by toStandardJsonSchema() of @valibot/to-json-schema.` };
    }
    let converted: unknown;
    try {
      converted = schema['~standard'].jsonSchema[io]({ target: 'draft-2020-12' });
    } catch (error) {
      // A schema the library cannot express (a transform's output, say) is described as any value.
      return { description: `The ${vendor} schema could not be converted to JSON Schema: ${(error as Error).message}` };
    }
    const { $schema: _dialect, $defs, ...rest } = converted as SchemaRecord;
    const definitions = Object.entries(($defs ?? {}) as Record<string, unknown>);
    const rename = new Map<string, string>();
    for (const [name, definition] of definitions) rename.set(`#/$defs/${name}`, `#/components/schemas/${this.nameFor(name, definition)}`);
    // zod writes a recursive schema's reference to itself as `#`: the schema becomes a component.
    const recursive = JSON.stringify(rest).includes('"$ref":"#"');
    const own = recursive ? this.nameFor(`${vendor}Schema`, rest) : undefined;
    if (own !== undefined) rename.set('#', `#/components/schemas/${own}`);
    for (const [name, definition] of definitions) this.schemas.set(componentName(rename.get(`#/$defs/${name}`)!), rewriteRefs(definition, rename) as JsonSchema);
    const body = rewriteRefs(rest, rename) as JsonSchema;
    if (own === undefined) return body;
    this.schemas.set(own, body);
    return { $ref: `#/components/schemas/${own}` };
  }

  /**
   * The component name of a definition: the library's own name (`Node`), unless another definition
   * holds it (then `Node2`, ...). The same definition met again (a shared part of two bodies) keeps its name.
   */
  private nameFor(wanted: string, definition: unknown): string {
    const base = wanted.replace(/[^A-Za-z0-9._-]/g, '_') || 'Schema';
    const text = JSON.stringify(definition);
    let name = base;
    for (let n = 2; this.schemas.has(name); n++) {
      if (this.sources.get(name) === text) return name;
      name = `${base}${n}`;
    }
    // Reserved now, so that two definitions of one conversion get two names.
    this.schemas.set(name, true);
    this.sources.set(name, text);
    return name;
  }

  /** Adds a named schema of the library's own (the problem document). */
  add(name: string, schema: JsonSchema): void {
    this.schemas.set(name, schema);
  }

  /** The `components.schemas` of the document. */
  toObject(): Record<string, JsonSchema> {
    return Object.fromEntries(this.schemas);
  }
}
