import type { IncomingHttpHeaders } from 'node:http';

/**
 * The request line and header fields as node parsed them, read without lending the request
 * Express's prototypes (which `ctx.req` does under `router.wrap(app)`, at a cost): what a hook
 * checks on every request (a bearer token, a request id) reads these.
 */
export interface RequestHead {
  /** The request method. */
  readonly method: string;
  /** The request target as received (path and query), before any mount path is taken off. */
  readonly target: string;
  /** The request's header fields, lower-case names, as node parsed them. */
  readonly headers: IncomingHttpHeaders;
}
