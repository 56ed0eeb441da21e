import { readAtomFeed } from './atom-feed-reader';
import { FeedConverter } from './feed-converter';

/**
 * Atom feeds (`application/atom+xml`, RFC 4287) from and to the `feed` package's `Feed`:
 * `Feed.atom1()` writes, {@link readAtomFeed} reads the same model back.
 */
export class AtomConverter extends FeedConverter {
  constructor() {
    super({ name: 'atom', label: 'Atom', mediaType: 'application/atom+xml', read: readAtomFeed, write: (feed) => feed.atom1() });
  }
}
