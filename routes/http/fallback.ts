import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { NotFound, writeProblemFor } from '../../src';
import { sendProblem } from './problem-response';

/** Paths no route matches: a 404 problem document (RFC 9457), negotiated like every other error of the service. */
export const notFound: RequestHandler = function notFound(req, res) {
  writeProblemFor(req, res, new NotFound(`No resource at ${req.path}`));
};

/** Errors thrown outside the router: logged, and answered with a 500 problem that says nothing of them. */
export function serverError(logger: Logger): ErrorRequestHandler {
  return function serverError(error, req, res, _next) {
    logger.error({ err: error, method: req.method, path: req.originalUrl }, 'unhandled error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendProblem(res, { status: 500, title: 'Internal Server Error', detail: 'The server could not answer this request' }, req.originalUrl);
  };
}
