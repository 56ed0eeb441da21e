import type { TracingChannel } from 'node:diagnostics_channel';
import { type MaybePromise, isThenable } from './maybe-promise';
import type { RouteStepMessage } from '../diagnostics/channels';

/**
 * Runs one step of a route (its handler, reading its body) under a TracingChannel, as
 * `traceSync` and `tracePromise` would, but for a step that answers synchronously or with a
 * promise: `start`, the call (inside the stores bound to `start`), `end`; `error` when it throws
 * or rejects; `asyncStart` and `asyncEnd` when a promise it returned settles. Called only when
 * the channel has subscribers: without, the caller calls the step as it is, allocating nothing.
 */
export function traceStep<T>(channel: TracingChannel<object, RouteStepMessage>, published: RouteStepMessage, step: () => MaybePromise<T>): MaybePromise<T> {
  return channel.start.runStores(published, () => {
    let answer: MaybePromise<T>;
    try {
      answer = step();
    } catch (error) {
      published.error = error;
      channel.error.publish(published);
      channel.end.publish(published);
      throw error;
    }
    if (!isThenable(answer)) {
      published.result = answer;
      channel.end.publish(published);
      return answer;
    }
    published.pending = true;
    channel.end.publish(published);
    return Promise.resolve(answer).then(
      (result) => {
        published.pending = false;
        published.result = result;
        channel.asyncStart.publish(published);
        channel.asyncEnd.publish(published);
        return result;
      },
      (error: unknown) => {
        published.pending = false;
        published.error = error;
        channel.error.publish(published);
        channel.asyncStart.publish(published);
        channel.asyncEnd.publish(published);
        throw error;
      },
    );
  });
}
