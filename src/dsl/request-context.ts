import type { Request, Response } from 'express';
import type { CurrentValidators } from '../validators';
import type { RequestHead } from './request-head';
import type { StateAccess } from './request-state';
import type { PlaceholderNames } from './path-params';

/**
 * The values `ctx.url(template, values)` takes: one per placeholder of a literal template (a string
 * or a number), none for a template without placeholders, any for a template that is not a literal.
 */
export type UrlValues<T extends string> = string extends T
  ? [values?: Readonly<Record<string, string | number>>]
  : [PlaceholderNames<T>] extends [never]
    ? [values?: {}]
    : [values: { readonly [K in PlaceholderNames<T>]: string | number } & Readonly<Record<string, string | number>>];

/**
 * What a handler receives: the bound values under `path`, `query`, `header`, `matrix` and `cookie` (each
 * keyed by the declared name), the converted `body`, what the route's `.etag()` hook established
 * (`validators`), the state the router's and the route's hooks set (`state`, `get`, typed by `T`),
 * and the raw Express `req`/`res`.
 *
 * `req`, `res` and `signal` are getters, made on first use: destructure them
 * (`({ path, req }) => ...`) or read them from `ctx`; a spread copy (`{ ...ctx }`) carries the
 * bound values only.
 */
export interface RequestContext<P = {}, Q = {}, H = {}, M = {}, B = undefined, V = undefined, T = {}, C = {}> extends StateAccess<T>, RequestHead {
  /** The path's placeholders, converted as declared (`/users/{id:\\d+}`). */
  readonly path: P;
  /** The query parameters bound with `query(...)`, by name. */
  readonly query: Q;
  /** The request headers bound with `header(...)`, by name. */
  readonly header: H;
  /** The matrix variables bound with `matrix(...)`, by name. */
  readonly matrix: M;
  /** The cookies bound with `cookie(...)`, by name (RFC 6265 section 5.4). */
  readonly cookie: C;
  /** The request body, read by the converter for its Content-Type; `undefined` when the route takes none. */
  readonly body: B;
  /**
   * What the route's `.etag()` hook established before the handler ran (a {@link CurrentValidators}):
   * its answer, typed from the hook, the ETag and Last-Modified the response carries from it, and
   * whether the request's preconditions were checked against them. `undefined` on a route without
   * a hook, and in the hook itself.
   */
  readonly validators: V;
  /** The media type negotiated for the response, when the route produces one. */
  readonly mediaType: string | undefined;
  /**
   * The request's origin, `scheme://host[:port]`, to build absolute links from: the router's
   * `origin` option, or the connection's scheme and the request's Host as the router parsed and
   * checked it (RFC 9112 sections 3.2 and 3.3: lower case, default port dropped), never its raw text.
   */
  readonly origin: string;
  /**
   * A path to a route of this router, from wherever it is mounted: the mount path (Express's
   * `req.baseUrl` under `app.use('/api', router.middleware())`), the router's `path` (its
   * placeholders filled from this request unless `values` names them), then `template` (as routes
   * are declared) with each placeholder's value percent-encoded (RFC 3986 section 3.3).
   * `ResponseEntity.created(ctx.url('/users/{id}', { id: user.id }), user)` answers
   * `Location: /api/users/7` under `/api`. Throws when a value is missing, empty or outside its
   * placeholder's pattern. Prefix {@link RequestContext.origin} for an absolute URL.
   */
  url<const T extends string>(template: T, ...values: UrlValues<T>): string;
  /**
   * Tags this response with more surrogate keys, beside those the route declares
   * (`.surrogateKeys(...)`): each value is made a key as the route's are (`surrogateKey`).
   */
  addSurrogateKeys(...values: (string | number)[]): void;
  /** The Express request, for what the context does not bind. */
  readonly req: Request;
  /** The Express response; set headers on it, but let the returned value be the body. */
  readonly res: Response;
  /**
   * Aborted when the answer is no longer wanted: the route's timeout passed or the client went
   * away. Pass it to anything cancellable (fetch, database drivers).
   */
  readonly signal: AbortSignal;
}

/** A route handler: returns the value to write (or a {@link ResponseEntity}); `undefined` answers 204. */
export type Handler<C> = (context: C) => unknown;
