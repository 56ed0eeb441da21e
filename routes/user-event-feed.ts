import { EventLog, type ResumableEvent, type ResumableSource, type ResumableSubscriber, type ServerSentEvent } from '../src';
import { type ChangeStore, KEPT_CHANGES, type UserChange } from './store/user-changes';

/** How often a feed with subscribers reads the store for changes nothing told it of, in milliseconds, by default. */
export const CHANGE_POLL_MS = 1000;

/** A signal several instances share (Redis pub/sub): "changes were made", so that each reads them at once. */
export interface ChangeSignal {
  /** Tells the other instances. */
  send(): void;
  /** Calls `listener` when another instance tells; answers how to stop. */
  receive(listener: () => void): () => void;
}

/** Options of {@link UserEventFeed}. */
export interface UserEventFeedOptions {
  /** How many changes are kept for clients that resume: the store's ({@link KEPT_CHANGES} by default). */
  readonly keep?: number;
  /** How often the store is read while streams are open, for changes no signal told of; {@link CHANGE_POLL_MS} by default. */
  readonly pollInterval?: number;
  /** A signal the instances share, sent after each write of this process; none by default. */
  readonly signal?: ChangeSignal;
  /** Where a failed read of the store is reported; it is tried again at the next signal or poll. */
  readonly onError?: (error: unknown) => void;
}

/** A change as the server-sent event GET /users/events sends: its kind as the event type, the user (and version) as data. */
export function changeEvent(change: UserChange): ServerSentEvent {
  return { event: change.kind, data: { user: change.user, ...(change.version !== undefined && { version: change.version }) } };
}

/**
 * The users' changes as this instance follows them in the store, for GET /users/events: every
 * change made through any instance, under the id the store gave it, so that a client resumes on
 * any instance, before or after a restart. The last changes are kept in an {@link EventLog} (each
 * formatted once, for every stream), read from the store when this process writes, when the
 * database or the shared {@link ChangeSignal} says another did, and every `pollInterval` while
 * streams are open (a notification lost with its connection is then late, never missed).
 */
export class UserEventFeed implements ResumableSource {
  readonly #changes: ChangeStore;
  readonly #keep: number;
  readonly #onError: (error: unknown) => void;
  #log: EventLog | undefined;
  /** The read that will start next, which every caller until then shares. */
  #queued: Promise<void> | undefined;
  /** The read running (or done). */
  #running: Promise<void> = Promise.resolve();
  readonly #stops: (() => void)[] = [];

  private constructor(changes: ChangeStore, options: UserEventFeedOptions) {
    this.#changes = changes;
    this.#keep = options.keep ?? KEPT_CHANGES;
    this.#onError = options.onError ?? ((error) => console.error('reading the users\' changes failed', error));
  }

  /** Follows `changes`: the kept ones read, and each new one from now on. */
  static async follow(changes: ChangeStore, options: UserEventFeedOptions = {}): Promise<UserEventFeed> {
    const feed = new UserEventFeed(changes, options);
    const { dropped } = await changes.range();
    feed.#log = new EventLog({ keep: feed.#keep, startAfter: dropped });
    await feed.catchUp();
    const { signal } = options;
    feed.#stops.push(
      changes.watch(() => {
        signal?.send();
        void feed.catchUp().catch(() => undefined);
      }),
    );
    if (signal !== undefined) feed.#stops.push(signal.receive(() => void feed.catchUp().catch(() => undefined)));
    const poll = options.pollInterval ?? CHANGE_POLL_MS;
    if (poll !== Infinity) {
      const timer = setInterval(() => {
        if (feed.#log!.subscribers > 0) void feed.catchUp().catch(() => undefined);
      }, poll);
      timer.unref();
      feed.#stops.push(() => clearInterval(timer));
    }
    return feed;
  }

  latest(): number {
    return this.#log!.latest();
  }

  /** The kept changes after `id`; for an id past the last one read, the store is read first (another instance may have made it). */
  async since(id: number): Promise<readonly ResumableEvent[] | undefined> {
    if (id > this.#log!.latest()) await this.catchUp().catch(() => undefined);
    return this.#log!.since(id);
  }

  subscribe(subscriber: ResumableSubscriber): () => void {
    return this.#log!.subscribe(subscriber);
  }

  /** Reads the changes made since the last one read, once every read started before has ended. */
  catchUp(): Promise<void> {
    if (this.#queued !== undefined) return this.#queued;
    const queued = this.#running.then(() => {
      this.#queued = undefined;
      return this.#read();
    });
    this.#queued = queued;
    this.#running = queued.catch(() => undefined);
    return queued;
  }

  /** Stops following. */
  close(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  async #read(): Promise<void> {
    const log = this.#log!;
    try {
      for (;;) {
        const latest = log.latest();
        const changes = await this.#changes.after(latest, this.#keep);
        const first = changes[0];
        if (first === undefined) return;
        // Ids have no gaps: a first id further on means the store no longer keeps what came between.
        if (first.id > latest + 1) log.lose(first.id - 1);
        for (const change of changes) log.append(change.id, changeEvent(change));
        if (changes.length < this.#keep) return;
      }
    } catch (error) {
      this.#onError(error);
      throw error;
    }
  }
}
