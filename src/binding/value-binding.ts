import { BadRequest } from '../errors/http-error';
import { ProblemType } from '../errors/problem-types';
import { shortened } from '../errors/quoted-input';
import { type ValueType, convertValue, describeType } from './value-type';

/** Where a bound value comes from. */
export type BindingSource = 'query' | 'header' | 'cookie' | 'matrix';

/** Options shared by query, header, cookie and matrix bindings. */
export interface BindingOptions {
  /** Whether the request fails (400) when the value is absent and there is no default. Default `true`, as in Spring. */
  readonly required?: boolean;
  /**
   * Used when the value is absent or empty. Implies `required: false`. Given as text (`'1'`, read as
   * a request's value would be) or in the binding's own type: a number for `integer` and `number`,
   * a boolean for `boolean`.
   */
  readonly defaultValue?: string | number | boolean;
  /** What to convert the text to. Default `'string'`. */
  readonly type?: ValueType;
  /** Bind every value (repeated names, comma lists in matrix variables) as an array. */
  readonly array?: boolean;
  /** Inclusive lower bound for numeric types; a value below it answers 400. */
  readonly min?: number;
  /** Inclusive upper bound for numeric types; a value above it answers 400. */
  readonly max?: number;
  /**
   * The values a string binding may take (an enumeration: `['admin', 'editor']`); any other answers
   * 400 naming them, and the API description lists them (`enum`). The bound value is typed as their union.
   */
  readonly values?: readonly string[];
}

/** A binding compiled when the route is built: resolves the raw values of a request into one value. */
export interface CompiledBinding {
  readonly source: BindingSource;
  readonly name: string;
  /** Where the value goes in the context (the declared name). */
  readonly key: string;
  readonly required: boolean;
  /** The default, converted to `type` when the route was declared. */
  readonly defaultValue: string | number | boolean | undefined;
  readonly type: ValueType;
  readonly array: boolean;
  readonly min: number | undefined;
  readonly max: number | undefined;
  /** The values it may take, when it enumerates them. */
  readonly values: readonly string[] | undefined;
  /** For matrix variables with `pathVar`: the index of that placeholder's path segment, settled when the route is built. */
  readonly segment?: number;
}

const NOUN: Record<BindingSource, string> = {
  query: 'query parameter',
  header: 'request header',
  cookie: 'cookie',
  matrix: 'matrix variable',
};

const MISSING: Record<BindingSource, string> = {
  query: ProblemType.missingQueryParameter,
  header: ProblemType.missingRequestHeader,
  cookie: ProblemType.missingCookie,
  matrix: ProblemType.missingMatrixVariable,
};

const INVALID: Record<BindingSource, string> = {
  query: ProblemType.invalidQueryParameter,
  header: ProblemType.invalidRequestHeader,
  cookie: ProblemType.invalidCookie,
  matrix: ProblemType.invalidMatrixVariable,
};

/** The JavaScript type a default given in a binding's own type must have. */
const OWN_TYPE: Record<ValueType, string> = { string: 'string', integer: 'number', number: 'number', boolean: 'boolean' };

/**
 * A default converted to the binding's type, checked as a request's value would be: a text is
 * converted, a value in the binding's own type must be one (an integer for `integer`) and within
 * `min`..`max`. Throws naming the binding otherwise.
 */
function settleDefault(source: BindingSource, name: string, given: unknown, type: ValueType, min: number | undefined, max: number | undefined): string | number | boolean {
  const converted =
    typeof given === 'string' ? convertValue(given, type) : typeof given === OWN_TYPE[type] ? convertValue(String(given), type) : undefined;
  const shown = typeof given === 'string' ? `'${given}'` : String(given);
  if (converted === undefined) throw new Error(`The default value ${shown} of ${NOUN[source]} '${name}' is not ${describeType(type)}`);
  // A default the range refuses would answer 400 to every request that leaves the value out.
  if (typeof converted === 'number' && ((min !== undefined && converted < min) || (max !== undefined && converted > max))) {
    throw new Error(`The default value ${shown} of ${NOUN[source]} '${name}' is outside ${min ?? '-∞'}..${max ?? '∞'}`);
  }
  return converted;
}

/**
 * Validates options and settles defaults, once, when the route is declared. `segment`: for a matrix
 * variable with `pathVar`, the index of that placeholder's path segment.
 */
export function compileBinding(
  source: BindingSource,
  name: string,
  options: BindingOptions = {},
  segment?: number,
): CompiledBinding {
  if (typeof name !== 'string' || name === '') throw new Error(`A ${NOUN[source]} binding needs a name`);
  // ctx.query.__proto__ and its kin would be the bag's prototype, not the value.
  if (name === '__proto__') throw new Error(`A ${NOUN[source]} binding cannot be named '__proto__': it would set the prototype of ctx's bag`);
  const type = options.type ?? 'string';
  if (!['string', 'integer', 'number', 'boolean'].includes(type)) throw new Error(`Unknown type '${String(type)}' for ${NOUN[source]} '${name}'`);
  const { min, max } = options;
  if (min !== undefined && max !== undefined && min > max) throw new Error(`The range of ${NOUN[source]} '${name}' is empty: min ${min} is above max ${max}`);
  const values = options.values === undefined ? undefined : Object.freeze([...options.values]);
  if (values !== undefined) {
    if (type !== 'string') throw new Error(`Only a string ${NOUN[source]} enumerates its values ('${name}' is ${type})`);
    if (values.length === 0) throw new Error(`The values of ${NOUN[source]} '${name}' are empty: no request could give one`);
  }
  const defaultValue = options.defaultValue === undefined ? undefined : settleDefault(source, name, options.defaultValue, type, min, max);
  if (values !== undefined && defaultValue !== undefined && !values.includes(String(defaultValue))) {
    throw new Error(`The default value '${String(defaultValue)}' of ${NOUN[source]} '${name}' is not one of its values (${values.join(', ')})`);
  }
  const binding: CompiledBinding = {
    source,
    name: source === 'header' ? name.toLowerCase() : name,
    key: name,
    required: defaultValue === undefined && options.required !== false,
    defaultValue,
    type,
    array: options.array === true,
    min: options.min,
    max: options.max,
    values,
  };
  return segment === undefined ? binding : { ...binding, segment };
}

