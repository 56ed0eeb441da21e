/**
 * The surrogate keys the service tags its responses with, so that the caches in front drop, after
 * a write, every response it changed whatever its URI (`purger()`, `PURGE_URLS`):
 *
 * - `user:{id}` on the representations of one user, and on each write to that user;
 * - `user` on the representations of every single user, purged when they all go (DELETE /user/all);
 * - `users` on the collections (the list, the search, the feed), purged by every write to a user.
 */
export const USERS_KEY = 'users';

/** The key on every single user's representation. */
export const EVERY_USER_KEY = 'user';

/** The key of one user's representations, from the route's `{id}`. */
export function userKey(ctx: { readonly path: { readonly id: string } }): string[] {
  return [`user:${ctx.path.id}`];
}
