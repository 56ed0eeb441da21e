import { type Router, type ServerSentEvent, type SharedEvent, eventStream, sharedEvent } from '../src';
import { KEPT_CHANGES, type UserChange, type UserChanges } from './store/user-changes';

/** How many changes a client that does not read may have waiting before its stream is ended (it resumes with Last-Event-ID). */
export const PENDING_CHANGES = 1000;

/**
 * Each change as a server-sent event (its id, its kind as the event type, the user as JSON data),
 * formatted once, the first time a stream sends it: every subscriber, and every client that
 * resumes through the kept changes, writes the same text. Held as long as the change is (kept,
 * or pending for a subscriber), no longer.
 */
function changeEvents(): (change: UserChange) => SharedEvent {
  const formatted = new WeakMap<UserChange, SharedEvent>();
  return (change) => {
    let event = formatted.get(change);
    if (event === undefined) {
      event = sharedEvent({ id: change.id, event: change.kind, data: { user: change.user, ...(change.version !== undefined && { version: change.version }) } });
      formatted.set(change, event);
    }
    return event;
  };
}

/**
 * The changes after `after` (the kept ones first, then each new one as it is made), until the
 * client leaves (`signal`) or falls {@link PENDING_CHANGES} behind: the stream then ends, and the
 * client's EventSource reconnects with the last id it received and resumes from the kept changes.
 */
async function* changesAfter(changes: UserChanges, eventOf: (change: UserChange) => ServerSentEvent, after: number, signal: AbortSignal): AsyncGenerator<ServerSentEvent> {
  const pending: UserChange[] = [];
  let wake: (() => void) | undefined;
  // Subscribed before the kept changes are read: a change made in between is in one or the other.
  const unsubscribe = changes.subscribe((change) => {
    pending.push(change);
    wake?.();
  });
  const stop = () => wake?.();
  signal.addEventListener('abort', stop);
  try {
    let sent = after;
    for (const change of changes.since(after)) {
      sent = change.id;
      yield eventOf(change);
    }
    while (!signal.aborted && pending.length <= PENDING_CHANGES) {
      const change = pending.shift();
      if (change === undefined) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      } else if (change.id > sent) {
        sent = change.id;
        yield eventOf(change);
      }
    }
  } finally {
    unsubscribe();
    signal.removeEventListener('abort', stop);
  }
}

/**
 * GET /users/events: the users' changes made by this process as server-sent events (WHATWG HTML
 * section 9.2), `created`, `updated` or `deleted`, each with its id. A client that reconnects
 * with `Last-Event-ID` resumes after it, from the last {@link KEPT_CHANGES} changes; one without
 * it starts from now. Never cached (`no-store`); keep-alive comments every 15 s while idle.
 */
export function userEventRoutes(api: Router, changes: UserChanges, options: { readonly keepAlive?: number } = {}): void {
  const eventOf = changeEvents();
  api
    .get('/users/events')
    .produces('text/event-stream')
    .header('Last-Event-ID', { required: false, type: 'integer' })
    .handle((ctx) => {
      const last = ctx.header['Last-Event-ID'];
      // An id this process never gave (from an earlier run of the service): every kept change
      // is sent again rather than some skipped.
      const after = last === undefined ? changes.last : last > changes.last || last < 0 ? 0 : last;
      return eventStream(changesAfter(changes, eventOf, after, ctx.signal), options);
    });
}
