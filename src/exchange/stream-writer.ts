import type { ServerResponse } from 'node:http';
import { isGetOrHead } from '../caching/conditional-request';
import type { ResponseHeaderMap } from '../caching/header-map';
import { formatHttpDate } from '../caching/http-date';
import type { BodyConverter } from '../converters/body-converter';
import { notAcceptable } from '../errors/negotiation-errors';
import { negotiate } from '../http/accept-header';
import { type MediaType, formatMediaType, tryParseMediaType } from '../http/media-type';
import { DEFAULT_KEEP_ALIVE_MS, EventStream } from '../streams/event-stream';
import { formatRecordLine } from '../streams/record-lines';
import { KEEP_ALIVE_COMMENT, type ServerSentEvent, formatServerSentEvent } from '../streams/server-sent-event';
import { EVENT_STREAM_TYPE, RECORD_TYPES, isEventStreamType, recordStreamOffers } from '../streams/stream-offers';
import { checkedItems, declaresItems } from '../streams/stream-schema';
import { type StreamSource, streamSourceOf } from '../streams/stream-source';
import { representationName, toValidators } from '../validators';
import type { Exchange } from './exchange';
import type { StreamEnding } from './open-streams';
import { answerPreconditions } from './preconditions';
import { availableTypes } from './representation';
import { validatorHeaders } from './representation-writer';
import { finaliseHeaders, normaliseHeaders, notModifiedInstead, presetHeaders } from './response-headers';
import type { Result } from './result-writer';
import { send, startStream } from './send';
import { surrogateKeyLines } from './surrogate-key-lines';

/** What a streamed body's values are, as its first value (or its wrapper, or the route's `.returns(streamOf(...))`: `items`) tells. */
type StreamKind = 'bytes' | 'string' | 'records' | 'items' | 'events';

/** How each value of a stream becomes bytes on the wire. */
type Encode = (value: unknown) => string | Uint8Array;

/** The negotiated form of a stream: its type, its encoder, and what its entity tags are named. */
interface StreamRepresentation {
  readonly contentType: string;
  readonly encode: Encode;
  readonly tagName: string | undefined;
  readonly varies: boolean;
  /** Whether it is `text/event-stream`. */
  readonly events: boolean;
}

/** Why the writer stopped waiting: the client closed the connection, or the router ended the stream. */
const CLOSED = Symbol('closed');

/**
 * Writes a streamed body (a node `Readable`, a web `ReadableStream`, an async iterable, an
 * {@link EventStream}) as it comes, never holding more than one value of it:
 *
 * - its representation is negotiated as a value's is, from its first value: bytes and strings by
 *   the route's offers for bytes and strings (a string in the charset Accept asks for), other
 *   values as NDJSON / JSON Lines or server-sent events ({@link recordStreamOffers}); 406 when
 *   Accept allows none. `Vary`, the route's cache policy and the handler's or hook's validators
 *   apply as to any answer (304, 412); no entity tag is made from the bytes, which would mean
 *   holding them all.
 * - a failure before the first value (the handler's source rejecting) is a problem document; one
 *   after it cuts the connection (the dispatcher destroys a response under way), the only way
 *   left to tell the client the body is incomplete (RFC 9112 section 7.1: no last chunk).
 * - each write that fills the response's buffer waits for `drain` (backpressure: a slow client
 *   holds the source back, memory stays flat), and the client leaving stops the wait and cancels
 *   the source ({@link StreamSource.cancel}); `ctx.signal` is aborted then too.
 * - an {@link EventStream} is written only as `text/event-stream`, its head at once (the client's
 *   `EventSource` opens), a keep-alive comment whenever it was idle for its interval, and
 *   `Cache-Control: no-store`: events are for this client, now.
 * - a stream written as `text/event-stream` counts against the router's `eventStreams` caps (a
 *   503 problem with `Retry-After` in its place when one is reached), and ends when its lifetime
 *   passes or the router closes its streams: a last comment and a `retry:` go out, `ctx.signal` is
 *   aborted, the source is stopped and the response ends cleanly (its client reconnects with
 *   `Last-Event-ID`).
 *
 * The promise settles when the body is complete, or the client left.
 */
