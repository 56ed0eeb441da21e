import type { IncomingMessage } from 'node:http';

/**
 * The bounds of a router's event streams (`createRouter({ eventStreams: { ... } })`): each open
 * stream holds a connection, a socket's buffers and what its source keeps, for as long as its
 * client likes, so without bounds a few clients that open streams and read nothing take every
 * connection the server has. A stream over a cap is refused with a 503 problem and `Retry-After`
 * (RFC 9110 sections 15.6.4, 10.2.3); one that reaches its lifetime ends cleanly with a `retry:`
 * hint, and its client's `EventSource` reconnects with `Last-Event-ID`.
 */
export interface EventStreamLimits {
  /** The most event streams open at once on the router, all routes together. Default 500. */
  readonly maxStreams?: number;
  /** The most event streams open at once on one route. Default 500 (the router's cap). */
  readonly maxStreamsPerRoute?: number;
  /**
   * The most event streams open at once from one client address ({@link clientOf}). Default 20:
   * a browser opens one per tab, and clients behind one NAT share an address.
   */
  readonly maxStreamsPerClient?: number;
  /**
   * How long a stream may stay open, in milliseconds, before the router ends it (its client
   * reconnects with `Last-Event-ID`, to this server or another): a stream's connection is then
   * never held forever, and a deployment's streams move to its new instances. Default 15 minutes;
   * `Infinity` for none. A stream's own `eventStream(source, { maxLifetime })` replaces it.
   */
  readonly maxLifetime?: number;
  /** The `Retry-After` of a stream refused at a cap, in seconds. Default 5. */
  readonly retryAfter?: number;
  /**
   * The `retry:` the client is sent when the router ends its stream (its lifetime, or
   * `router.closeEventStreams()`), in milliseconds: each stream is told a delay between this and
   * twice this, at random, so that streams ended together do not all come back at once. Default 1 000.
   */
  readonly reconnectDelay?: number;
  /**
   * The client a request comes from, for {@link maxStreamsPerClient}: the connection's remote
   * address by default. Behind a proxy, the address the proxy says it forwarded for (a header only
   * the proxy can set); `undefined` counts the stream against no client.
   */
  readonly clientOf?: (req: IncomingMessage) => string | undefined;
}

/** The bounds in force: every limit given or defaulted, and checked. */
export type StreamLimits = Required<EventStreamLimits>;

/** The default bounds of a router's event streams. */
export const DEFAULT_EVENT_STREAM_LIMITS: StreamLimits = Object.freeze({
  maxStreams: 500,
  maxStreamsPerRoute: 500,
  maxStreamsPerClient: 20,
  maxLifetime: 15 * 60_000,
  retryAfter: 5,
  reconnectDelay: 1_000,
  clientOf: (req: IncomingMessage) => req.socket?.remoteAddress,
});

/** `options` over the defaults; a RangeError naming a limit that is not a number it can be. */
export function settleStreamLimits(options: EventStreamLimits = {}): StreamLimits {
  const limits = { ...DEFAULT_EVENT_STREAM_LIMITS, ...definedOnly(options) };
  for (const name of ['maxStreams', 'maxStreamsPerRoute', 'maxStreamsPerClient', 'maxLifetime'] as const) {
    const value = limits[name];
    if (!(value === Infinity || (Number.isInteger(value) && value >= 1))) throw new RangeError(`eventStreams.${name} is a whole number >= 1 or Infinity, not ${value}`);
  }
  for (const name of ['retryAfter', 'reconnectDelay'] as const) {
    const value = limits[name];
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`eventStreams.${name} is a whole number >= 0, not ${value}`);
  }
  if (typeof limits.clientOf !== 'function') throw new TypeError('eventStreams.clientOf is a function of the request');
  return limits;
}

function definedOnly(options: EventStreamLimits): EventStreamLimits {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as EventStreamLimits;
}

/** How many event streams are open: on the router, on the route asked for, from the client asking. */
export interface OpenCounts {
  readonly total: number;
  readonly route: number;
  /** `undefined` when the request names no client. */
  readonly client: number | undefined;
}

/** Why a new event stream is refused: a cap it would pass, or the router closing its streams. */
export type StreamRefusal = 'closing' | 'total' | 'route' | 'client';

/**
 * Whether one more event stream may open, given those open: the first cap it would pass (the
 * router's, the route's, the client's), `closing` once the router ends its streams, or
 * `undefined` when it may.
 */
export function streamRefusal(open: OpenCounts, limits: Pick<StreamLimits, 'maxStreams' | 'maxStreamsPerRoute' | 'maxStreamsPerClient'>, closing: boolean): StreamRefusal | undefined {
  if (closing) return 'closing';
  if (open.total >= limits.maxStreams) return 'total';
  if (open.route >= limits.maxStreamsPerRoute) return 'route';
  if (open.client !== undefined && open.client >= limits.maxStreamsPerClient) return 'client';
  return undefined;
}
