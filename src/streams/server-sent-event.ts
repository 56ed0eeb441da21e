/**
 * One server-sent event (WHATWG HTML section 9.2, `text/event-stream`): what an event stream's
 * handler yields. Only `data` is needed; the browser's `EventSource` dispatches it as a
 * `message` event unless `event` names another type.
 */
export interface ServerSentEvent {
  /**
   * The event's data: a string is sent as it is (each of its lines on a `data:` line of its own),
   * any other value as JSON. `undefined` sends a comment-free event without data, which the
   * client does not dispatch (an `id` or `retry` alone).
   */
  readonly data?: unknown;
  /** The event type (`EventSource.addEventListener(type, ...)`); `message` when absent. */
  readonly event?: string;
  /**
   * The event's id: the client keeps the last one and sends it back as `Last-Event-ID` when it
   * reconnects, for the stream to resume after it.
   */
  readonly id?: string | number;
  /** How long the client waits before reconnecting, in milliseconds. */
  readonly retry?: number;
}

/** The line terminators of the event stream format: CRLF, LF and CR each end a line (WHATWG HTML section 9.2.5). */
const LINE_BREAK = /\r\n|\r|\n/;

/**
 * An event in the event stream format (WHATWG HTML section 9.2.5): `event:`, `id:` and `retry:`
 * fields, then one `data:` line per line of the data (a line break inside a `data:` field would
 * end it: the client joins the lines back with `\n`), and the blank line that dispatches it.
 * Throws a TypeError for what the format cannot carry: a line break in `event` or `id` (it would
 * start a field of the client's choosing), a NUL in `id` (the client ignores such an id), a
 * `retry` that is not a non-negative integer.
 */
export function formatServerSentEvent(event: ServerSentEvent): string {
  if (event instanceof SharedEvent) return event.text;
  if (typeof event !== 'object' || event === null) throw new TypeError('A server-sent event is an object: { data, event, id, retry }');
  let text = '';
  if (event.event !== undefined) text += `event: ${singleLine('event', String(event.event))}\n`;
  if (event.id !== undefined) {
    const id = singleLine('id', String(event.id));
    if (id.includes('\0')) throw new TypeError('A server-sent event id cannot contain NUL: the client ignores it (WHATWG HTML 9.2.6)');
    text += `id: ${id}\n`;
  }
  if (event.retry !== undefined) {
    if (!Number.isInteger(event.retry) || event.retry < 0) throw new TypeError(`A server-sent event's retry is a whole number of milliseconds, not ${String(event.retry)}`);
    text += `retry: ${event.retry}\n`;
  }
  if (event.data !== undefined) {
    const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
    if (data === undefined) throw new TypeError('A server-sent event\'s data cannot be written as JSON');
    for (const line of data.split(LINE_BREAK)) text += `data: ${line}\n`;
  }
  return `${text}\n`;
}

/**
 * A server-sent event formatted once, for every stream that sends it ({@link sharedEvent}): what a
 * change told to many subscribers, or replayed to every client that reconnects, is written as.
 */
export class SharedEvent implements ServerSentEvent {
  readonly data?: unknown;
  readonly event?: string;
  readonly id?: string | number;
  readonly retry?: number;
  /** The event in the event stream format, as every stream writes it. */
  readonly text: string;

  constructor(event: ServerSentEvent) {
    this.text = formatServerSentEvent(event);
    if (event.data !== undefined) this.data = event.data;
    if (event.event !== undefined) this.event = event.event;
    if (event.id !== undefined) this.id = event.id;
    if (event.retry !== undefined) this.retry = event.retry;
    Object.freeze(this);
  }
}

/**
 * `event` formatted now, once (its data turned into JSON now: later changes to it are not seen),
 * for an event many streams send: a change told to every subscriber, a kept change replayed to
 * every client that resumes with `Last-Event-ID`. Each stream then writes the same text, where an
 * event object of its own would be formatted, its data serialized, by every stream. Throws what
 * `formatServerSentEvent` throws.
 */
export function sharedEvent(event: ServerSentEvent): SharedEvent {
  return new SharedEvent(event);
}

function singleLine(field: string, value: string): string {
  if (LINE_BREAK.test(value)) throw new TypeError(`A server-sent event's ${field} cannot contain a line break`);
  return value;
}

/**
 * A comment line that keeps an idle event stream's connection open (WHATWG HTML section 9.2.7:
 * proxies drop connections that stay silent); clients ignore it.
 */
export const KEEP_ALIVE_COMMENT = ': keep-alive\n\n';
