import { Readable } from 'node:stream';
import { ReadableStream } from 'node:stream/web';

/**
 * A streamed response body as the writer pulls it: one value at a time, and a way to stop it
 * that releases what it holds (a file descriptor, a database cursor, a subscription).
 */
export interface StreamSource {
  /** The next value; `done` once the source has no more. Rejects when the source fails. */
  next(): Promise<IteratorResult<unknown>>;
  /**
   * Stops the source early (the client left, the response failed): a node `Readable` is
   * destroyed, a web `ReadableStream` cancelled, an async iterator's `return()` called (an async
   * generator's `finally` runs once its pending step settles). Never throws.
   */
  cancel(reason: unknown): void;
}

/**
 * Whether a handler's value is a streamed body: a node `Readable`, a web `ReadableStream` or any
 * other async iterable. Arrays, strings and other synchronous iterables are values, not streams.
 */
export function isStreamBody(value: unknown): value is Readable | ReadableStream | AsyncIterable<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  return value instanceof ReadableStream || typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}

const ignore = (): void => undefined;

/** The source that pulls a streamed body's values. */
export function streamSourceOf(body: Readable | ReadableStream | AsyncIterable<unknown>): StreamSource {
  if (body instanceof ReadableStream) {
    // A reader, not the stream's async iterator: cancelling a reader settles a read under way, so
    // a source that waits for data is released at once.
    const reader = (body as ReadableStream<unknown>).getReader();
    return {
      next: () => reader.read() as Promise<IteratorResult<unknown>>,
      cancel: (reason) => void reader.cancel(reason).catch(ignore),
    };
  }
  const iterator = body[Symbol.asyncIterator]();
  if (body instanceof Readable) {
    return {
      next: () => iterator.next(),
      // Destroyed, not returned: return() would wait behind a read under way.
      cancel: () => void body.destroy(),
    };
  }
  return {
    next: () => iterator.next(),
    cancel: (reason) => {
      try {
        const returned = iterator.return?.(reason);
        if (returned !== undefined) returned.then(ignore, ignore);
      } catch {
        // A source that fails to stop has nothing more to give: the response is over either way.
      }
    },
  };
}
