import type { JsonSchemaLike, JsonSchemaObject, JsonSchemaType } from './json-schema-shape';
import { isForbiddenKey } from './prototype-safety';

/**
 * Where a value sat in the XML: as the content of a named property (`<books>` repeated once per
 * item, so one item arrives as a single value), or as a wrapper whose children are the items (the
 * root element, and an item that is itself an array: `<root><item>…</item></root>`).
 */
type Position = 'property' | 'wrapped';

const NUMBER = /^\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/**
 * Gives a value read from a text-only format (XML, CSV) the types a JSON Schema shape says it has,
 * so that it equals what the same data sent as JSON reads as:
 *
 * - a single element where the shape wants an array becomes a one-item array, an absent array
 *   property an empty array (XML writes `[]` as no element at all), and a wrapper element
 *   (the root, or an array inside an array) the list of its children;
 * - strings become numbers (`number`, `integer`) and booleans (`true`/`false`/`1`/`0`, the lexical
 *   space of XML Schema's boolean) where the shape wants them, and `''` becomes `{}` for an object;
 * - `anyOf`/`oneOf` take the first branch (in order) the value fits once coerced, so `2` is a
 *   number for `number | string` and a string for `string | number`; `allOf` applies every branch; `$ref`s
 *   into `$defs`/`definitions` (and `#`) are followed.
 *
 * Nothing is validated or dropped: a string that is not a number stays a string, for the schema's
 * validation to report. Values that already have the right type are returned unchanged.
 */
export function coerceToShape(value: unknown, shape: JsonSchemaLike): unknown {
  return new Coercion(shape).coerce(value, shape, 'wrapped');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Coercion {
  constructor(private readonly root: JsonSchemaLike) {}

  coerce(value: unknown, schema: JsonSchemaLike, position: Position): unknown {
    const resolved = this.resolve(schema);
    if (typeof resolved === 'boolean' || value === null) return value;
    let result: unknown = value;
    for (const part of resolved.allOf ?? []) result = this.coerce(result, part, position);
    const union = resolved.anyOf ?? resolved.oneOf;
    if (union !== undefined) result = this.coerceUnion(result, union, position);
    const types = this.typesOf(resolved);
    return types.length === 0 ? result : this.coerceTo(result, types, resolved, position);
  }

  private coerceTo(value: unknown, types: readonly JsonSchemaType[], schema: JsonSchemaObject, position: Position): unknown {
    if (value === null) return value;
    const keepsString = typeof value === 'string' && types.includes('string');
    const keepsObject = isPlainObject(value) && types.includes('object');
    if (types.includes('array') && (Array.isArray(value) || (!keepsString && !keepsObject))) {
      const items = Array.isArray(value) ? value : position === 'wrapped' ? unwrap(value) : [value];
      return items.map((item, index) => {
        const itemSchema = schema.prefixItems?.[index] ?? (Array.isArray(schema.items) ? schema.items[index] : schema.items);
        return itemSchema === undefined ? item : this.coerce(item, itemSchema as JsonSchemaLike, 'wrapped');
      });
    }
    if (types.includes('object')) {
      if (isPlainObject(value)) return this.coerceObject(value, schema);
      if (value === '') return this.coerceObject({}, schema);
    }
    if (typeof value === 'string') return coerceString(value, types, schema);
    return value;
  }

  private coerceObject(value: Record<string, unknown>, schema: JsonSchemaObject): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const properties = schema.properties ?? {};
    const additional = schema.additionalProperties;
    for (const key of Object.keys(value)) {
      if (isForbiddenKey(key)) continue;
      const propertySchema = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : additional;
      result[key] = propertySchema === undefined ? value[key] : this.coerce(value[key], propertySchema, 'property');
    }
    for (const key of Object.keys(properties)) {
      if (key in result || isForbiddenKey(key)) continue;
      const propertySchema = this.resolve(properties[key]!);
      // An empty list is written as no element at all; read back, absent means empty.
      if (typeof propertySchema !== 'boolean' && this.isOnlyArray(propertySchema)) result[key] = [];
    }
    return result;
  }

  /**
   * The first branch, in the schema's order, that the value fits once coerced to it. XML text
   * cannot say whether `2` is a number or a string; the schema's order of branches decides.
   */
  private coerceUnion(value: unknown, branches: readonly JsonSchemaLike[], position: Position): unknown {
    for (const branch of branches) {
      const coerced = this.coerce(value, branch, position);
      if (this.fits(coerced, branch)) return coerced;
    }
    return value;
  }

  /** Whether a value has a type the schema allows, and matches its `const`/`enum` discriminators. */
  private fits(value: unknown, schema: JsonSchemaLike): boolean {
    const resolved = this.resolve(schema);
    if (typeof resolved === 'boolean') return resolved;
    if (resolved.const !== undefined && value !== resolved.const) return false;
    if (resolved.enum !== undefined && !resolved.enum.includes(value)) return false;
    const types = this.typesOf(resolved);
    if (types.length > 0 && !types.some((type) => hasType(value, type))) return false;
    if (isPlainObject(value) && resolved.properties !== undefined) {
      for (const [key, property] of Object.entries(resolved.properties)) {
        const discriminator = this.resolve(property);
        if (typeof discriminator === 'boolean' || !(key in value)) continue;
        const allowed = discriminator.const !== undefined ? [discriminator.const] : discriminator.enum;
        if (allowed !== undefined && !allowed.some((one) => String(one) === String(value[key]))) return false;
      }
    }
    return true;
  }

  private isOnlyArray(schema: JsonSchemaObject): boolean {
    const types = this.typesOf(schema);
    return types.length > 0 && types.every((type) => type === 'array' || type === 'null') && types.includes('array');
  }

  private typesOf(schema: JsonSchemaObject): readonly JsonSchemaType[] {
    if (schema.type !== undefined) return typeof schema.type === 'string' ? [schema.type] : schema.type;
    if (schema.properties !== undefined || schema.additionalProperties !== undefined) return ['object'];
    if (schema.items !== undefined || schema.prefixItems !== undefined) return ['array'];
    const values = schema.const !== undefined ? [schema.const] : (schema.enum ?? []);
    return [...new Set(values.map(jsonTypeOf))];
  }

  private resolve(schema: JsonSchemaLike): JsonSchemaLike {
    let current = schema;
    for (let hops = 0; typeof current !== 'boolean' && current.$ref !== undefined && hops < 32; hops++) {
      const target = this.lookup(current.$ref);
      if (target === undefined) return true;
      current = target;
    }
    return current;
  }

  private lookup(ref: string): JsonSchemaLike | undefined {
    if (ref === '#') return this.root;
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = this.root;
    for (const segment of ref.slice(2).split('/')) {
      const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
      if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
      node = (node as Record<string, unknown>)[key];
    }
    return typeof node === 'boolean' || (typeof node === 'object' && node !== null) ? (node as JsonSchemaLike) : undefined;
  }
}

