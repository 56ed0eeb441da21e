import type { ServerSentEvent } from './server-sent-event';
import { sharedEvent } from './server-sent-event';
import type { ResumableEvent, ResumableSource, ResumableSubscriber } from './resumable-source';

/** Options of {@link EventLog}. */
export interface EventLogOptions {
  /** How many events are kept for clients that resume. Default 1 000. */
  readonly keep?: number;
  /**
   * The id of the last event before this log's first, when the log starts part-way through a
   * longer history (loaded from a table that keeps its last rows): a client that resumes before
   * it is reset. Default 0: the log holds the history from its start.
   */
  readonly startAfter?: number;
}

/** How many events an {@link EventLog} keeps by default. */
export const DEFAULT_KEPT_EVENTS = 1000;

/**
 * A {@link ResumableSource} in memory: the last `keep` events, each formatted once when it is
 * appended ({@link sharedEvent}: every subscriber, and every client that replays it, writes the
 * same text), told to the subscribers as it comes. A process that follows a shared change feed
 * (a table, a Redis stream) appends what it reads to one, and its streams resume from it.
 */
export class EventLog implements ResumableSource {
  readonly #keep: number;
  readonly #kept: ResumableEvent[] = [];
  readonly #subscribers = new Set<ResumableSubscriber>();
  /** The last id given, 0 before any. */
  #latest: number;
  /** The id of the last event no longer kept: a client that resumes before it cannot. */
  #dropped: number;

  constructor(options: EventLogOptions = {}) {
    const keep = options.keep ?? DEFAULT_KEPT_EVENTS;
    if (!(Number.isInteger(keep) && keep >= 1)) throw new RangeError(`An event log keeps a whole number >= 1 of events, not ${keep}`);
    const start = options.startAfter ?? 0;
    if (!(Number.isSafeInteger(start) && start >= 0)) throw new RangeError(`An event log starts after a whole number >= 0, not ${start}`);
    this.#keep = keep;
    this.#latest = start;
    this.#dropped = start;
  }

  /** The id of the last event appended (or the log's start), 0 before any. */
  latest(): number {
    return this.#latest;
  }

  /** How many subscribers it has. */
  get subscribers(): number {
    return this.#subscribers.size;
  }

  /**
   * Appends the event `id` (greater than every id before it: a RangeError otherwise), formatted
   * now with that id, and tells every subscriber; answers it as kept.
   */
  append(id: number, event: ServerSentEvent): ResumableEvent {
    if (!(Number.isSafeInteger(id) && id > this.#latest)) throw new RangeError(`An event log's ids increase: ${id} after ${this.#latest}`);
    const kept: ResumableEvent = { id, event: sharedEvent({ ...event, id }) };
    this.#latest = id;
    this.#kept.push(kept);
    if (this.#kept.length > this.#keep) this.#dropped = this.#kept.shift()!.id;
    for (const subscriber of this.#subscribers) subscriber.next(kept);
    return kept;
  }

  /**
   * The events up to `id` are lost (the feed this log follows moved on without them): they are
   * forgotten, a client that resumes before `id` is reset, and every subscriber is told
   * ({@link ResumableSubscriber.lost}).
   */
  lose(id: number): void {
    if (id <= this.#dropped) return;
    this.#kept.length = 0;
    this.#dropped = id;
    this.#latest = Math.max(this.#latest, id);
    for (const subscriber of [...this.#subscribers]) subscriber.lost();
  }

  since(id: number): readonly ResumableEvent[] | undefined {
    if (id < this.#dropped || id > this.#latest) return undefined;
    // Ids increase: the first event after `id` by bisection.
    let low = 0;
    let high = this.#kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#kept[middle]!.id <= id) low = middle + 1;
      else high = middle;
    }
    return this.#kept.slice(low);
  }

  subscribe(subscriber: ResumableSubscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => void this.#subscribers.delete(subscriber);
  }
}
