import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { evaluatePreconditions } from '../src/caching/conditional-request';
import { type RequestInfo, createRequestInfo } from '../src/conditions/request-info';
import type { RequestContext } from '../src/dsl/request-context';
import { HttpError } from '../src/errors/http-error';
import { ProblemType } from '../src/errors/problem-types';
import { negotiate } from '../src/http/accept-header';
import { type MediaType, essence } from '../src/http/media-type';
import { type RequestSegment, splitRequestPath } from '../src/routing/request-path';
import type { Route } from '../src/routing/route';
import type { RouteIndex } from '../src/routing/route-index';
import { selectRoute } from '../src/routing/route-selection';
import { type ValidatorSource, toValidators, versionPreconditionHeaders } from '../src/validators';
import { bindContext } from './context-binder';
import { evaluateAgainstGet, hasPreconditions } from './current-validators';
import { writeProblem } from './problem-writer';
import { DispatchExchange, type ExpressPrototypes, expressPrototypesOf } from './request-exchange';
import { readRequestBody } from './request-body';
import { cacheHeaders, notModifiedHeaders, presetHeaders } from './response-headers';
import { preconditionFailed, representationName, send, variesByAccept, writeRepresentation } from './representation-writer';
import { toResult } from './result-writer';

/** Options of the dispatch middleware. */
export interface DispatchOptions {
  /** Called with errors that are not {@link HttpError}s (answered as 500). Default: `console.error`. */
  readonly onError?: (error: unknown, req: Request) => void;
  /** The clock, in milliseconds since the epoch (for tests). Default: `Date.now`. */
  readonly now?: () => number;
}

type Context = RequestContext<unknown, unknown, unknown, unknown, unknown>;

const SAFE = new Set(['GET', 'HEAD']);

const NO_HOOK = Object.freeze({ done: false, source: undefined });

/**
 * Runs the route's `.etag()` hook and answers the request's preconditions with it, before the body
 * is read and the handler runs (RFC 9110 section 13.2.1: evaluate after the usual checks, before the
 * method's action). GET and HEAD compare the tag of the negotiated representation; other methods
 * compare the resource's version whatever representation the client's tag came from.
 */
async function checkPreconditions(route: Route, context: Context, request: RequestInfo, res: ServerResponse, now: number): Promise<{ done: boolean; source: ValidatorSource }> {
  const hook = route.options.etag as ((context: Context) => ValidatorSource | Promise<ValidatorSource>) | undefined;
  if (hook === undefined) return NO_HOOK;
  const source = await hook(context);
  const safe = SAFE.has(request.method);
  const offers = route.offers('object');
  const chosen = negotiate(offers, request.accept)[0];
  const representation = safe && offers.length > 1 && chosen !== undefined ? representationName(chosen) : undefined;
  const validators = toValidators(source, representation);
  const headers = safe ? request.headers : versionPreconditionHeaders(request.headers);
  const outcome = evaluatePreconditions({ method: request.method, requestHeaders: headers, validators: validators ?? {}, exists: validators !== undefined });
  if (outcome === 'precondition-failed') throw preconditionFailed();
  if (outcome === 'not-modified') {
    const own = presetHeaders(res);
    if (validators?.etag !== undefined) own.etag = validators.etag;
    if (variesByAccept(route, 'object')) own.vary = 'Accept';
    send(res, 304, notModifiedHeaders(cacheHeaders(request.method, route.cachePolicy, own, now)), undefined);
    return { done: true, source };
  }
  return { done: false, source };
}

const essences = new WeakMap<MediaType, string>();

/** `type/subtype` of a produced type (for `ctx.mediaType`), built once per type. */
function essenceOf(mediaType: MediaType): string {
  let text = essences.get(mediaType);
  if (text === undefined) essences.set(mediaType, (text = essence(mediaType)));
  return text;
}

/**
 * The dispatch behind `router.middleware()` and `router.wrap(listener)`: finds the routes whose
 * path matches in the index, selects the most specific, binds the inputs, answers preconditions
 * from an `.etag()` hook, reads the body, runs the handler and writes the result. Paths no route
 * matches go on with `next()`.
 */
