import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

function problem(res: Response, status: number, title: string, detail: string, instance: string): void {
  const body = JSON.stringify({ type: 'about:blank', title, status, detail, instance });
  res.status(status).set({ 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store' }).send(body);
}

/** Paths no route matches: a 404 problem document (RFC 9457), like every other error of the service. */
export const notFound: RequestHandler = function notFound(req, res) {
  problem(res, 404, 'Not Found', `No resource at ${req.path}`, req.originalUrl);
};

/** Errors thrown outside the router: logged, and answered with a 500 problem that says nothing of them. */
export function serverError(logger: Logger): ErrorRequestHandler {
  return function serverError(error, req, res, _next) {
    logger.error({ err: error, method: req.method, path: req.originalUrl }, 'unhandled error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    problem(res, 500, 'Internal Server Error', 'The server could not answer this request', req.originalUrl);
  };
}