function unwrap(value: unknown): unknown[] {
  if (value === '' || value === undefined) return [];
  if (!isPlainObject(value)) return [value];
  return Object.values(value).flatMap((children) => (Array.isArray(children) ? children : [children]));
}

/**
 * A string as the first of the types (in the schema's order, which zod keeps for unions) it reads
 * as: itself for `string`, a number for `number`/`integer` when it is one, a boolean for `boolean`
 * when it is `true`/`false`/`1`/`0`, `null` for `null` when empty. `const`/`enum` values match by text.
 */
function coerceString(value: string, types: readonly JsonSchemaType[], schema: JsonSchemaObject): unknown {
  const allowed = schema.const !== undefined ? [schema.const] : schema.enum;
  const listed = allowed?.find((one) => one !== null && typeof one !== 'object' && String(one) === value);
  if (listed !== undefined) return listed;
  for (const type of types) {
    if (type === 'string') return value;
    if ((type === 'number' || type === 'integer') && NUMBER.test(value)) return Number(value);
    if (type === 'boolean') {
      const trimmed = value.trim();
      if (trimmed === 'true' || trimmed === '1') return true;
      if (trimmed === 'false' || trimmed === '0') return false;
    }
    if (type === 'null' && value === '') return null;
  }
  return value;
}

function hasType(value: unknown, type: JsonSchemaType): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

function jsonTypeOf(value: unknown): JsonSchemaType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'number' || type === 'boolean' || type === 'string' ? type : 'object';
}
