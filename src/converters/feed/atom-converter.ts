import { readAtomFeed } from './atom-feed-reader';
import { writeAtom } from './atom-writer';
import { FeedConverter } from './feed-converter';

/**
 * Atom feeds (`application/atom+xml`, RFC 4287) from and to the `feed` package's `Feed`:
 * `writeAtom` writes what `Feed.atom1()` would, well-formed for any text; `readAtomFeed`
 * reads the same model back.
 */
export class AtomConverter extends FeedConverter {
  constructor() {
    super({ name: 'atom', label: 'Atom', mediaType: 'application/atom+xml', read: readAtomFeed, write: writeAtom });
  }
}
