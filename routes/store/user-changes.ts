import type { User } from '../model/user';

/** What happened to a user: the event types of GET /users/events. */
export type ChangeKind = 'created' | 'updated' | 'deleted';

/**
 * One write of a user, numbered by the store in the order the writes were committed: the same
 * number on every instance and after every restart, since it is given out, and kept, with the
 * write itself (in the write's transaction).
 */
export interface UserChange {
  /** 1, 2, ... without gaps: the event id a client resumes after (`Last-Event-ID`). */
  readonly id: number;
  readonly kind: ChangeKind;
  /** The user as stored after the write; its id alone when deleted. */
  readonly user: Pick<User, 'id'> | User;
  /** The user's version after the write (its ETag); absent when deleted. */
  readonly version?: number;
}

/** How many changes a store keeps for clients that resume, by default. */
export const KEPT_CHANGES = 1000;

/** The ids of the changes a store keeps: the last one given out, and the one before the oldest kept. */
export interface ChangeRange {
  /** The id of the last change made, 0 before any. */
  readonly latest: number;
  /** The id of the last change no longer kept (0 when every change is): a client behind it must reload. */
  readonly dropped: number;
}

/**
 * The users' changes as the store records them with each write: the last {@link KEPT_CHANGES}
 * kept, read by every instance that serves GET /users/events.
 */
export interface ChangeStore {
  /** The changes after `id`, oldest first, at most `limit` of them. */
  after(id: number, limit: number): Promise<readonly UserChange[]>;
  /** Which changes are kept. */
  range(): Promise<ChangeRange>;
  /**
   * Calls `listener` whenever changes may have been made: after each write of this process, and,
   * on a database that notifies (PostgreSQL's LISTEN), after another process's; answers how to stop.
   */
  watch(listener: () => void): () => void;
}

/** The listeners of {@link ChangeStore.watch}, told after a write. */
export class ChangeWatchers {
  readonly #listeners = new Set<() => void>();

  watch(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  tell(): void {
    for (const listener of this.#listeners) listener();
  }
}
