import type { HookSet, HookSource } from '../dsl/hooks';
import type { HookPoints } from '../routing/route-hooks';
import { expressHook } from './express-hook';
import { type MaybePromise, isThenable } from './maybe-promise';

export type { HookPoints } from '../routing/route-hooks';

/**
 * The router-level hooks: as declared (routes combine them, their security declarations
 * included), and the points the dispatch runs on every request (`undefined` when none does).
 */
export interface RouterHooks {
  declared: HookPoints | undefined;
  points: HookPoints | undefined;
}

/** Settles the router's hooks as declared, and the points that run of them ({@link runningPoints}). */
export function declareRouterHooks(hooks: RouterHooks, declared: HookPoints | undefined): void {
  hooks.declared = declared;
  hooks.points = runningPoints(declared);
}

/**
 * The points of `points` that run per request: `undefined` when it declares nothing but security
 * schemes (an OpenAPI declaration), so that a request of such a router or route makes no hook scope.
 */
export function runningPoints(points: HookPoints | undefined): HookPoints | undefined {
  return points !== undefined && POINTS.some((point) => points[point] !== undefined) ? points : undefined;
}

type Point = Exclude<keyof HookPoints, 'security'>;
const POINTS: readonly Point[] = ['onRequest', 'preHandler', 'onSend', 'onResponse', 'onError'];
/** What combines, router first: the points and the security declarations. */
const FIELDS: readonly (keyof HookPoints)[] = [...POINTS, 'security'];

function joined<T>(first: readonly T[] | undefined, second: readonly T[] | undefined): readonly T[] | undefined {
  if (first === undefined) return second;
  if (second === undefined) return first;
  return [...first, ...second];
}

/**
 * The hook points of a list of sources, in order; Express middleware `(req, res, next)` becomes an
 * `onRequest` hook. `undefined` when there are none at all: a route without hooks pays nothing.
 */
export function compileHooks(sources: readonly HookSource<never>[]): HookPoints | undefined {
  let points: HookPoints | undefined;
  for (const source of sources) {
    const set: HookSet<never> =
      typeof source === 'function' ? { onRequest: expressHook(source) as HookSet<never>['onRequest'] } : (source as HookSet<never>);
    if (typeof set !== 'object' || set === null) throw new TypeError('A hook is a set of lifecycle hooks ({ onRequest, preHandler, ... }) or Express middleware');
    const own: Partial<Record<keyof HookPoints, readonly unknown[]>> = {};
    for (const point of POINTS) {
      const hook = set[point];
      if (hook === undefined) continue;
      if (typeof hook !== 'function') throw new TypeError(`The ${point} hook must be a function`);
      own[point] = [hook];
    }
    if (set.security !== undefined) own.security = [set.security];
    points = combineHooks(points, own as Partial<HookPoints>);
  }
  return points;
}

/** The router's hook points, then the route's (as the route conditions combine: router first). */
export function combineHooks(first: Partial<HookPoints> | undefined, second: Partial<HookPoints> | undefined): HookPoints | undefined {
  if (second === undefined) return first as HookPoints | undefined;
  if (first === undefined && FIELDS.every((field) => second[field] === undefined)) return undefined;
  const combined = {} as Record<keyof HookPoints, readonly unknown[] | undefined>;
  for (const field of FIELDS) combined[field] = joined<unknown>(first?.[field], second[field]);
  return combined as unknown as HookPoints;
}

/**
 * Runs `hooks` in order from `start`, each after the previous one settled, until one answers (a
 * value other than `undefined`, which is returned). Synchronous hooks run in the same turn.
 */
export function runHooks<C, A>(hooks: readonly ((context: C) => MaybePromise<A | void>)[], context: C, start = 0): MaybePromise<A | void> {
  for (let index = start; index < hooks.length; index++) {
    const answer = hooks[index]!(context);
    if (isThenable(answer)) {
      const next = index + 1;
      return Promise.resolve(answer).then((settled) => (settled === undefined ? runHooks(hooks, context, next) : settled));
    }
    if (answer !== undefined) return answer;
  }
  return undefined;
}
