import type { ServerResponse } from 'node:http';
import type { RouteCaching } from '../caching/route-caching';

const DECLARED = Symbol('represent.routeCaching');
const LISTENER = Symbol('represent.routeCaching.listener');

/** A response as the notice marks it. */
interface Noticed {
  [DECLARED]?: RouteCaching;
  [LISTENER]?: (caching: RouteCaching) => void;
}

/**
 * Tells a shared cache in front (`cache()`, which runs before any route is selected) what the
 * route selected for a response declares of its answers: marked on the response when the route is
 * selected, only for a route that declares something ({@link RouteCaching}), so that the cache
 * reads it when the answer's head arrives, and a listener it set hears it at once.
 */
export function declareRouteCaching(res: ServerResponse, caching: RouteCaching): void {
  const noticed = res as ServerResponse & Noticed;
  noticed[DECLARED] = caching;
  noticed[LISTENER]?.(caching);
}

/** What the route selected for `res` declared; `undefined` when it declared nothing, or no route of this library answers. */
export function declaredRouteCaching(res: ServerResponse): RouteCaching | undefined {
  return (res as ServerResponse & Noticed)[DECLARED];
}

/** Calls `listener` once a route declares something for `res` (at once, if one has); after any listener set before. */
export function whenRouteCachingDeclared(res: ServerResponse, listener: (caching: RouteCaching) => void): void {
  const noticed = res as ServerResponse & Noticed;
  const declared = noticed[DECLARED];
  if (declared !== undefined) return listener(declared);
  const before = noticed[LISTENER];
  noticed[LISTENER] =
    before === undefined
      ? listener
      : (caching) => {
          before(caching);
          listener(caching);
        };
}
