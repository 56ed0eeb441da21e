import type { Request, Response } from 'express';

/**
 * What a handler receives: the bound values under `path`, `query`, `header` and `matrix` (each
 * keyed by the declared name), the converted `body`, and the raw Express `req`/`res`.
 *
 * `req`, `res` and `signal` are getters, made on first use: destructure them
 * (`({ path, req }) => ...`) or read them from `ctx`; a spread copy (`{ ...ctx }`) carries the
 * bound values only.
 */
export interface RequestContext<P = {}, Q = {}, H = {}, M = {}, B = undefined> {
  readonly path: P;
  readonly query: Q;
  readonly header: H;
  readonly matrix: M;
  readonly body: B;
  /** The media type negotiated for the response, when the route produces one. */
  readonly mediaType: string | undefined;
  /**
   * The request's origin, `scheme://host[:port]`, to build absolute links from: the router's
   * `origin` option, or the connection's scheme and the request's Host as the router parsed and
   * checked it (RFC 9112 sections 3.2 and 3.3: lower case, default port dropped), never its raw text.
   */
  readonly origin: string;
  readonly req: Request;
  readonly res: Response;
  /**
   * Aborted when the answer is no longer wanted: the route's timeout passed or the client went
   * away. Pass it to anything cancellable (fetch, database drivers).
   */
  readonly signal: AbortSignal;
}

/** A route handler: returns the value to write (or a {@link ResponseEntity}); `undefined` answers 204. */
export type Handler<C> = (context: C) => unknown;
