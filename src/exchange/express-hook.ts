import type { ExpressMiddleware, HookContext } from '../dsl/hooks';
import { withItsStatus } from '../errors/http-error';
import type { MaybePromise } from './maybe-promise';

/** What an `onRequest` hook answers when it wrote the response itself (Express middleware that did not call `next`). */
export const ANSWERED: unique symbol = Symbol('answered');

/**
 * Standard Express middleware `(req, res, next)` as an `onRequest` hook, run unchanged: it gets
 * Express's request and response (under `router.wrap(app)` node's, lent the app's prototypes as a
 * handler's are). `next()` goes on (synchronously when the middleware called it synchronously, as
 * cors does); `next(error)` ends the request with the error, answered with its status
 * (`http-errors` style: 401, 403, 429 as problems); a response the middleware wrote (a CORS
 * pre-flight, a rate limiter's 429) ends it there.
 */
export function expressHook(middleware: ExpressMiddleware): (context: HookContext<Record<string, unknown>>) => MaybePromise<void | typeof ANSWERED> {
  return function expressMiddlewareHook(context) {
    const req = context.req;
    const res = context.res;
    let outcome: { readonly error: unknown } | undefined;
    let settle: ((error: unknown) => void) | undefined;
    const next = (error?: unknown): void => {
      if (outcome !== undefined) return;
      // 'route' and 'router' skip the rest of an Express router: here, they go on.
      outcome = { error: error === 'route' || error === 'router' ? undefined : error };
      settle?.(outcome.error);
    };
    middleware(req, res, next);
    if (outcome !== undefined) {
      if (outcome.error !== undefined) throw withItsStatus(outcome.error);
      return undefined;
    }
    if (res.writableEnded) return ANSWERED;
    return new Promise<void | typeof ANSWERED>((resolve, reject) => {
      const ended = (): void => {
        settle = undefined;
        resolve(ANSWERED);
      };
      res.once('finish', ended);
      res.once('close', ended);
      settle = (error) => {
        res.off('finish', ended);
        res.off('close', ended);
        if (error === undefined) resolve();
        else reject(withItsStatus(error));
      };
    });
  };
}
