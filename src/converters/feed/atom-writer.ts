import type { Author, Category, Enclosure, Feed } from 'feed';
import { ATOM_NAMESPACE } from './atom-feed-reader';
import { type FeedElement, buildFeedXml, enclosureType } from './feed-xml-builder';

/** The generator `feed` names when the feed names none. */
export const FEED_GENERATOR = 'https://github.com/jpmonette/feed';

/**
 * An Atom 1.0 document (RFC 4287) for a `Feed`: the elements `Feed.atom1()` writes, in its order,
 * but every text escaped (see {@link buildFeedXml}) instead of put in a CDATA section, so that any
 * text, `]]>` included, reads back as itself. As in `feed`'s model, an item's title, description
 * (`summary`) and content are HTML: they are text constructs of type `html` (RFC 4287 section
 * 3.1.1.2), whose escaped text a reader renders as markup. Plain text from users must be written
 * with `feedText` first.
 *
 * @throws TypeError when a text holds a character XML cannot carry.
 */
export function writeAtom(feed: Feed): string {
  const { options } = feed;
  const links: FeedElement[] = [];
  if (options.link) links.push({ $: { rel: 'alternate', href: options.link } });
  const self = options.feed ?? options.feedLinks?.atom;
  if (self) links.push({ $: { rel: 'self', href: self } });
  if (options.hub) links.push({ $: { rel: 'hub', href: options.hub } });
  const root: FeedElement = {
    $: { xmlns: ATOM_NAMESPACE },
    id: options.id,
    title: options.title,
    updated: (options.updated ?? new Date()).toISOString(),
    generator: options.generator ?? FEED_GENERATOR,
    author: options.author === undefined ? undefined : person(options.author),
    link: links,
    subtitle: options.description || undefined,
    logo: options.image || undefined,
    icon: options.favicon || undefined,
    rights: options.copyright || undefined,
    category: feed.categories.map((term) => ({ $: { term } })),
    contributor: feed.contributors.map(person),
    entry: feed.items.map((item) => {
      const itemLinks: FeedElement[] = [{ $: { href: item.link } }];
      if (item.enclosure) itemLinks.push(enclosure(item.enclosure, 'image'));
      if (item.image) itemLinks.push(enclosure(item.image, 'image'));
      if (item.audio) itemLinks.push(enclosure(item.audio, 'audio'));
      if (item.video) itemLinks.push(enclosure(item.video, 'video'));
      return {
        title: html(item.title),
        id: item.id ?? item.link,
        link: itemLinks,
        updated: item.date.toISOString(),
        summary: item.description ? html(item.description) : undefined,
        content: item.content ? html(item.content) : undefined,
        author: item.author?.map(person),
        category: item.category?.map(category),
        contributor: item.contributor?.map(person),
        published: item.published?.toISOString(),
        rights: item.copyright || undefined,
      };
    }),
  };
  return buildFeedXml('feed', root, 'Atom', options.stylesheet);
}

/** An HTML text construct: the markup as escaped text (RFC 4287 section 3.1.1.2). */
function html(text: string): FeedElement {
  return { $: { type: 'html' }, _: text };
}

/** A person construct (RFC 4287 section 3.2); `feed` calls the IRI `link`. */
function person({ name, email, link }: Author): FeedElement {
  return { name, email: email || undefined, uri: link || undefined };
}

function category({ name, scheme, term }: Category): FeedElement {
  return { $: { label: name, scheme, term } };
}

/** A `link rel="enclosure"` (RFC 4287 section 4.2.7.2), typed from the URL's extension as `feed` does. */
function enclosure(value: string | Enclosure, mimeCategory: string): FeedElement {
  const url = typeof value === 'string' ? value : value.url;
  const type = enclosureType(url, mimeCategory);
  if (typeof value === 'string') return { $: { rel: 'enclosure', href: url, type } };
  return { $: { rel: 'enclosure', href: url, title: value.title, type, length: value.length } };
}
