import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { sendProblem } from './problem-response';

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