export async function writeStream(exchange: Exchange, result: Result, body: Parameters<typeof streamSourceOf>[0]): Promise<void> {
  const res = exchange.outgoing;
  const source = checkedItems(exchange.route.options.returns, streamSourceOf(body));
  const watch = new ConnectionWatch(res);
  try {
    const events = body instanceof EventStream;
    let first: IteratorResult<unknown> | undefined;
    if (!events) {
      const step = await watch.until(source.next());
      if (step === CLOSED) return source.cancel(watch.reason);
      first = step;
    }
    // Timed out (a 503 went) while the first value came: nothing of this stream is wanted.
    if (res.headersSent) return source.cancel(new Error('The response was answered already'));
    const kind: StreamKind = events ? 'events' : declaresItems(exchange.route.options.returns) ? 'items' : first!.done === true ? 'bytes' : streamKindOf(first!.value);
    const head = streamHead(exchange, result, kind);
    if (head.status === 304 || exchange.request.method === 'HEAD' || result.status === 204) {
      source.cancel(new Error('No body is sent'));
      return send(res, head.status, head.headers, undefined);
    }
    // Counted before the head goes out: over a cap, the answer is still a 503 problem.
    const streams = head.events ? exchange.streams : undefined;
    const open = streams?.admit(exchange.route, exchange.incoming, (ending) => watch.end(ending), events ? (body as EventStream).maxLifetime : undefined);
    try {
      if (!startStream(res, head.status, head.headers, events)) return source.cancel(new Error('The response was answered already'));
      exchange.streaming = true;
      const keepAlive = events ? (body as EventStream).keepAlive : head.events ? DEFAULT_KEEP_ALIVE_MS : 0;
      const ended = await pump(watch, source, head.encode, first, keepAlive);
      if (ended !== undefined) {
        // The source waits for its next value; its signal ends that wait, then return() stops it.
        const reason = new Error(ended === 'lifetime' ? 'The event stream reached its lifetime' : 'The router closed its event streams');
        exchange.cancellation.abort(reason);
        source.cancel(reason);
        res.end(streams!.farewell(ended));
      }
    } finally {
      open?.release();
    }
  } catch (error) {
    source.cancel(error);
    throw error;
  } finally {
    watch.stop();
  }
}

/** The kind of a stream whose first value is `value`. */
function streamKindOf(value: unknown): StreamKind {
  if (value instanceof Uint8Array) return 'bytes';
  return typeof value === 'string' ? 'string' : 'records';
}

/**
 * Writes the source's values until it ends (and ends the response) or the client leaves, waiting
 * for `drain` when the buffer is full; answers why the router ended it instead (the response
 * left for the caller to end), if it did.
 */
async function pump(watch: ConnectionWatch, source: StreamSource, encode: Encode, first: IteratorResult<unknown> | undefined, keepAlive: number): Promise<StreamEnding | undefined> {
  const res = watch.res;
  const idle = keepAlive > 0 ? new KeepAlive(res, keepAlive) : undefined;
  try {
    let step: IteratorResult<unknown> | typeof CLOSED = first ?? (await watch.until(source.next()));
    while (step !== CLOSED && step.done !== true) {
      idle?.written();
      if (!res.write(encode(step.value)) && (await watch.until(watch.drained())) === CLOSED) break;
      step = await watch.until(source.next());
    }
    if (watch.closed) {
      source.cancel(watch.reason);
      return undefined;
    }
    if (watch.ended !== undefined) return watch.ended;
    res.end();
    return undefined;
  } finally {
    idle?.stop();
  }
}

/**
 * Sends a keep-alive comment whenever nothing was written for an interval (WHATWG HTML section
 * 9.2.7), unless the response's buffer is full (the client is not reading; a comment would only
 * add to it).
 */
