import type { ServerSentEvent } from './server-sent-event';

/** An event of a {@link ResumableSource}: its id, and the event sent (which carries that id). */
export interface ResumableEvent {
  /** Its id: every later event of the source has a greater one. */
  readonly id: number;
  /** What the stream writes: a {@link SharedEvent} when many streams send it (with `id` set to {@link id}). */
  readonly event: ServerSentEvent;
}

/** What a subscriber of a {@link ResumableSource} is told. */
export interface ResumableSubscriber {
  /** A new event, in the order of ids. */
  next(event: ResumableEvent): void;
  /**
   * Events this subscriber was not told are lost for good (the source fell behind what it keeps):
   * it cannot go on without a gap, and should start again from a {@link ResumableSource.since}.
   */
  lost(): void;
}

/**
 * Events with increasing integer ids that a client can resume after (WHATWG HTML section 9.2.4,
 * `Last-Event-ID`): the changes of a store, kept for a while, and told as they come. One source
 * may be fed by several processes (a change table, a log in Redis) as long as the ids are the
 * same everywhere: a client then resumes on any instance. {@link resumeEvents} replays and
 * follows one; {@link EventLog} keeps one in memory.
 */
export interface ResumableSource {
  /** The id of the last event, 0 before any. */
  latest(): number | Promise<number>;
  /**
   * The events after `id`, oldest first: at least every one made before this was called.
   * `undefined` when they cannot all be given: some are no longer kept, or `id` is one the
   * source never gave (greater than its latest).
   */
  since(id: number): readonly ResumableEvent[] | undefined | Promise<readonly ResumableEvent[] | undefined>;
  /** Tells `subscriber` each new event from now on; answers how to stop. */
  subscribe(subscriber: ResumableSubscriber): () => void;
}

/**
 * The event a client gets when it cannot resume where it asked (its `Last-Event-ID` is older than
 * what the source keeps, or one it never gave): `event: reset` with the id of the latest event,
 * so that its next reconnection resumes from there. The client reloads what the events describe
 * (the collection), then applies the events that follow.
 */
export function resetEvent(latest: number): ServerSentEvent {
  return { id: latest, event: 'reset', data: { reload: true, latest } };
}
