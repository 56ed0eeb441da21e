import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type RequestInfo, createRequestInfo } from '../conditions/request-info';
import { type FormatOptions, compileFormats } from '../http/format-override';
import { SAFE_DISPOSITION } from '../http/reflected-file-download';
import { downloadSegment, needsDownloadGuard } from './download-guard';
import { HttpError, withItsStatus } from '../errors/http-error';
import { ProblemType } from '../errors/problem-types';
import { configuredOrigin } from '../http/origin';
import { type RequestSegment, originFormOf, splitRequestPath } from '../http/request-path';
import type { Route } from '../routing/route';
import type { RouteIndex } from '../routing/route-index';
import { noRouteAt, selectRoute } from '../routing/route-selection';
import { inConnectionOrder } from './connection-order';
import { type HookPoints, type RouterHooks, runHooks } from './hook-points';
import { HookScope } from './hook-scope';
import { type MaybePromise, andThen, isThenable } from './maybe-promise';
import { writeProblem } from './problem-writer';
import { Exchange } from './exchange';
import type { OpenStreams } from './open-streams';
import { type ExpressPrototypes, expressPrototypesOf, lendExpress, passingPrototypesOn, requestTarget } from './request-exchange';
import { checkedOrigin } from './request-origin';
import { invokeRoute } from './route-invocation';
import { resolveFormat } from './requested-format';
import { presetHeaders } from './response-headers';
import { send } from './send';
import { endDispatch, publishRequestError, startRequest } from '../diagnostics/channels';

/** What a problem is written for: the request, its response, and the request as the conditions read it. */
type Failing = Pick<Exchange, 'incoming' | 'outgoing' | 'request'>;

/** A request the router refuses before any route (a bad Host, an unknown format, no route), with why. */
interface Refusal extends Failing {
  readonly error: HttpError;
}

/** Options of the dispatch middleware. */
export interface DispatchOptions {
  /**
   * Called with errors that are not {@link HttpError}s (answered as 500): the router's first
   * `onError` hook (a hook set's `onError`). Default, when no hook reports errors: `console.error`.
   */
  readonly onError?: (error: unknown, req: Request) => void;
  /** The clock, in milliseconds since the epoch (for tests). Default: `Date.now`. */
  readonly now?: () => number;
  /**
   * The origin handlers build absolute links from (`ctx.origin`), such as `https://api.example.com`,
   * for a service behind a proxy; by default the connection's scheme and the request's checked
   * Host. A TypeError when it is not an http or https origin.
   */
  readonly origin?: string;
  /**
   * Lets a request name its representation in its URL instead of Accept (off by default): a
   * query parameter (`?format=xml`) or a path suffix (`/users/7.xml`, with `extension: true`),
   * among the types the route produces. A response so chosen does not vary by Accept (its URL
   * says it all); a query naming an unknown format answers 406 listing the formats available.
   */
  readonly formats?: FormatOptions;
  /**
   * Whether a request for a path no route matches goes on to the rest of the app (`next()` under
   * `middleware()`, the wrapped listener under `wrap(listener)`): true by default. False answers it
   * with a 404 problem, inside the router's lifecycle (its hooks run, its access log sees it), as
   * Fastify and Hono answer the paths they do not route.
   */
  readonly fallthrough?: boolean;
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
  hooks: RouterHooks,
  express: ExpressPrototypes | undefined,
  streams: OpenStreams | undefined,
  listener?: RequestListener,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const clock = options.now ?? Date.now;
  const configured = options.origin === undefined ? undefined : configuredOrigin(options.origin);
  const formats = options.formats === undefined ? undefined : compileFormats(options.formats);
  const fallthrough = options.fallthrough ?? true;
  const mount = listener === undefined ? 'middleware' : 'wrap';

  /**
   * Gives a fault to the `onError` hooks in force (the router's `onError` option is the first),
   * or to `console.error` when there are none. They are promised an Express request: under
   * wrap(app) the request is node's until a handler reads ctx.req, so it is lent the app's
   * prototypes first (as a handler's would be).
   */
  function onError(error: unknown, req: IncomingMessage, res: ServerResponse, points: HookPoints | undefined): void {
    const reporters = points?.onError;
    if (reporters === undefined) return void console.error(error);
    const lent = express === undefined ? (req as Request) : lendExpress(req, res, express);
    for (const report of reporters) report(error, lent);
  }

  /**
   * Reports a fault to `onError`: not an HttpError (an answer, not a fault), nor, when `cancelled`,
   * the request's own cancellation coming back from a handler that passed its signal on.
   */
  function reportFault(error: unknown, req: IncomingMessage, res: ServerResponse, cancelled: boolean, points: HookPoints | undefined): void {
    if (!cancelled && !(error instanceof HttpError)) onError(error, req, res, points);
  }

