import type { Logger } from 'pino';
import { hooks } from '../../src';
import type { SharedCache } from '../../src/entries/cache';

/**
 * The access log as a router hook: one line per answer, once its response is finished or its
 * connection closed before: method, path, status (`aborted` when the connection closed first),
 * body bytes, duration in milliseconds from the request's arrival at the router, the request id,
 * and how the shared cache answered (`cache`: `HIT` for a stored response or a 304 made from one,
 * `MISS`, ...) when it did. The service runs the shared cache as a router hook after this one, so
 * its hits end in this hook too. Asked of the cache, not read from the response: a stored response
 * is written in one `writeHead`.
 */
export function accessLog(logger: Logger, sharedCache?: SharedCache) {
  return hooks<{ requestId?: string }>({
    onResponse(ctx, { status, bytes, ms, finished }) {
      const cache = sharedCache?.statusOf(ctx.res);
      logger.info(
        {
          method: ctx.method,
          path: ctx.target,
          status: finished ? status : 'aborted',
          bytes,
          ms: Math.round(ms * 100) / 100,
          requestId: ctx.state.requestId,
          ...(cache !== undefined && { cache }),
        },
        'request',
      );
    },
  });
}
