import type { BodyOf, BodyToken } from './body-types';
import type { BoundValues, HeaderOptions, MatrixOptions, NamedBinding, QueryOptions } from './binding-types';
import type { PathParams, Prefixed } from './path-params';
import type { RequestContext } from './request-context';

/** The declarative form of a route, with the specification's attribute names. */
export interface MapDeclaration {
  /** The path template; `value` and `name` are aliases. */
  readonly path?: string;
  readonly value?: string;
  readonly name?: string;
  readonly method?: string | readonly string[];
  readonly params?: string | readonly string[];
  readonly headers?: string | readonly string[];
  readonly consumes?: string | readonly string[];
  readonly produces?: string | readonly string[];
  readonly query?: readonly NamedBinding<QueryOptions>[];
  readonly header?: readonly NamedBinding<HeaderOptions>[];
  readonly matrix?: readonly NamedBinding<MatrixOptions>[];
  readonly body?: BodyToken;
}

/** The path of a declaration, whichever alias gave it. */
export type PathOf<D> = D extends { readonly path: infer P extends string }
  ? P
  : D extends { readonly value: infer P extends string }
    ? P
    : D extends { readonly name: infer P extends string }
      ? P
      : '';

/** The handler context a declaration gives. */
export type ContextOf<D extends MapDeclaration, P extends string = ''> = RequestContext<
  PathParams<Prefixed<P, PathOf<D>>>,
  BoundValues<D['query']>,
  BoundValues<D['header']>,
  BoundValues<D['matrix']>,
  D extends { readonly body: infer T } ? BodyOf<T> : undefined
>;