  /**
   * Writes an error as a problem document, or cuts the connection when a response is under way.
   * `exchange` is the request's, or as much of one as the error arose with; `route` is the route
   * that was answering, when one was selected (for the RFD guard).
   */
  function failed(error: unknown, exchange: Failing, cancelled = false, points = hooks.points, route?: Route): void {
    const { incoming: req, outgoing: res } = exchange;
    reportFault(error, req, res, cancelled, points);
    if (res.headersSent) {
      // Part of a response is on its way: the only honest signal left is to cut the connection,
      // after what was written has gone out (node holds a response's first writes until its
      // next tick, and that tick was queued before this one).
      process.nextTick(() => res.destroy());
      publishRequestError(res, error);
      return;
    }
    try {
      const guarded = needsDownloadGuard(route, downloadSegment(originFormOf(req.url ?? '/') ?? '/'), formats);
      writeProblem(res, error, requestTarget(req), exchange.request.accept, (fault) => onError(fault, req, res, points), guarded);
    } catch (writing) {
      // Never thrown back at node or Express (an unhandled rejection ends the process): logged,
      // and the connection cut, as for a response that cannot be finished.
      onError(writing, req, res, points);
      res.destroy();
    }
    // Once written: the response's status is the one the problem was answered with.
    publishRequestError(res, error);
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
    const reason = error === undefined ? noRouteAt(url) : withItsStatus(error);
    failed(reason, { incoming: req, outgoing: res, request: createRequestInfo(req.method ?? 'GET', url, req.headers) });
  };

  /**
   * Answers `error` for the router after its arrival hooks (which may answer first): an invalid
   * Host, a format the URL names that the routes do not produce, a path no route matches.
   */
  function refuse(error: HttpError, req: IncomingMessage, res: ServerResponse, request: RequestInfo): true {
    const traced = startRequest(req, res, mount);
    const points = hooks.points;
    const refusal: Refusal = { incoming: req, outgoing: res, request, error };
    if (points === undefined) writeRefusal(refusal);
    else new HookScope(req, res, points, express, passOn).arrive(refusal, writeRefusal, failRefusal);
    endDispatch(traced);
    return true;
  }

  /** Writes a refusal's error as a problem once the arrival hooks let it through. */
  function writeRefusal(refusal: Refusal): void {
    failed(refusal.error, refusal);
  }

  /** Writes what an arrival hook threw instead of the refusal. */
  function failRefusal(refusal: Refusal, fault: unknown): void {
    failed(fault, refusal);
  }

  /** Writes what an arrival hook threw for a request bound for a route. */
  function failArrival(exchange: Exchange, error: unknown): void {
    failed(error, exchange, false, exchange.scope!.points);
  }

  /** The route's own `onRequest` hooks (after the router's, which ran before selection), then the route. */
  function perform(exchange: Exchange): MaybePromise<void> {
    const arrivals = exchange.route.hooks?.onRequest;
    const routers = hooks.points?.onRequest?.length ?? 0;
    if (arrivals === undefined || arrivals.length <= routers) return invokeRoute(exchange);
    return andThen(runHooks(arrivals, exchange.scope!, routers), invokeUnanswered, exchange);
  }

  /**
   * Selects the route among the exchange's candidates and invokes it, writing what fails as a
   * problem and enforcing the route's time limit. `exchange.scope` holds the request's hooks when
   * the router has any.
   */
  function answer(exchange: Exchange): void {
    const { incoming: req, outgoing: res, request } = exchange;
    let points = hooks.points;
    let selected: Route | undefined;
    try {
      const selection = selectRoute(exchange.candidates, request);
      if (selection.kind === 'error') {
        failed(selection.error, exchange);
        return;
      }
      if (selection.kind === 'options') {
        const headers = presetHeaders(res);
        headers.allow = selection.allow.join(', ');
        if (selection.acceptPatch.length > 0) headers['accept-patch'] = selection.acceptPatch.join(', ');
        send(res, 204, headers, undefined);
        return;
      }
      const { route } = selection;
      selected = route;
      // RFD (CVE-2015-5211): a path that ends in an extension not known to be safe names the
      // file a browser would save the answer as f.txt; the handler's own Content-Disposition wins.
      if (needsDownloadGuard(route, exchange.sentLast, formats)) res.setHeader('Content-Disposition', SAFE_DISPOSITION);
      exchange.select(route, clock());
      points = route.hooks;
      if (points !== undefined) {
        if (exchange.scope === undefined) exchange.scope = new HookScope(req, res, points, express, passOn);
        else exchange.scope.enter(points);
      }
      // A route's time limit counts from here, whatever its hooks and handler do synchronously.
      const started = route.timeout === undefined ? 0 : performance.now();
      const work = points === undefined ? invokeRoute(exchange) : perform(exchange);
      // Answered in this turn (or failed, and caught below): nothing to wait for, nothing to time.
      if (!isThenable(work)) return;
      const fail = (error: unknown): void => failed(error, exchange, exchange.cancelledBy(error), points, route);
      if (route.timeout === undefined) {
        work.then(undefined, fail);
        return;
      }
      let settled = false;
      const settle = (error?: unknown): void => {
        if (settled) {
          // The route already answered 503/504; a later failure is only worth a log line.
          if (error !== undefined) reportFault(error, req, res, exchange.cancelledBy(error), points);
          return;
        }
        settled = true;
        clearTimeout(timer);
        if (error !== undefined) fail(error);
      };
      const { ms, status = 503 } = route.timeout;
      const timer = setTimeout(
        () => {
          // A stream the router is writing answered in time: its body may take as long as it takes.
          // (A handler that wrote part of a response itself and hangs is cut, below.)
          if (exchange.streaming) return;
          const error = new HttpError(status, `The handler did not answer within ${ms} ms`, { type: ProblemType.timeout });
          exchange.cancellation.abort(error);
          settle(error);
        },
        Math.max(0, ms - (performance.now() - started)),
      );
      work.then(() => settle(), settle);
    } catch (error) {
      failed(error, exchange, false, points, selected);
    }
  }

