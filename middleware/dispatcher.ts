import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createRequestInfo } from '../src/conditions/request-info';
import { HttpError } from '../src/errors/http-error';
import type { RequestSegment } from '../src/routing/request-path';
import { splitRequestPath } from '../src/routing/request-path';
import type { Route } from '../src/routing/route';
import type { RouteIndex } from '../src/routing/route-index';
import { selectRoute } from '../src/routing/route-selection';
import { bindContext } from './context-binder';
import { DEFAULT_BODY_LIMIT } from './body-reader';
import { writeProblem } from './problem-writer';
import { readRequestBody, writeRepresentation, negotiateResponseType } from './representation';
import { toResult } from './result-writer';

/** Options of the dispatch middleware. */
export interface DispatchOptions {
  /** The largest request body accepted, in bytes (default 1 MB); larger bodies answer 413. */
  readonly bodyLimit?: number;
  /** Called with errors that are not {@link HttpError}s (answered as 500). Default: `console.error`. */
  readonly onError?: (error: unknown, req: Request) => void;
}

/**
 * The middleware behind `router.middleware()`: finds the routes whose path matches in the index,
 * selects the most specific, binds the inputs, reads the body, runs the handler and writes the
 * result. Paths that no route matches go on with `next()`.
 */
export function createDispatcher(index: RouteIndex<Route>, options: DispatchOptions): RequestHandler {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const onError = options.onError ?? ((error: unknown) => console.error(error));

  async function answer(route: Route, segments: readonly RequestSegment[], req: Request, res: Response, request: ReturnType<typeof createRequestInfo>, produces: Parameters<typeof negotiateResponseType>[1]): Promise<void> {
    const mediaType = negotiateResponseType(request, produces);
    const context = bindContext(route, segments, request, req, res, mediaType);
    const body = route.body === undefined ? undefined : await readRequestBody(req, request, route, bodyLimit);
    const result = toResult(await route.handler({ ...context, body }));
    if (res.headersSent || res.writableEnded) return;
    writeRepresentation(res, request, result, produces, mediaType);
  }

  return function representDispatcher(req: Request, res: Response, next: NextFunction): void {
    const segments = splitRequestPath(req.url);
    const candidates = index.lookup(segments);
    if (candidates.length === 0) {
      next();
      return;
    }
    const request = createRequestInfo(req.method, req.url, req.headers);
    const fail = (error: unknown): void => {
      if (!(error instanceof HttpError)) onError(error, req);
      if (res.headersSent) {
        // Part of a response is on the wire: the only honest signal left is to cut the connection.
        res.destroy();
        return;
      }
      writeProblem(res, error, req.originalUrl);
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
      answer(selection.route, segments, req, res, request, selection.match.produces).catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}