class KeepAlive {
  #active = false;
  readonly #timer: NodeJS.Timeout;

  constructor(res: ServerResponse, interval: number) {
    this.#timer = setInterval(() => {
      if (!this.#active && !res.writableNeedDrain && !res.writableEnded) res.write(KEEP_ALIVE_COMMENT);
      this.#active = false;
    }, interval);
  }

  written(): void {
    this.#active = true;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

/**
 * The response's connection as the writer waits on it: each wait (for the source's next value, for
 * `drain`) ends early when the client closes the connection, so that a source that waits (for a
 * change, for a database row) never holds a response nobody reads.
 */
class ConnectionWatch {
  closed = false;
  reason: Error | undefined;
  /** Why the router ended the stream, when it did. */
  ended: StreamEnding | undefined;
  /** The wait under way, told when the client leaves: one at a time, never a list that grows. */
  #waiting: ((value: typeof CLOSED) => void) | undefined;
  readonly #onClose = (): void => {
    if (this.res.writableFinished) return;
    this.closed = true;
    this.reason = new Error('The client closed the connection');
    this.#waiting?.(CLOSED);
  };

  constructor(readonly res: ServerResponse) {
    if (res.destroyed) this.#onClose();
    else res.on('close', this.#onClose);
  }

  /**
   * `work`'s value, or {@link CLOSED} when the client leaves first. Not `Promise.race` with one
   * promise of the close: each race leaves a reaction on that promise holding its own result (a
   * chunk), so a long stream would keep every chunk it wrote reachable until the end.
   */
  until<T>(work: Promise<T>): Promise<T | typeof CLOSED> {
    if (this.closed || this.ended !== undefined) return Promise.resolve(CLOSED);
    return new Promise<T | typeof CLOSED>((resolve, reject) => {
      this.#waiting = resolve;
      work.then(
        (value) => {
          this.#waiting = undefined;
          resolve(value);
        },
        (error: unknown) => {
          this.#waiting = undefined;
          reject(error);
        },
      );
    });
  }

  /** Ends the wait under way, and those after it, as the client leaving would: the router ends the stream. */
  end(ending: StreamEnding): void {
    this.ended ??= ending;
    this.#waiting?.(CLOSED);
  }

  /** Settles on the response's next `drain`. */
  drained(): Promise<void> {
    return new Promise((resolve) => this.res.once('drain', resolve));
  }

  stop(): void {
    this.res.off('close', this.#onClose);
    this.#waiting = undefined;
  }
}

/** A stream's status, final headers and encoder. */
interface StreamHead {
  readonly status: number;
  readonly headers: ResponseHeaderMap;
  readonly encode: Encode;
  readonly events: boolean;
}

/**
 * The head of a streamed response: the representation negotiated for its kind, the handler's
 * headers and the route's policy as {@link finaliseHeaders} settles them, the validators the
 * handler or the `.etag()` hook gave (answering the request's preconditions: 304 in place of the
 * stream, or a 412 thrown), `no-store` for events.
 */
function streamHead(exchange: Exchange, result: Result, kind: StreamKind): StreamHead {
  const { outgoing: res, request, route, now } = exchange;
  const preset = presetHeaders(res);
  const headers = { ...preset, ...normaliseHeaders(result.headers) };
  const explicitType = tryParseMediaType(headers['content-type'] as string | undefined);
  const representation = streamRepresentation(exchange, kind, explicitType);
  headers['content-type'] = representation.contentType;
  const given = toValidators(result.validators ?? exchange.validators?.answer, representation.tagName) ?? validatorHeaders(headers);
  if (given?.etag !== undefined) headers.etag = given.etag;
  if (given?.lastModified !== undefined) headers['last-modified'] = typeof given.lastModified === 'string' ? given.lastModified : formatHttpDate(given.lastModified);
  const finishing = { method: request.method, policy: route.cachePolicy, now, varies: representation.varies, varyFields: route.varyFields, surrogateKeys: surrogateKeyLines(exchange) };
  const final = finaliseHeaders('representation', headers, finishing);
  if (representation.events) {
    // Events are this client's, as they happen: no cache may keep or replay them.
    final['cache-control'] = 'no-store';
    delete final.expires;
  }
  if (given !== undefined && result.status === 200 && isGetOrHead(request.method) && answerPreconditions(exchange, given) === 'not-modified') {
    return { status: 304, headers: notModifiedInstead(final), encode: representation.encode, events: representation.events };
  }
  return { status: result.status, headers: final, encode: representation.encode, events: representation.events };
}

/** The representation of a stream of `kind` for the exchange's Accept: its Content-Type and encoder. 406 when Accept allows none. */
function streamRepresentation(exchange: Exchange, kind: StreamKind, explicitType: MediaType | undefined): StreamRepresentation {
  const { route } = exchange;
  if (kind === 'bytes' || kind === 'string') {
    const representation = exchange.representation(kind, explicitType);
    const chosen = representation.mediaType;
    if (chosen === undefined) throw notAcceptable(availableTypes(representation));
    const converter = route.registry.findWriter(kind, chosen);
    if (converter === undefined) throw new TypeError(`No body converter can write a ${kind} as ${formatMediaType(chosen)}`);
    const contentType = writtenType(converter, kind, chosen);
    const encode = kind === 'bytes' ? bytesAsIs : textIn(converter, chosen);
    return { contentType, encode, tagName: representation.tagName, varies: representation.varies, events: false };
  }
  const offers = kind === 'events' ? [EVENT_STREAM_TYPE] : recordStreamOffers(route.mapping.produces);
  if (offers.length === 0) {
    throw new TypeError(`A stream of values is written as ${[...RECORD_TYPES, EVENT_STREAM_TYPE].map(formatMediaType).join(', ')}; ${route.description} produces none of them`);
  }
  const chosen = explicitType ?? negotiate(offers, exchange.request.accept)[0];
  if (chosen === undefined) throw notAcceptable(offers.map(formatMediaType));
  const events = isEventStreamType(chosen);
  return {
    contentType: formatMediaType(chosen),
    // A declared item is an event's data; an undeclared record is the event itself.
    encode: events ? (kind === 'items' ? (value) => formatServerSentEvent({ data: value }) : (value) => formatServerSentEvent(value as ServerSentEvent)) : formatRecordLine,
    tagName: explicitType === undefined && offers.length > 1 ? representationName(chosen) : undefined,
    varies: explicitType === undefined && (offers.length > 1 || route.mapping.produces.expressions.length > 1),
    events,
  };
}

/** The Content-Type a converter labels a value of `kind` in `type` with (the charset it writes strings in). */
function writtenType(converter: BodyConverter, kind: 'bytes' | 'string', type: MediaType): string {
  const written = converter.write(kind === 'bytes' ? EMPTY : '', { mediaType: type });
  if (written instanceof Promise) throw new TypeError(`The ${converter.name} converter writes asynchronously; a stream's chunks are written as they come`);
  return written.contentType;
}

const EMPTY = Buffer.alloc(0);

/** Bytes go out as they are; a string among them in UTF-8. */
function bytesAsIs(value: unknown): string | Uint8Array {
  if (value instanceof Uint8Array || typeof value === 'string') return value;
  throw new TypeError(`A stream of bytes yielded a ${typeof value}`);
}

/** Strings in the charset the converter writes the chosen type in; bytes among them as they are. */
function textIn(converter: BodyConverter, type: MediaType): Encode {
  return (value) => {
    if (value instanceof Uint8Array) return value;
    if (typeof value !== 'string') throw new TypeError(`A stream of text yielded a ${typeof value}`);
    return (converter.write(value, { mediaType: type }) as { body: Buffer }).body;
  };
}
