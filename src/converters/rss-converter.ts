import { FeedConverter } from './feed-converter';
import { readRssFeed } from './rss-feed-reader';

/**
 * RSS 2.0 feeds (`application/rss+xml`) from and to the `feed` package's `Feed`:
 * `Feed.rss2()` writes, {@link readRssFeed} reads the same model back.
 */
export class RssConverter extends FeedConverter {
  constructor() {
    super({ name: 'rss', label: 'RSS', mediaType: 'application/rss+xml', read: readRssFeed, write: (feed) => feed.rss2() });
  }
}
