import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type RequestInfo, createRequestInfo } from '../conditions/request-info';
import { HttpError, NotFound } from '../errors/http-error';
import { ProblemType } from '../errors/problem-types';
import { configuredOrigin } from '../http/origin';
import { originFormOf, splitRequestPath } from '../http/request-path';
import type { Route } from '../routing/route';
import type { RouteIndex } from '../routing/route-index';
import { selectRoute } from '../routing/route-selection';
import { inConnectionOrder } from './connection-order';
import { isThenable } from './maybe-promise';
import { writeProblem } from './problem-writer';
import { Exchange } from './exchange';
import { producedMediaType } from './representation';
import { type ExpressPrototypes, expressPrototypesOf, lendExpress, passingPrototypesOn, requestTarget } from './request-exchange';
import { requestOrigin } from './request-origin';
import { markNoSniff } from './no-sniff';
import { invokeRoute } from './route-invocation';

/** Options of the dispatch middleware. */
export interface DispatchOptions {
  /** Called with errors that are not {@link HttpError}s (answered as 500). Default: `console.error`. */
  readonly onError?: (error: unknown, req: Request) => void;
  /** The clock, in milliseconds since the epoch (for tests). Default: `Date.now`. */
  readonly now?: () => number;
  /**
   * The origin handlers build absolute links from (`ctx.origin`), such as `https://api.example.com`,
   * for a service behind a proxy; by default the connection's scheme and the request's checked
   * Host. A TypeError when it is not an http or https origin.
   */
  readonly origin?: string;
}

/**
 * The dispatch behind `router.middleware()` and `router.wrap(listener)`: finds the routes whose
 * path matches in the index, selects the most specific and invokes it ({@link invokeRoute}),
 * writing what fails as a problem and enforcing the route's time limit. Paths no route matches go
 * on with `next()`.
 */
