import type { BindingOptions } from '../binding/value-binding';
import type { ValueOfType, ValueType } from '../binding/value-type';
import type { PlaceholderNames } from './path-params';

/**
 * The scalar type an options object converts to: its `type`'s, `string` without one, and every
 * type it could be when `type` is not a literal (options typed as {@link QueryOptions}, say).
 */
type ScalarOf<O> = O extends { readonly values: readonly (infer V extends string)[] }
  ? V
  : 'type' extends keyof O
    ? ScalarOfType<O['type' & keyof O]>
    : string;
type ScalarOfType<T> = T extends ValueType ? ValueOfType<T> : string;

/** `array` as declared: `false` when absent, `boolean` when not a literal. */
type ArrayFlag<O> = 'array' extends keyof O ? O['array' & keyof O] : false;
/** `required` as declared: `true` when absent (a binding is required unless it says otherwise). */
type RequiredFlag<O> = 'required' extends keyof O ? O['required' & keyof O] : true;

/**
 * The value an options object binds: arrays with `array: true`, optional without a default unless
 * `required` is `true` or absent. Options that are not literals give the widest type they allow
 * (a `boolean` `array` may be either shape), never a narrower one than the value bound.
 */
export type BoundValue<O> =
  | ([ArrayFlag<O>] extends [true] ? ScalarOf<O>[] : [ArrayFlag<O>] extends [false | undefined] ? ScalarOf<O> : ScalarOf<O> | ScalarOf<O>[])
  | OptionalPart<O>;

type OptionalPart<O> = O extends { readonly defaultValue: string | number | boolean } ? never : [RequiredFlag<O>] extends [true] ? never : undefined;

/** Adds one binding to a record of bound values. */
export type WithBinding<R, N extends string, O> = R & { readonly [K in N]: BoundValue<O> };

/** Options of a query parameter binding. */
export type QueryOptions = BindingOptions;
/** Options of a request header binding. */
export type HeaderOptions = BindingOptions;
/** Options of a cookie binding. */
export type CookieOptions = BindingOptions;
/**
 * Options of a matrix variable binding; `pathVar` names the placeholder whose segment carries it:
 * one of `V`, the placeholders of the route's path when it is a literal.
 */
export interface MatrixOptions<V extends string = string> extends BindingOptions {
  /** The placeholder whose path segment carries the variable (`{id}` for `/cars/{id};color=red`). */
  readonly pathVar?: V;
}

/** The names `pathVar` may take on a route of path `S`: its placeholders, or any name when `S` is not a literal. */
export type PathVarOf<S extends string> = string extends S ? string : PlaceholderNames<S>;

/**
 * Checks a binding's `defaultValue` against its type: text, or a value of the type itself (a
 * number for `integer` and `number`, a boolean for `boolean`). Intersected with the options, it
 * makes a default of another type a compile error on `defaultValue`.
 */
export type DefaultChecked<O> = O extends { readonly defaultValue: infer D }
  ? [D] extends [string | ScalarOf<O>]
    ? unknown
    : { readonly defaultValue: string | ScalarOf<O> }
  : unknown;

/** A binding in the declarative form: `name`, or its alias `value`, plus options. */
export type NamedBinding<O extends BindingOptions = BindingOptions> = O &
  (
    | {
        /** The parameter, header or variable name. */
        readonly name: string;
      }
    | {
        /** Alias of `name`. */
        readonly value: string;
      }
  );

type NameOf<D> = D extends { readonly name: infer N extends string } ? N : D extends { readonly value: infer N extends string } ? N : never;

/** The bound values of a declarative binding list. */
export type BoundValues<L> = L extends readonly unknown[]
  ? { readonly [D in L[number] as NameOf<D>]: BoundValue<D> }
  : {};
