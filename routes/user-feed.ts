import { Feed, type Router, feedText } from '../src';
import type { User } from './model/user';
import { validatorsOf } from './http/conditional-write';
import { USERS_KEY } from './http/surrogate-keys';
import type { CollectionState, ServiceStore, Versioned } from './store/store';

/** The feed's media types, in the server's order: Atom first. */
export const FEED_TYPES = ['application/atom+xml', 'application/rss+xml'] as const;

/** How many entries the feed holds: the users changed last. A feed is news, not the list (/user/all is). */
export const FEED_ENTRIES = 50;

function feedOf(base: string, state: CollectionState, users: readonly Versioned<User>[]): Feed {
  const feed = new Feed({
    id: `${base}/users/feed`,
    title: 'Users',
    description: 'The users of the represent illustrative service',
    link: `${base}/user/all`,
    updated: state.lastModified,
    generator: 'express-represent',
    feedLinks: { atom: `${base}/users/feed` },
  });
  for (const { value: user, lastModified } of users) {
    const url = `${base}/users/${user.id}`;
    // Titles and descriptions are HTML to every feed reader: a name is text, escaped as such.
    const name = feedText(user.name);
    feed.addItem({ title: name, id: url, link: url, date: lastModified, description: `${name} (${user.role})`, author: [{ name: user.name, email: user.email }] });
  }
  return feed;
}

/**
 * GET /users/feed: the {@link FEED_ENTRIES} users changed last, the last first, as an Atom
 * (default) or RSS feed. Fresh for a minute, as the bookcase: feed readers poll, and a cache
 * answers them in between; after that, the collection's version answers their conditional
 * requests (304) without building the feed. Links are absolute, from `ctx.origin`: the app's
 * configured origin, or the Host as the router parsed and checked it, never its text (a Host such
 * as `real\@evil.example` is refused with 400 before this runs, RFC 9112 section 3.2).
 */
export function userFeedRoutes(api: Router, store: ServiceStore): void {
  api
    .get('/users/feed')
    .produces(...FEED_TYPES)
    .cache({ maxAge: 60 })
    .surrogateKeys(USERS_KEY)
    .etag(async () => validatorsOf(await store.users.state()))
    .handle(async (ctx) => {
      const { state, users } = await store.users.latest(FEED_ENTRIES);
      // The 200 carries the validators the hook read: never newer than what is written.
      return feedOf(ctx.origin, state, users);
    });
}