/** The field a binding's problem names it in: `header`, `cookie`, or `parameter` (query and matrix). */
const FIELD: Record<BindingSource, string> = { query: 'parameter', header: 'header', cookie: 'cookie', matrix: 'parameter' };

/**
 * A query parameter, request header, cookie or matrix variable that is missing or does not convert: a 400
 * whose problem names it. The binder gathers those of one request into one problem
 * ({@link bindingProblem}).
 */
export class InvalidBinding extends BadRequest {
  constructor(
    readonly binding: CompiledBinding,
    detail: string,
    type: string,
    extensions: Readonly<Record<string, unknown>> = {},
  ) {
    super(detail, { type, extensions: { [FIELD[binding.source]]: binding.key, ...extensions } });
  }
}

function label(binding: CompiledBinding): string {
  const noun = NOUN[binding.source];
  return `${noun[0]!.toUpperCase()}${noun.slice(1)} '${binding.key}'`;
}

function convertOne(binding: CompiledBinding, text: string): string | number | boolean {
  const value = convertValue(text, binding.type);
  if (value === undefined) {
    throw new InvalidBinding(binding, `${label(binding)} must be ${describeType(binding.type)}, got '${shortened(text)}'`, INVALID[binding.source], { expected: binding.type });
  }
  if (typeof value === 'number' && ((binding.min !== undefined && value < binding.min) || (binding.max !== undefined && value > binding.max))) {
    const range = `${binding.min ?? '-∞'}..${binding.max ?? '∞'}`;
    throw new InvalidBinding(binding, `${label(binding)} must be in ${range}, got ${value}`, INVALID[binding.source], { expected: binding.type });
  }
  if (binding.values !== undefined && !binding.values.includes(text)) {
    throw new InvalidBinding(binding, `${label(binding)} must be one of ${binding.values.join(', ')}, got '${shortened(text)}'`, INVALID[binding.source], { expected: binding.values });
  }
  return value;
}

/**
 * Resolves the raw values the request has for a binding (`undefined` when absent). Empty values
 * count as absent for the default and, except for strings, for `required`.
 */
export function resolveBinding(binding: CompiledBinding, values: readonly string[] | undefined): unknown {
  const present = values !== undefined && values.length > 0 && !(values.length === 1 && values[0] === '');
  if (!present) {
    if (binding.defaultValue !== undefined) return binding.array ? [binding.defaultValue] : binding.defaultValue;
    if (values !== undefined && binding.type === 'string' && binding.source !== 'matrix') return binding.array ? [''] : '';
    if (binding.required) {
      throw new InvalidBinding(binding, `Required ${NOUN[binding.source]} '${binding.key}' is missing`, MISSING[binding.source]);
    }
    return undefined;
  }
  if (binding.array) return values.map((v) => convertOne(binding, v));
  // A scalar binding of several values: strings join them as sent; other types take the first.
  if (binding.values !== undefined) return convertOne(binding, values.join(','));
  return binding.type === 'string' ? values.join(',') : convertOne(binding, values[0]!);
}

/**
 * The values of a comma-separated list, each trimmed: `a, b` gives `a` and `b`. An `array: true`
 * query parameter or header takes both forms, repeated names and one comma-separated value
 * (RFC 9110 section 5.3 combines repeated header lines the same way).
 */
export function splitList(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(',').map((piece) => piece.trim()));
}

/** One failing binding in a problem's `errors`: where it comes from, its declared name, and what is wrong. */
export interface BindingError {
  readonly in: BindingSource;
  readonly parameter: string;
  readonly detail: string;
}

/**
 * The one problem for every binding of a request that failed, listed as `errors: [{ in, parameter,
 * detail }]` as an invalid body lists its members (RFC 9457 section 3): one failure keeps its own
 * type and fields, several are `invalid-parameters` with each detail in the summary.
 */
export function bindingProblem(failures: readonly InvalidBinding[]): BadRequest {
  const errors: BindingError[] = failures.map((failure) => ({ in: failure.binding.source, parameter: failure.binding.key, detail: failure.detail }));
  if (failures.length === 1) {
    const [only] = failures;
    return new BadRequest(only!.detail, { type: only!.type, extensions: { ...only!.extensions, errors }, cause: only });
  }
  return new BadRequest(`${failures.length} request parameters are missing or invalid: ${errors.map((e) => e.detail).join('; ')}`, {
    type: ProblemType.invalidParameters,
    extensions: { errors },
  });
}
