import type { CompiledBinding } from '../binding/value-binding';
import type { NameValueExpression } from '../conditions/name-value-expression';
import type { JsonSchema, ParameterObject } from './openapi-types';
import { excludedValues } from './literal-siblings';
import type { RouteFacts } from './route-facts';

type Location = ParameterObject['in'];
type SchemaRecord = Record<string, unknown>;

/** The schema of one value of a binding: its type, bounds and default. */
function scalarSchema(binding: CompiledBinding): SchemaRecord {
  return {
    type: binding.type,
    ...(binding.values !== undefined && { enum: binding.values }),
    ...(binding.min !== undefined && { minimum: binding.min }),
    ...(binding.max !== undefined && { maximum: binding.max }),
  };
}

const BOOLEAN_TEXTS = ' (`true`, `1`, `yes`, `on` or `false`, `0`, `no`, `off`)';

function bindingParameter(binding: CompiledBinding): ParameterObject {
  const scalar = scalarSchema(binding);
  const defaultValue = binding.defaultValue === undefined ? {} : { default: binding.array ? [binding.defaultValue] : binding.defaultValue };
  const schema = binding.array ? { type: 'array', items: scalar, ...defaultValue } : { ...scalar, ...defaultValue };
  const booleans = binding.type === 'boolean' ? BOOLEAN_TEXTS : '';
  if (binding.source === 'matrix') {
    return {
      name: binding.key,
      in: 'path',
      // OpenAPI makes every path parameter required; an absent matrix variable is sent as `;name`.
      required: true,
      style: 'matrix',
      explode: false,
      description: `A matrix variable (RFC 3986 section 3.3) of ${binding.segment === undefined ? 'any path segment' : 'the segment before it'}${binding.required ? ', required' : ', optional: empty (`;' + binding.key + '`) when absent'}${booleans}.`,
      schema,
    };
  }
  return {
    name: binding.key,
    in: binding.source,
    required: binding.required,
    ...(binding.array && binding.source === 'query' && { style: 'form', explode: true }),
    // One cookie holds the list, comma-separated (`tags=a,b`): a client cannot repeat a cookie's name.
    ...(binding.array && binding.source === 'cookie' && { style: 'form', explode: false }),
    ...(booleans !== '' && { description: `A boolean${booleans}.` }),
    schema,
  };
}

/** What a params or headers condition says of its name's values, as a schema. */
function conditionSchema(expression: NameValueExpression): SchemaRecord {
  if (expression.value === undefined) return {};
  return expression.negated ? { not: { const: expression.value } } : { const: expression.value };
}

function conditionText(expression: NameValueExpression, location: Location): string {
  const where = location === 'query' ? 'query parameter' : 'header';
  if (expression.value === undefined) return expression.negated ? `the route answers only requests without this ${where}` : `the route answers only requests with this ${where}`;
  return expression.negated ? `the route answers only when it is not \`${expression.value}\`` : `the route answers only when it is \`${expression.value}\``;
}

/**
 * A params or headers condition as a parameter. A condition is no plain parameter: the route
 * exists only for requests that meet it (another route may answer the others), so the parameter
 * says so in its description and lists the conditions in `x-condition`.
 */
function withCondition(parameter: ParameterObject | undefined, expression: NameValueExpression, location: Location): ParameterObject {
  const base: ParameterObject = parameter ?? { name: expression.name, in: location, required: false, schema: { type: 'string' } };
  const conditions = [...((base['x-condition'] as string[] | undefined) ?? []), expression.text];
  const mustBePresent = !expression.negated;
  return {
    ...base,
    required: base.required === true || mustBePresent,
    description: [base.description, `Condition \`${expression.text}\`: ${conditionText(expression, location)}.`].filter(Boolean).join(' '),
    schema: { ...(base.schema as SchemaRecord), ...conditionSchema(expression) },
    'x-condition': conditions,
  };
}

function keyOf(location: Location, name: string): string {
  // Header names are case-insensitive (RFC 9110 section 5.1): one parameter per name.
  return `${location}:${location === 'header' ? name.toLowerCase() : name}`;
}

/**
 * The path, query, header and cookie parameters of one route, by `in:name`; `table`, every route
 * of the document, gives the literals its placeholders never take.
 */
