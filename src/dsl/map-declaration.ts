import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { BodyOf, BodyToken } from './body-types';
import type { BoundValues, CookieOptions, HeaderOptions, MatrixOptions, NamedBinding, QueryOptions } from './binding-types';
import type { PathParams, Prefixed } from './path-params';
import type { RequestContext } from './request-context';

/** The declarative form of a route, with the specification's attribute names. */
export interface MapDeclaration {
  /** The path template; `value` and `name` are aliases. */
  readonly path?: string;
  /** Alias of `path`. */
  readonly value?: string;
  /** Alias of `path`. */
  readonly name?: string;
  /** The request methods answered (RFC 9110 section 9); any method when absent. */
  readonly method?: string | readonly string[];
  /** Query parameter conditions: `name`, `!name`, `name=value` or `name!=value`, all of which must hold. */
  readonly params?: string | readonly string[];
  /** Request header conditions in the same forms as `params`. */
  readonly headers?: string | readonly string[];
  /** The media types of request bodies accepted (`Content-Type`, RFC 9110 section 8.3). */
  readonly consumes?: string | readonly string[];
  /** The media types the route can answer in, negotiated against `Accept` (RFC 9110 section 12.5.1). */
  readonly produces?: string | readonly string[];
  /** Query parameters bound into `ctx.query`, each by name. */
  readonly query?: readonly NamedBinding<QueryOptions>[];
  /** Request headers bound into `ctx.header`, each by name. */
  readonly header?: readonly NamedBinding<HeaderOptions>[];
  /** Cookies (RFC 6265 section 5.4) bound into `ctx.cookie`, each by name. */
  readonly cookie?: readonly NamedBinding<CookieOptions>[];
  /** Matrix variables (`;name=value` in a path segment, RFC 3986 section 3.3) bound into `ctx.matrix`. */
  readonly matrix?: readonly NamedBinding<MatrixOptions>[];
  /** The request body's type: a class, a Standard Schema, or a token such as `String`; read into `ctx.body`. */
  readonly body?: BodyToken;
  /** A short summary of the operation, for the API description (`router.openapi()`). */
  readonly summary?: string;
  /** A longer description of the operation (CommonMark). */
  readonly description?: string;
  /** Tags that group the operation in the API description. */
  readonly tags?: readonly string[];
  /** The operation's unique name (default: from the method and path, `getUsersById`). */
  readonly operationId?: string;
  /** Whether clients should stop using the operation. */
  readonly deprecated?: boolean;
  /** The schema of what the handler answers on success: types its return value and describes the response. */
  readonly returns?: StandardSchemaV1;
}

/** What a declaration's handler must return: the output of its `returns` schema, or anything without one. */
export type ReturnOf<D> = D extends {
  /** The declaration's `returns` schema. */
  readonly returns: infer T extends StandardSchemaV1;
}
  ? StandardSchemaV1.InferOutput<T>
  : unknown;

/** The path of a declaration, whichever alias gave it. */
export type PathOf<D> = D extends { readonly path: infer P extends string }
  ? P
  : D extends { readonly value: infer P extends string }
    ? P
    : D extends { readonly name: infer P extends string }
      ? P
      : '';

/** The handler context a declaration gives. */
export type ContextOf<D extends MapDeclaration, P extends string = '', T = {}> = RequestContext<
  PathParams<Prefixed<P, PathOf<D>>>,
  BoundValues<D['query']>,
  BoundValues<D['header']>,
  BoundValues<D['matrix']>,
  D extends {
    /** The declaration's body token. */
    readonly body: infer T;
  }
    ? BodyOf<T>
    : undefined,
  undefined,
  T,
  BoundValues<D['cookie']>
>;