  /**
   * Answers the request when a route's path matches it (or any path, `fallthrough: false`), or its
   * Host is invalid (400, RFC 9112 section 3.2, whatever its path: nothing behind the router gets
   * it either) (true); false leaves it to the next handler, untouched by the router's hooks. The
   * router's `onRequest` hooks run for every request it answers, before the route is selected (a
   * CORS pre-flight is answered by them, not by the router's OPTIONS).
   */
  return function dispatch(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = checkedOrigin(req, configured);
    if (typeof origin !== 'string') return refuse(origin, req, res, createRequestInfo(req.method ?? 'GET', originFormOf(req.url ?? '/') ?? '/', req.headers));
    const url = originFormOf(req.url ?? '/');
    if (url === undefined) return false;
    let segments: readonly RequestSegment[] = splitRequestPath(url);
    let candidates: readonly Route[] = index.lookup(segments);
    let request = createRequestInfo(req.method ?? 'GET', url, req.headers);
    // The last segment as sent, suffix included: what a browser would name a saved file after.
    const last = segments.at(-1);
    if (formats !== undefined) {
      const resolved = resolveFormat(formats, index, segments, candidates, () => request.query);
      if (resolved.refused !== undefined) return refuse(resolved.refused, req, res, request);
      ({ segments, candidates } = resolved);
      if (resolved.format !== undefined) request = createRequestInfo(request.method, url, req.headers, resolved.format);
    }
    if (candidates.length === 0) return fallthrough ? false : refuse(noRouteAt(url), req, res, request);
    const traced = startRequest(req, res, mount);
    const exchange = new Exchange(req, res, request, candidates, segments, origin, last, express, passOn);
    exchange.streams = streams;
    exchange.traced = traced !== undefined;
    const points = hooks.points;
    if (points === undefined) answer(exchange);
    else {
      exchange.scope = new HookScope(req, res, points, express, passOn);
      exchange.scope.arrive(exchange, answer, failArrival);
    }
    endDispatch(traced);
    return true;
  };
}

/** Invokes the route unless a route's `onRequest` hook answered. */
function invokeUnanswered(exchange: Exchange, answered: unknown): MaybePromise<void> {
  if (answered !== undefined || exchange.outgoing.writableEnded) return;
  return invokeRoute(exchange);
}

/** The Express middleware behind `router.middleware()`; paths no route matches go on with `next()` (unless `fallthrough` is false). */
export function createDispatcher(index: RouteIndex<Route>, options: DispatchOptions, hooks: RouterHooks, streams?: OpenStreams): RequestHandler {
  const dispatch = createDispatch(index, options, hooks, undefined, streams);
  const dispatchInOrder = (req: Request, res: Response, next: NextFunction): void => {
    if (!dispatch(req, res)) next();
  };
  return function representDispatcher(req: Request, res: Response, next: NextFunction): void {
    inConnectionOrder(req, res, dispatchInOrder, next);
  };
}

/**
 * The request listener behind `router.wrap(listener)`: the routes answer their requests before
 * `listener` sees them, so none of Express's per-request work is done for them (unless a handler
 * reads `ctx.req`/`ctx.res`, which then are the Express app's); every other request goes to `listener`.
 */
export function createListener(index: RouteIndex<Route>, options: DispatchOptions, hooks: RouterHooks, listener: RequestListener, streams?: OpenStreams): RequestListener {
  const dispatch = createDispatch(index, options, hooks, expressPrototypesOf(listener), streams, listener);
  const dispatchInOrder = (req: IncomingMessage, res: ServerResponse): void => {
    if (!dispatch(req, res)) listener(req, res);
  };
  return passingPrototypesOn(function representListener(req: IncomingMessage, res: ServerResponse): void {
    inConnectionOrder(req, res, dispatchInOrder);
  }, listener);
}
