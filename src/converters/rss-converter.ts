import { Feed } from 'feed';
import { FeedConverter } from './feed-converter';
import { readRssFeed } from './rss-feed-reader';

/**
 * RSS 2.0 feeds (`application/rss+xml`) from and to the `feed` package's `Feed`:
 * `Feed.rss2()` writes, {@link readRssFeed} reads the same model back.
 */
export class RssConverter extends FeedConverter {
  constructor() {
    super({ name: 'rss', label: 'RSS', mediaType: 'application/rss+xml', read: readRssFeed, write: writeRss });
  }
}

/**
 * `Feed.rss2()`, with a channel link always: RSS 2.0 requires one, and a feed read from Atom may
 * have none, which `feed` writes as the text `undefined`. The feed's id stands in when it is a URL
 * (Atom ids often are), else the link is empty.
 */
function writeRss(feed: Feed): string {
  if (feed.options.link !== undefined) return feed.rss2();
  const { id } = feed.options;
  const linked = new Feed({ ...feed.options, link: id !== undefined && URL.canParse(id) ? id : '' });
  linked.items = feed.items;
  linked.categories = feed.categories;
  linked.contributors = feed.contributors;
  linked.extensions = feed.extensions;
  return linked.rss2();
}
