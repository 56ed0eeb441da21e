import type { Request } from 'express';
import type { FinishedResponse, HookContext, HookSet, HookSource, OutgoingHead } from '../dsl/hooks';
import type { ResponseEntity } from '../response-entity';
import type { Context } from './exchange';
import { ANSWERED, expressHook } from './express-hook';
import { type MaybePromise, isThenable } from './maybe-promise';

/** An `onRequest` hook as the pipeline calls it: `ANSWERED` when it wrote the response itself. */
export type ArrivalHook = (context: HookContext<Record<string, unknown>>) => MaybePromise<void | typeof ANSWERED>;
/** A `preHandler` hook as the pipeline calls it. */
export type GuardHook = (context: Context) => MaybePromise<void | ResponseEntity>;
/** An `onSend` hook as the pipeline calls it. */
export type SendHook = (context: HookContext<Record<string, unknown>>, head: OutgoingHead) => void;
/** An `onResponse` hook as the pipeline calls it. */
export type FinishHook = (context: HookContext<Record<string, unknown>>, finished: FinishedResponse) => void;
/** An `onError` hook as the pipeline calls it. */
export type ErrorHook = (error: unknown, req: Request) => void;

/**
 * The hooks of a router or a route, one list per point, settled when it is declared: a point
 * without hooks is `undefined`, so that the pipeline tests it and allocates nothing for it.
 */
export interface HookPoints {
  readonly onRequest: readonly ArrivalHook[] | undefined;
  readonly preHandler: readonly GuardHook[] | undefined;
  readonly onSend: readonly SendHook[] | undefined;
  readonly onResponse: readonly FinishHook[] | undefined;
  readonly onError: readonly ErrorHook[] | undefined;
}

/** The router-level hook points, read by the dispatch on every request (routes combine them when declared). */
export interface RouterHooks {
  points: HookPoints | undefined;
}

type Point = keyof HookPoints;
const POINTS: readonly Point[] = ['onRequest', 'preHandler', 'onSend', 'onResponse', 'onError'];

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
    const own: Partial<Record<Point, readonly unknown[]>> = {};
    for (const point of POINTS) {
      const hook = set[point];
      if (hook === undefined) continue;
      if (typeof hook !== 'function') throw new TypeError(`The ${point} hook must be a function`);
      own[point] = [hook];
    }
    points = combineHooks(points, own as Partial<HookPoints>);
  }
  return points;
}

/** The router's hook points, then the route's (as the route conditions combine: router first). */
export function combineHooks(first: Partial<HookPoints> | undefined, second: Partial<HookPoints> | undefined): HookPoints | undefined {
  if (second === undefined) return first as HookPoints | undefined;
  if (first === undefined && POINTS.every((point) => second[point] === undefined)) return undefined;
  const combined = {} as Record<Point, readonly unknown[] | undefined>;
  for (const point of POINTS) combined[point] = joined<unknown>(first?.[point], second[point]);
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