function createDispatch(
  index: RouteIndex<Route>,
  options: DispatchOptions,
  express: ExpressPrototypes | undefined,
  listener?: RequestListener,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const report = options.onError ?? ((error: unknown) => console.error(error));
  const clock = options.now ?? Date.now;
  const configured = options.origin === undefined ? undefined : configuredOrigin(options.origin);
  // onError is promised an Express request: under wrap(app) the request is node's until a handler
  // reads ctx.req, so it is lent the app's prototypes first (as a handler's would be).
  const onError = (error: unknown, req: IncomingMessage, res: ServerResponse): void =>
    report(error, express === undefined ? (req as Request) : lendExpress(req, res, express));

  /**
   * Reports a fault to `onError`: not an HttpError (an answer, not a fault), nor, when `cancelled`,
   * the request's own cancellation coming back from a handler that passed its signal on.
   */
  function reportFault(error: unknown, req: IncomingMessage, res: ServerResponse, cancelled: boolean): void {
    if (!cancelled && !(error instanceof HttpError)) onError(error, req, res);
  }

  /** Writes an error as a problem document, or cuts the connection when a response is under way. */
  function failed(error: unknown, req: IncomingMessage, res: ServerResponse, request: RequestInfo, cancelled = false): void {
    reportFault(error, req, res, cancelled);
    if (res.headersSent) {
      // Part of a response is on its way: the only honest signal left is to cut the connection,
      // after what was written has gone out (node holds a response's first writes until its
      // next tick, and that tick was queued before this one).
      process.nextTick(() => res.destroy());
      return;
    }
    try {
      writeProblem(res, error, requestTarget(req), request.accept, (fault) => onError(fault, req, res));
    } catch (writing) {
      // Never thrown back at node or Express (an unhandled rejection ends the process): logged,
      // and the connection cut, as for a response that cannot be finished.
      onError(writing, req, res);
      res.destroy();
    }
  }

  /**
   * `req.next` of a request lent Express's prototypes under `router.wrap(app)`: an error Express's
   * own methods hand on (a file `res.sendFile` cannot send) is answered as a problem, with the
   * status it carries (`http-errors` style), and a request handed on without one goes on to the
   * wrapped listener, as `next()` goes on to the rest of the app under the middleware mount.
   * Undefined, it was an uncaught TypeError.
   */
  const passOn = (error: unknown, req: IncomingMessage, res: ServerResponse): void => {
    if (error === undefined && listener !== undefined) return void listener(req, res);
    const url = originFormOf(req.url ?? '/') ?? '/';
    const reason = error === undefined ? new NotFound(`No resource at ${url}`) : withItsStatus(error);
    failed(reason, req, res, createRequestInfo(req.method ?? 'GET', url, req.headers));
  };

  /**
   * Answers the request when a route's path matches it, or its Host is invalid (400, RFC 9112
   * section 3.2, whatever its path: nothing behind the router gets it either) (true); false leaves
   * it to the next handler.
   */
  return function dispatch(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = requestOrigin(req, res, configured);
    if (origin === undefined) return true;
    const url = originFormOf(req.url ?? '/');
    if (url === undefined) return false;
    const segments = splitRequestPath(url);
    const candidates = index.lookup(segments);
    if (candidates.length === 0) return false;
    // Whatever answers from here (representation, 304, OPTIONS, problem) is not to be sniffed.
    markNoSniff(res);
    const request = createRequestInfo(req.method ?? 'GET', url, req.headers);
    try {
      const selection = selectRoute(candidates, request);
      if (selection.kind === 'error') {
        failed(selection.error, req, res, request);
        return true;
      }
      if (selection.kind === 'options') {
        res.setHeader('Allow', selection.allow.join(', '));
        if (selection.acceptPatch.length > 0) res.setHeader('Accept-Patch', selection.acceptPatch.join(', '));
        res.statusCode = 204;
        res.end();
        return true;
      }
      const { route } = selection;
      const mediaType = producedMediaType(route, request.accept);
      const exchange = new Exchange(req, res, request, route, candidates, segments, origin, mediaType, clock(), express, passOn);
      // A route's time limit counts from here, whatever its hook and handler do synchronously.
      const started = route.timeout === undefined ? 0 : performance.now();
      const work = invokeRoute(exchange);
      // Answered in this turn (or failed, and caught below): nothing to wait for, nothing to time.
      if (!isThenable(work)) return true;
      const fail = (error: unknown): void => failed(error, req, res, request, exchange.cancelledBy(error));
      if (route.timeout === undefined) {
        work.then(undefined, fail);
        return true;
      }
      let settled = false;
      const settle = (error?: unknown): void => {
        if (settled) {
          // The route already answered 503/504; a later failure is only worth a log line.
          if (error !== undefined) reportFault(error, req, res, exchange.cancelledBy(error));
          return;
        }
        settled = true;
        clearTimeout(timer);
        if (error !== undefined) fail(error);
      };
      const { ms, status = 503 } = route.timeout;
      const timer = setTimeout(
        () => {
          const error = new HttpError(status, `The handler did not answer within ${ms} ms`, { type: ProblemType.timeout });
          exchange.cancellation.abort(error);
          settle(error);
        },
        Math.max(0, ms - (performance.now() - started)),
      );
      work.then(() => settle(), settle);
    } catch (error) {
      failed(error, req, res, request);
    }
    return true;
  };
}

/** An error with a 4xx or 5xx `status` (as `http-errors` makes them) as that status; others as they are. */
function withItsStatus(error: unknown): unknown {
  if (error instanceof HttpError || typeof error !== 'object' || error === null) return error;
  const { status, statusCode, expose, message } = error as { status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 400 || code > 599) return error;
  return new HttpError(code, expose === true && typeof message === 'string' ? message : undefined, { cause: error });
}

/** The Express middleware behind `router.middleware()`; paths no route matches go on with `next()`. */
export function createDispatcher(index: RouteIndex<Route>, options: DispatchOptions): RequestHandler {
  const dispatch = createDispatch(index, options, undefined);
  return function representDispatcher(req: Request, res: Response, next: NextFunction): void {
    inConnectionOrder(req, res, () => {
      if (!dispatch(req, res)) next();
    });
  };
}

/**
 * The request listener behind `router.wrap(listener)`: the routes answer their requests before
 * `listener` sees them, so none of Express's per-request work is done for them (unless a handler
 * reads `ctx.req`/`ctx.res`, which then are the Express app's); every other request goes to `listener`.
 */
export function createListener(index: RouteIndex<Route>, options: DispatchOptions, listener: RequestListener): RequestListener {
  const dispatch = createDispatch(index, options, expressPrototypesOf(listener), listener);
  return passingPrototypesOn(function representListener(req: IncomingMessage, res: ServerResponse): void {
    inConnectionOrder(req, res, () => {
      if (!dispatch(req, res)) listener(req, res);
    });
  }, listener);
}