export function routeParameters(facts: RouteFacts, table: readonly RouteFacts[] = [facts]): Map<string, ParameterObject> {
  const parameters = new Map<string, ParameterObject>();
  const excluded = excludedValues(facts, table);
  for (const [index, segment] of facts.segments.entries()) {
    if (segment.kind === 'literal') continue;
    const catchAll = segment.kind === 'catch-all';
    const literals = excluded.get(index);
    parameters.set(keyOf('path', segment.name), {
      name: segment.name,
      in: 'path',
      required: true,
      ...(catchAll && { description: 'The rest of the path, `/` included (a catch-all placeholder).', 'x-catch-all': true }),
      schema: {
        type: 'string',
        ...(segment.kind === 'placeholder' && segment.source !== undefined && { pattern: `^(?:${segment.source})$` }),
        // The literal sub-resources beside it are theirs, never its values (route-index.ts).
        ...(literals !== undefined && { not: { enum: literals } }),
      },
    });
  }
  for (const binding of facts.bindings) parameters.set(keyOf(binding.source === 'matrix' ? 'path' : binding.source, binding.key), bindingParameter(binding));
  const conditions: [Location, readonly NameValueExpression[]][] = [
    ['query', facts.params],
    ['header', facts.headers],
  ];
  for (const [location, expressions] of conditions) {
    for (const expression of expressions) {
      const key = keyOf(location, expression.name);
      parameters.set(key, withCondition(parameters.get(key), expression, location));
    }
  }
  return parameters;
}

/** One schema for the schemas several routes give a parameter: the same one, an enum of constants, or any of them. */
function mergeSchemas(schemas: readonly JsonSchema[]): JsonSchema {
  const distinct = [...new Map(schemas.map((schema) => [JSON.stringify(schema), schema])).values()];
  if (distinct.length === 1) return distinct[0]!;
  const constants = distinct.map((schema) => (typeof schema === 'object' ? schema.const : undefined));
  if (constants.every((value) => typeof value === 'string')) return { type: 'string', enum: constants };
  return { anyOf: distinct };
}

/**
 * The schema of a parameter some routes of an operation do not take: those routes answer any value
 * (or none), so a condition's constant is only an example of the values that choose a variant.
 */
function widened(present: readonly ParameterObject[]): JsonSchema {
  const examples: unknown[] = [];
  let base: SchemaRecord = {};
  for (const parameter of present) {
    const { const: constant, not: _not, ...rest } = (typeof parameter.schema === 'object' ? parameter.schema : {}) as SchemaRecord;
    if (constant !== undefined) examples.push(constant);
    if (Object.keys(base).length === 0) base = rest;
  }
  return { ...base, ...(examples.length > 0 && { examples }) };
}

/**
 * The parameters of an operation that several routes answer (one per params or headers variant):
 * each parameter any of them takes, required only when every route requires it.
 */
export function operationParameters(routes: readonly RouteFacts[], table: readonly RouteFacts[] = routes): ParameterObject[] {
  const perRoute = routes.map((facts) => routeParameters(facts, table));
  const keys = [...new Set(perRoute.flatMap((parameters) => [...parameters.keys()]))];
  return keys.map((key) => {
    const given = perRoute.map((parameters) => parameters.get(key));
    const present = given.filter((parameter) => parameter !== undefined);
    if (present.length === 1 && given.length === 1) return present[0]!;
    const first = present[0]!;
    const conditions = [...new Set(present.flatMap((parameter) => (parameter['x-condition'] as string[] | undefined) ?? []))];
    const descriptions = [...new Set(present.map((parameter) => parameter.description).filter((text) => text !== undefined))];
    if (present.length < given.length && conditions.length > 0) {
      // Not every route takes it: its value chooses among them, and without it another answers.
      descriptions.splice(0, descriptions.length, `Chooses the route (see the list above): ${conditions.map((text) => `\`${text}\``).join(', ')}; another route answers requests that meet none.`);
    }
    return {
      ...first,
      required: first.in === 'path' || given.every((parameter) => parameter?.required === true),
      ...(descriptions.length > 0 && { description: descriptions.join(' ') }),
      schema: present.length < given.length ? widened(present) : mergeSchemas(present.map((parameter) => parameter.schema ?? {})),
      ...(conditions.length > 0 && { 'x-condition': conditions }),
    };
  });
}
