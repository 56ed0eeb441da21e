import type { MultipartPart } from './multipart-part';

/** The parser's side of a {@link MultipartParts}: how its parts are pulled, and how the body ends. */
export interface PartFeed {
  /** The next part; `done` after the last. Rejects with the body's failure (a 413, a 400). */
  next(): Promise<IteratorResult<MultipartPart>>;
  /** Reads the rest of the body, throwing away the parts not read; rejects with the body's failure. */
  settle(): Promise<void>;
  /** Stops reading the body; the rest is thrown away unread. */
  abandon(): Promise<void>;
}

/**
 * A `multipart/form-data` body (RFC 7578) handed on as it arrives, its files never stored: the
 * class doubles as the body-kind token, and a route declares `.body(MultipartParts)` to receive
 * one. Iterate it once (`for await (const part of ctx.body)`): each part is a field
 * (`{ kind: 'field', name, value }`) or a file (`{ kind: 'file', field, filename, mediaType, stream }`)
 * whose `stream` the handler reads (pipes to storage, to a hash) before it asks for the next part,
 * with backpressure: while a file is not read, neither is the rest of the request.
 *
 * The converter's limits apply as the bytes arrive: a part that passes one fails (its stream, or
 * the iteration) with the 413 naming it, the rest of the body is thrown away, and the router
 * answers that 413 whatever the handler returned. A file part left unread when the next part is
 * asked for, and the parts after the last one read when the handler returns, are read and thrown
 * away: the handler's answer is written once the whole body has arrived, or its failure instead.
 */
export class MultipartParts implements AsyncIterable<MultipartPart> {
  readonly #feed: PartFeed;
  #iterated = false;

  /** @param feed - where the parts come from (the converter makes it) */
  constructor(feed: PartFeed) {
    this.#feed = feed;
  }

  /** The parts, in the order they arrive; once only (they are not kept). */
  [Symbol.asyncIterator](): AsyncIterator<MultipartPart> {
    if (this.#iterated) throw new TypeError('The parts of a multipart body are read once: they are not kept');
    this.#iterated = true;
    // Leaving a loop early stops nothing: the router reads the rest once the handler returns.
    return { next: () => this.#feed.next(), return: () => Promise.resolve({ done: true, value: undefined }) };
  }

  /**
   * Reads what is left of the body, throwing away the parts not read, and rejects with what failed
   * (a limit passed, the client leaving, a malformed part). The router calls it when the handler
   * returns, before writing its answer.
   */
  settle(): Promise<void> {
    return this.#feed.settle();
  }

  /** Stops reading the body, the rest thrown away. The router calls it when the handler fails, or the response is over. */
  abandon(): Promise<void> {
    return this.#feed.abandon();
  }
}
