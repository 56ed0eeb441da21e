import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';

/** What an Express application adds to node's request and response: its prototypes. */
export interface ExpressPrototypes {
  readonly request: object;
  readonly response: object;
}

/**
 * The request target as the client sent it: Express's `originalUrl` (a router mounted under a path
 * sees `req.url` without it), else node's `url`.
 */
export function requestTarget(req: IncomingMessage): string {
  return (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
}

/** Whether a request listener is an Express application (it has the prototypes to lend). */
export function expressPrototypesOf(listener: unknown): ExpressPrototypes | undefined {
  const app = listener as Partial<ExpressPrototypes> | undefined;
  return typeof app?.request === 'object' && app.request !== null && typeof app.response === 'object' && app.response !== null
    ? (app as ExpressPrototypes)
    : undefined;
}

/**
 * `wrapper`, carrying the Express prototypes of the listener it wraps when there are any, so that a
 * router or cache wrapping it in turn lends them too (`api.wrap(cache().wrap(app))`).
 */
export function passingPrototypesOn<L extends RequestListenerLike>(wrapper: L, wrapped: unknown): L {
  const express = expressPrototypesOf(wrapped);
  return express === undefined ? wrapper : Object.assign(wrapper, { request: express.request, response: express.response });
}

type RequestListenerLike = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * What Express 5's `app.handle` and its router do to node's request and response before a route's
 * handler runs: the app's prototypes, and the fields Express's own methods read. Answers the request.
 */
export function lendExpress(request: IncomingMessage, response: ServerResponse, express: ExpressPrototypes): Request {
  const req = request as unknown as Record<string, unknown>;
  const res = response as unknown as Record<string, unknown>;
  req.res = res;
  res.req = req;
  Object.setPrototypeOf(req, express.request);
  Object.setPrototypeOf(res, express.response);
  res.locals ??= Object.create(null);
  req.originalUrl ??= req.url;
  req.baseUrl ??= '';
  req.params ??= {};
  return request as Request;
}
