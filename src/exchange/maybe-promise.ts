/** A value, or a promise of it: what a step returns that finishes synchronously when it can. */
export type MaybePromise<T> = T | PromiseLike<T>;

/** Whether a value is a promise or another thenable, as `await` decides it. */
export function isThenable<T>(value: MaybePromise<T>): value is PromiseLike<T> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * `step(state, value)`: at once when `value` is not a thenable, after it resolves when it is. A
 * request whose handler and converter answer synchronously is then written in the same turn,
 * with no promise or microtask per step (`await` defers every step, even on a plain value, and
 * allocates for it). Errors thrown synchronously reach the caller synchronously; the dispatcher
 * catches both kinds.
 */
export function andThen<S, T, R>(value: MaybePromise<T>, step: (state: S, value: T) => MaybePromise<R>, state: S): MaybePromise<R> {
  return isThenable(value) ? Promise.resolve(value).then((settled) => step(state, settled)) : step(state, value);
}