function createDispatch(
  index: RouteIndex<Route>,
  options: DispatchOptions,
  express: ExpressPrototypes | undefined,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const clock = options.now ?? Date.now;

  async function answer(
    route: Route,
    candidates: readonly Route[],
    segments: readonly RequestSegment[],
    req: IncomingMessage,
    res: ServerResponse,
    request: RequestInfo,
    mediaType: string | undefined,
    exchange: DispatchExchange,
  ): Promise<void> {
    const now = clock();
    const context = bindContext(route, segments, request, exchange, mediaType);
    const preconditions = route.options.etag === undefined ? NO_HOOK : await checkPreconditions(route, context, request, res, now);
    if (preconditions.done) return;
    if (route.options.etag === undefined && !SAFE.has(request.method) && hasPreconditions(request)) {
      // No hook: ask the resource's GET route for its current validators, before anything changes.
      if ((await evaluateAgainstGet(candidates, segments, request, exchange.req, exchange.res)) === 'precondition-failed') throw preconditionFailed();
    }
    if (route.body !== undefined) (context as { body: unknown }).body = await readRequestBody(req, request, route);
    const result = toResult(await route.handler(context));
    // Timed out, client gone, or the handler wrote the response itself.
    if (exchange.aborted || res.headersSent || res.writableEnded) return;
    await writeRepresentation(res, request, route, result, now, preconditions.source);
  }

  return function dispatch(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const url = req.url ?? '/';
    const segments = splitRequestPath(url);
    const candidates = index.lookup(segments);
    if (candidates.length === 0) {
      next();
      return;
    }
    const request = createRequestInfo(req.method ?? 'GET', url, req.headers);
    const fail = (error: unknown): void => {
      if (!(error instanceof HttpError)) onError(error, req as Request);
      if (res.headersSent) {
        // Part of a response is on the wire: the only honest signal left is to cut the connection.
        res.destroy();
        return;
      }
      writeProblem(res, error, (req as { originalUrl?: string }).originalUrl ?? url, request.accept);
    };
    try {
      const selection = selectRoute(candidates, request);
      if (selection.kind === 'error') {
        fail(selection.error);
        return;
      }
      if (selection.kind === 'options') {
        res.setHeader('Allow', selection.allow.join(', '));
        res.statusCode = 204;
        res.end();
        return;
      }
      const { route } = selection;
      const best = route.producedTypes.length === 0 ? undefined : negotiate(route.producedTypes, request.accept)[0];
      const exchange = new DispatchExchange(req, res, express);
      const work = answer(route, candidates, segments, req, res, request, best === undefined ? undefined : essenceOf(best), exchange);
      if (route.timeout === undefined) {
        work.catch(fail);
        return;
      }
      let settled = false;
      const settle = (error?: unknown): void => {
        if (settled) {
          // The route already answered 503/504; a later failure is only worth a log line.
          if (error !== undefined && !(error instanceof HttpError)) onError(error, req as Request);
          return;
        }
        settled = true;
        clearTimeout(timer);
        if (error !== undefined) fail(error);
      };
      const { ms, status = 503 } = route.timeout;
      const timer = setTimeout(() => {
        const error = new HttpError(status, `The handler did not answer within ${ms} ms`, { type: ProblemType.timeout });
        exchange.cancellation.abort(error);
        settle(error);
      }, ms);
      work.then(() => settle(), settle);
    } catch (error) {
      fail(error);
    }
  };
}

/** The Express middleware behind `router.middleware()`; paths no route matches go on with `next()`. */
export function createDispatcher(index: RouteIndex<Route>, options: DispatchOptions): RequestHandler {
  const dispatch = createDispatch(index, options, undefined);
  return function representDispatcher(req: Request, res: Response, next: NextFunction): void {
    dispatch(req, res, () => next());
  };
}

/**
 * The request listener behind `router.wrap(listener)`: the routes answer their requests before
 * `listener` sees them, so none of Express's per-request work is done for them (unless a handler
 * reads `ctx.req`/`ctx.res`, which then are the Express app's); every other request goes to `listener`.
 */
export function createListener(index: RouteIndex<Route>, options: DispatchOptions, listener: RequestListener): RequestListener {
  const dispatch = createDispatch(index, options, expressPrototypesOf(listener));
  return function representListener(req: IncomingMessage, res: ServerResponse): void {
    dispatch(req, res, () => listener(req, res));
  };
}
