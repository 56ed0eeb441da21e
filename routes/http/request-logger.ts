import cluster from 'node:cluster';
import type { RequestHandler } from 'express';
import pino, { type Logger } from 'pino';
import type { SharedCache } from '../../src/entries/cache';

/**
 * The service's logger: JSON lines on stdout, `info` by default, `LOG_LEVEL` to change it, and
 * silent under `NODE_ENV=test` so that test output stays readable. In a worker of `npm run
 * start:cluster` each line names the worker (`"worker":2`).
 */
export function createLogger(env: NodeJS.ProcessEnv = process.env): Logger {
  const level = env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');
  return pino({ level, base: cluster.isWorker ? { worker: cluster.worker!.id } : undefined });
}

/**
 * One log line per request, when its response is finished or the connection closes before:
 * method, path, status, duration in milliseconds, and how the shared cache in front of the routes
 * answered (`cache`: `HIT` for a stored response or a 304 made from one, `MISS`, ...) when it did.
 * Asked of the cache, not read from the response: a stored response is written in one `writeHead`
 * whose fields `res.getHeader` never sees.
 */
export function requestLogger(logger: Logger, sharedCache?: SharedCache): RequestHandler {
  return function logRequest(req, res, next) {
    const start = process.hrtime.bigint();
    let logged = false;
    const log = (): void => {
      if (logged) return;
      logged = true;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const cache = sharedCache?.statusOf(res);
      logger.info(
        { method: req.method, path: req.originalUrl, status: res.writableFinished ? res.statusCode : 'aborted', ms: Math.round(ms * 100) / 100, ...(cache !== undefined && { cache }) },
        'request',
      );
    };
    res.once('finish', log);
    res.once('close', log);
    next();
  };
}
