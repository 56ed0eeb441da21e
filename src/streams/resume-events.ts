import type { ServerSentEvent } from './server-sent-event';
import { type ResumableEvent, type ResumableSource, resetEvent } from './resumable-source';

/** Options of {@link resumeEvents}. */
export interface ResumeOptions {
  /**
   * The id the client received last (its `Last-Event-ID`, bound as an integer): the stream
   * resumes after it. `undefined` starts from now, with the events made from here on.
   */
  readonly after: number | undefined;
  /** The handler's `ctx.signal`: the stream stops following when the client leaves. */
  readonly signal?: AbortSignal;
  /**
   * How many events may wait for a client that does not read before its stream is ended (its
   * `EventSource` reconnects with the last id it received and resumes from what the source
   * keeps). Default {@link DEFAULT_MAX_PENDING}.
   */
  readonly maxPending?: number;
  /** The event sent when the client cannot resume where it asked; {@link resetEvent} by default. */
  readonly reset?: (latest: number) => ServerSentEvent;
}

/** How many events may wait for a slow client by default. */
export const DEFAULT_MAX_PENDING = 1000;

/**
 * The events of `source` after `options.after`, then each new one as it comes, until the client
 * leaves (`signal`), falls `maxPending` events behind, or the source loses events it was owed:
 * the stream then ends, and the client reconnects with the last id it received. When the source
 * cannot give every event after that id (no longer kept, or never given), the client gets the
 * `reset` event (with the latest id) and the events from then on. Returned to
 * {@link eventStream}: `eventStream(resumeEvents(source, { after: ctx.header['Last-Event-ID'], signal: ctx.signal }))`.
 */
export async function* resumeEvents(source: ResumableSource, options: ResumeOptions): AsyncGenerator<ServerSentEvent> {
  const { signal } = options;
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
  if (!(Number.isInteger(maxPending) && maxPending >= 1)) throw new RangeError(`resumeEvents' maxPending is a whole number >= 1, not ${maxPending}`);
  const pending: ResumableEvent[] = [];
  let lost = false;
  let wake: (() => void) | undefined;
  // Subscribed before the source is read: an event made in between is in one or the other (or both: ids tell).
  const unsubscribe = source.subscribe({
    next: (event) => {
      pending.push(event);
      wake?.();
    },
    lost: () => {
      lost = true;
      wake?.();
    },
  });
  const stop = () => wake?.();
  signal?.addEventListener('abort', stop);
  try {
    let sent: number;
    if (options.after === undefined) {
      sent = await source.latest();
    } else {
      const replay = await source.since(options.after);
      if (replay === undefined) {
        sent = await source.latest();
        yield (options.reset ?? resetEvent)(sent);
      } else {
        sent = options.after;
        for (const event of replay) {
          if (signal?.aborted) return;
          if (event.id <= sent) continue;
          sent = event.id;
          yield event.event;
        }
      }
    }
    while (!signal?.aborted && !lost && pending.length <= maxPending) {
      const event = pending.shift();
      if (event === undefined) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      } else if (event.id > sent) {
        sent = event.id;
        yield event.event;
      }
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener('abort', stop);
  }
}
