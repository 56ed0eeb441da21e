import type { ServerSentEvent } from './server-sent-event';

/** Options of {@link eventStream}. */
export interface EventStreamOptions {
  /**
   * How often a keep-alive comment is sent while no event is (milliseconds): proxies and load
   * balancers close connections that stay idle. Default 15 000; 0 sends none.
   */
  readonly keepAlive?: number;
  /**
   * How long this stream may stay open before the router ends it with a `retry:` hint (the
   * client reconnects with `Last-Event-ID`), in milliseconds; `Infinity` for none. Default: the
   * router's `eventStreams.maxLifetime` (15 minutes).
   */
  readonly maxLifetime?: number;
}

/** The keep-alive interval when none is given. */
export const DEFAULT_KEEP_ALIVE_MS = 15_000;

/**
 * Server-sent events a handler returns (`return eventStream(changes())`): written as
 * `text/event-stream` (WHATWG HTML section 9.2) only, one event per value the source yields, with
 * keep-alive comments while it is idle; never stored by a cache. The head goes out as soon as
 * the handler returns it, so the client's `EventSource` opens at once.
 */
export class EventStream implements AsyncIterable<ServerSentEvent> {
  /** The keep-alive interval, in milliseconds (0: none). */
  readonly keepAlive: number;
  /** This stream's own lifetime, in milliseconds; `undefined`: the router's. */
  readonly maxLifetime: number | undefined;

  constructor(
    /** The events, in order. */
    readonly events: AsyncIterable<ServerSentEvent>,
    options: EventStreamOptions = {},
  ) {
    const keepAlive = options.keepAlive ?? DEFAULT_KEEP_ALIVE_MS;
    if (!Number.isFinite(keepAlive) || keepAlive < 0) throw new RangeError(`An event stream's keep-alive is a number of milliseconds >= 0, not ${keepAlive}`);
    this.keepAlive = keepAlive;
    const lifetime = options.maxLifetime;
    if (lifetime !== undefined && !(lifetime === Infinity || (Number.isInteger(lifetime) && lifetime >= 1))) throw new RangeError(`An event stream's maxLifetime is a whole number of milliseconds >= 1 or Infinity, not ${lifetime}`);
    this.maxLifetime = lifetime;
  }

  /** The events, in the order the handler's source gives them. */
  [Symbol.asyncIterator](): AsyncIterator<ServerSentEvent> {
    return this.events[Symbol.asyncIterator]();
  }
}

/**
 * The events of `source` as a `text/event-stream` response, with keep-alive comments every
 * `options.keepAlive` ms while it is idle. Bind the `Last-Event-ID` header the client sends when
 * it reconnects (`.header('Last-Event-ID', { required: false })`) to resume after it.
 */
export function eventStream(source: AsyncIterable<ServerSentEvent>, options?: EventStreamOptions): EventStream {
  return new EventStream(source, options);
}
