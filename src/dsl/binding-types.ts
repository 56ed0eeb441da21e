import type { BindingOptions } from '../binding/value-binding';
import type { ValueOfType, ValueType } from '../binding/value-type';

/** The scalar type an options object converts to. */
type ScalarOf<O> = O extends { readonly type: infer T extends ValueType } ? ValueOfType<T> : string;

/** The value an options object binds: arrays with `array: true`, optional without default when `required: false`. */
export type BoundValue<O> = (O extends { readonly array: true } ? ScalarOf<O>[] : ScalarOf<O>) | OptionalPart<O>;

type OptionalPart<O> = O extends { readonly defaultValue: string } ? never : O extends { readonly required: false } ? undefined : never;

/** Adds one binding to a record of bound values. */
export type WithBinding<R, N extends string, O> = R & { readonly [K in N]: BoundValue<O> };

/** Options of a query parameter binding. */
export type QueryOptions = BindingOptions;
/** Options of a request header binding. */
export type HeaderOptions = BindingOptions;
/** Options of a matrix variable binding; `pathVar` names the placeholder whose segment carries it. */
export interface MatrixOptions extends BindingOptions {
  readonly pathVar?: string;
}

/** A binding in the declarative form: `name`, or its alias `value`, plus options. */
export type NamedBinding<O extends BindingOptions = BindingOptions> = O & ({ readonly name: string } | { readonly value: string });

type NameOf<D> = D extends { readonly name: infer N extends string } ? N : D extends { readonly value: infer N extends string } ? N : never;

/** The bound values of a declarative binding list. */
export type BoundValues<L> = L extends readonly unknown[]
  ? { readonly [D in L[number] as NameOf<D>]: BoundValue<D> }
  : {};
