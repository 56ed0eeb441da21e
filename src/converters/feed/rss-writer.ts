import type { Category, Enclosure, Feed } from 'feed';
import { ATOM_NAMESPACE } from './atom-feed-reader';
import { FEED_GENERATOR } from './atom-writer';
import { type FeedElement, type FeedNode, buildFeedXml, enclosureType, fromXmlJs } from './feed-xml-builder';

/**
 * An RSS 2.0 document for a `Feed`: the elements `Feed.rss2()` writes, in its order, but every
 * text escaped (see {@link buildFeedXml}) instead of put in a CDATA section. An item's title,
 * description and `content:encoded` are HTML, as in `feed`'s model and as RSS readers take them:
 * plain text from users must be written with `feedText` first. The channel always has a link
 * (RSS 2.0 requires one): the feed's id when it is a URL (Atom ids often are), else empty.
 *
 * @throws TypeError when a text holds a character XML cannot carry, or an extension's name is not an XML name.
 */
export function writeRss(feed: Feed): string {
  const { options } = feed;
  const link = options.link ?? (options.id !== undefined && URL.canParse(options.id) ? options.id : '');
  const attributes: Record<string, string> = { version: '2.0' };
  const atomLinks: FeedElement[] = [];
  const self = options.feed ?? options.feedLinks?.rss;
  if (self) atomLinks.push({ $: { href: self, rel: 'self', type: 'application/rss+xml' } });
  if (options.hub) atomLinks.push({ $: { href: options.hub, rel: 'hub' } });
  if (atomLinks.length > 0) attributes['xmlns:atom'] = ATOM_NAMESPACE;
  if (feed.items.some((item) => item.content)) {
    attributes['xmlns:dc'] = 'http://purl.org/dc/elements/1.1/';
    attributes['xmlns:content'] = 'http://purl.org/rss/1.0/modules/content/';
  }
  const channel: Record<string, FeedNode | FeedNode[]> = {
    title: options.title,
    link,
    description: options.description ?? '',
    lastBuildDate: (options.updated ?? new Date()).toUTCString(),
    docs: options.docs || 'https://validator.w3.org/feed/docs/rss2.html',
    generator: options.generator ?? FEED_GENERATOR,
    language: options.language || undefined,
    ttl: options.ttl ? String(options.ttl) : undefined,
    image: options.image ? { title: options.title, url: options.image, link } : undefined,
    copyright: options.copyright || undefined,
    category: feed.categories,
    'atom:link': atomLinks,
    item: feed.items.map((entry) => {
      const item: Record<string, FeedNode | FeedNode[]> = {
        title: entry.title || undefined,
        link: entry.link || undefined,
        guid: guid(entry.guid ?? entry.id, entry.link),
        pubDate: (entry.published ?? entry.date)?.toUTCString(),
        description: entry.description || undefined,
        'content:encoded': entry.content || undefined,
        author: entry.author?.map(({ name, email }) => (email && name ? `${email} (${name})` : name)).filter((text) => text),
        category: entry.category?.map(category),
        enclosure: lastEnclosure(entry),
        'itunes:duration': options.podcast && typeof entry.audio === 'object' && entry.audio.duration ? duration(entry.audio.duration) : undefined,
      };
      for (const extension of entry.extensions ?? []) item[extension.name] = fromXmlJs(extension.objects);
      return item as FeedElement;
    }),
  };
  if (options.podcast) Object.assign(attributes, podcast(options, channel));
  for (const extension of feed.extensions) channel[extension.name] = fromXmlJs(extension.objects);
  return buildFeedXml('rss', { $: attributes, channel: channel as FeedElement }, 'RSS', options.stylesheet);
}

/** The item's guid: its own or its id, else its link as a permalink. */
function guid(id: string | undefined, link: string): FeedElement | undefined {
  if (id) return { $: { isPermaLink: 'false' }, _: id };
  return link ? { $: { isPermaLink: 'true' }, _: link } : undefined;
}

function category({ name, domain }: Category): FeedElement {
  return { $: { domain }, _: name ?? '' };
}

/** RSS 2.0 allows one enclosure: as `feed` does, the last of enclosure, image, audio and video wins. */
function lastEnclosure(entry: Feed['items'][number]): FeedElement | undefined {
  const media: [string | Enclosure | undefined, string][] = [[entry.enclosure, 'image'], [entry.image, 'image'], [entry.audio, 'audio'], [entry.video, 'video']];
  let result: FeedElement | undefined;
  for (const [value, mimeCategory] of media) if (value) result = enclosure(value, mimeCategory);
  return result;
}

function enclosure(value: string | Enclosure, mimeCategory: string): FeedElement {
  const url = typeof value === 'string' ? value : value.url;
  // `duration` is no attribute of an RSS enclosure: a podcast's is `itunes:duration`.
  const { duration: _, ...rest } = typeof value === 'string' ? { url, duration: undefined } : value;
  return { $: { length: 0, type: enclosureType(url, mimeCategory), ...rest } };
}

/** The podcast namespaces and channel elements `feed` adds (Google Play and iTunes), as attributes of `rss`. */
function podcast(options: Feed['options'], channel: Record<string, FeedNode | FeedNode[]>): Record<string, string> {
  if (options.category) {
    channel['googleplay:category'] = options.category;
    channel['itunes:category'] = options.category;
  }
  if (options.author?.email) {
    channel['googleplay:owner'] = options.author.email;
    channel['itunes:owner'] = { 'itunes:email': options.author.email };
  }
  if (options.author?.name) {
    channel['googleplay:author'] = options.author.name;
    channel['itunes:author'] = options.author.name;
  }
  if (options.image) channel['googleplay:image'] = { $: { href: options.image } };
  return { 'xmlns:googleplay': 'http://www.google.com/schemas/play-podcasts/1.0', 'xmlns:itunes': 'http://www.itunes.com/dtds/podcast-1.0.dtd' };
}

/** A duration in seconds as `[h:]mm:ss`, as iTunes reads it. */
function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const clock = `${String(minutes % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}:${clock}` : clock;
}
