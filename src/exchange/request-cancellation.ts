import type { ServerResponse } from 'node:http';

/**
 * The cancellation of one request: aborted when the route's time limit passes or the client
 * closes the connection before the response is complete. Its `AbortSignal` (`ctx.signal`) is made
 * only when a handler asks for it, with the listener it needs: most handlers never do, and an
 * AbortController and a `close` listener per request are a measurable part of a small request.
 */
export class RequestCancellation {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;

  constructor(private readonly res: ServerResponse) {}

  /** The signal; aborted already when the cancellation happened before it was asked for. */
  get signal(): AbortSignal {
    if (this.#controller !== undefined) return this.#controller.signal;
    const controller = (this.#controller = new AbortController());
    if (this.#aborted) controller.abort(this.#reason);
    else if (clientGone(this.res)) controller.abort(clientClosed());
    else if (!this.res.writableFinished) {
      this.res.once('close', () => {
        if (!this.res.writableFinished) controller.abort(clientClosed());
      });
    }
    return controller.signal;
  }

  /** Whether the request was cancelled: timed out, or the client left before the response was complete. */
  get aborted(): boolean {
    return this.#aborted || clientGone(this.res) || (this.#controller?.signal.aborted ?? false);
  }

  /**
   * Whether `error` is what the handler's signal was aborted with, or an error it caused (node's
   * `AbortError`s carry it as their `cause`): what a handler that passed `ctx.signal` on rejects
   * with once the request is cancelled, which is not a fault to report.
   */
  causedBy(error: unknown): boolean {
    const signal = this.#controller?.signal;
    if (signal === undefined || !signal.aborted) return false;
    // Not `instanceof Error`: node's own errors may come from another realm than the handler's.
    return error === signal.reason || (typeof error === 'object' && error !== null && (error as { cause?: unknown }).cause === signal.reason);
  }

  /** Cancels the request (its time limit passed); the signal, now or when made, carries `reason`. */
  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}

/** Whether the client left before the response was complete. */
export function clientGone(res: ServerResponse): boolean {
  return res.destroyed && !res.writableFinished;
}

function clientClosed(): Error {
  return new Error('The client closed the connection');
}
