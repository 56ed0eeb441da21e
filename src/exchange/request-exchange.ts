import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { Exchange } from './context-binder';
import { RequestCancellation, clientGone } from './request-cancellation';

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
 * The request and response of one dispatch, as the handler's context gives them. Under
 * `router.middleware()` they are Express's already. Under `router.wrap(app)` they are node's,
 * and become Express's (the app's prototypes, as `app.handle` sets them) the first time a handler
 * reads `ctx.req` or `ctx.res`: swapping prototypes is a third of what Express costs per request,
 * and most handlers never look.
 */
export class DispatchExchange implements Exchange {
  #cancellation: RequestCancellation | undefined;
  #express: ExpressPrototypes | undefined;

  /**
   * @param origin - the request's origin, `scheme://host[:port]`, from its checked Host or the router's `origin` option
   * @param express - the app's prototypes to lend, under `router.wrap(app)`
   * @param passOn - what `req.next(error?)` does once lent: Express's own methods (`res.sendFile`,
   *   `res.render`) hand their errors on through it, and no router of the app's set it
   */
  constructor(
    private readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    readonly origin: string,
    express: ExpressPrototypes | undefined,
    private readonly passOn?: (error: unknown, req: IncomingMessage, res: ServerResponse) => void,
  ) {
    this.#express = express;
  }

  /**
   * Where the router is mounted: Express's `req.baseUrl` under `app.use('/api', router.middleware())`,
   * `''` at the root and under `router.wrap(app)` (the listener sees the whole path).
   */
  get mountPath(): string {
    return (this.request as { baseUrl?: string }).baseUrl ?? '';
  }

  /** The request's cancellation, made on first use (a time limit, or a handler asking for its signal). */
  get cancellation(): RequestCancellation {
    return (this.#cancellation ??= new RequestCancellation(this.response));
  }

  /** Whether the request was cancelled: timed out, or the client left before the response was complete. */
  get aborted(): boolean {
    return this.#cancellation?.aborted ?? clientGone(this.response);
  }

  /** Whether `error` is the request's cancellation coming back from a handler that passed its signal on. */
  cancelledBy(error: unknown): boolean {
    return this.#cancellation?.causedBy(error) ?? false;
  }

  get req(): Request {
    this.#lend();
    return this.request as Request;
  }

  get res(): Response {
    this.#lend();
    return this.response as Response;
  }

  get signal(): AbortSignal {
    return this.cancellation.signal;
  }

  /** Lends the app's prototypes once, with `req.next` handing the request on. */
  #lend(): void {
    const express = this.#express;
    if (express === undefined) return;
    this.#express = undefined;
    const req = lendExpress(this.request, this.response, express);
    const passOn = this.passOn;
    if (passOn !== undefined) req.next ??= (error?: unknown) => passOn(error, this.request, this.response);
  }
}

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
