import { FeedConverter } from './feed-converter';
import { readRssFeed } from './rss-feed-reader';
import { writeRss } from './rss-writer';

/**
 * RSS 2.0 feeds (`application/rss+xml`) from and to the `feed` package's `Feed`:
 * `writeRss` writes what `Feed.rss2()` would, well-formed for any text; `readRssFeed`
 * reads the same model back.
 */
export class RssConverter extends FeedConverter {
  constructor() {
    super({ name: 'rss', label: 'RSS', mediaType: 'application/rss+xml', read: readRssFeed, write: writeRss });
  }
}
