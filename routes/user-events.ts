import { type Router, eventStream, resumeEvents } from '../src';
import type { UserEventFeed } from './user-event-feed';

/** How many changes a client that does not read may have waiting before its stream is ended (it resumes with Last-Event-ID). */
export const PENDING_CHANGES = 1000;

/**
 * GET /users/events: the users' changes as server-sent events (WHATWG HTML section 9.2),
 * `created`, `updated` or `deleted`, each with the id the store gave it: the same on every
 * instance and after restarts. A client that reconnects with `Last-Event-ID`, to any instance,
 * resumes after it with exactly the changes made since; one without it starts from now. One whose
 * id is older than the changes kept (1 000 by default), or was never given, gets a `reset` event
 * (reload the users, then follow: its id is the latest change) and the changes from then on.
 * Never cached (`no-store`); keep-alive comments every 15 s while idle.
 */
export function userEventRoutes(api: Router, feed: () => Promise<UserEventFeed>, options: { readonly keepAlive?: number } = {}): void {
  api
    .get('/users/events')
    .produces('text/event-stream')
    .header('Last-Event-ID', { required: false, type: 'integer' })
    .handle(async (ctx) => {
      const source = await feed();
      return eventStream(resumeEvents(source, { after: ctx.header['Last-Event-ID'], signal: ctx.signal, maxPending: PENDING_CHANGES }), options);
    });
}
