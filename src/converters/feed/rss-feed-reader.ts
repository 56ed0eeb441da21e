import type { Element } from '@xmldom/xmldom';
import { type Category, type Enclosure, Feed, type FeedOptions, type Item } from 'feed';
import { ATOM_NAMESPACE } from './atom-feed-reader';
import { defined, feedDate, invalidFeed } from './invalid-feed';
import { parseRssAuthor } from './rss-author';
import type { XmlDocument } from '../xml/xml-document';
import { childElement, childElements, childText } from '../xml/xml-dom';

const FORMAT = 'RSS';
const CONTENT_NAMESPACE = 'http://purl.org/rss/1.0/modules/content/';
const DC_NAMESPACE = 'http://purl.org/dc/elements/1.1/';

/**
 * Reads an RSS 2.0 document into the `feed` package's model, the mirror of what `Feed.rss2()`
 * writes: channel title, link, description, lastBuildDate (`updated`, else pubDate), language,
 * copyright, ttl, generator, docs, image, categories and `atom:link` self and hub; per item title,
 * link, guid (the item's `id`), pubDate (`date`), description, `content:encoded` (`content`),
 * authors (`email (name)` or `dc:creator`), categories and enclosure.
 *
 * The model needs a date per item; RSS makes pubDate optional, so an item without one takes the
 * channel's date, and when the channel has none either the body is refused with 400.
 */
export function readRssFeed(document: XmlDocument): Feed {
  const root = document.documentElement;
  const channel = root === null ? undefined : childElement(root, null, 'channel');
  if (root === null || root.localName !== 'rss' || root.namespaceURI !== null || channel === undefined) {
    throw invalidFeed(FORMAT, 'the root element must be <rss> with a <channel>');
  }
  const lastBuildDate = childText(channel, null, 'lastBuildDate') ?? childText(channel, null, 'pubDate');
  const updated = lastBuildDate === undefined ? undefined : feedDate(FORMAT, lastBuildDate, 'the channel date');
  const self = atomLink(channel, 'self');
  const ttl = childText(channel, null, 'ttl');
  const image = childElement(channel, null, 'image');
  const options: FeedOptions = defined({
    title: childText(channel, null, 'title') ?? '',
    link: childText(channel, null, 'link'),
    description: childText(channel, null, 'description'),
    updated,
    language: childText(channel, null, 'language'),
    copyright: childText(channel, null, 'copyright'),
    ttl: ttl === undefined || !/^\d+$/.test(ttl) ? undefined : Number(ttl),
    generator: childText(channel, null, 'generator'),
    docs: childText(channel, null, 'docs'),
    image: image === undefined ? undefined : childText(image, null, 'url'),
    feedLinks: self === undefined ? undefined : { rss: self },
    hub: atomLink(channel, 'hub'),
  });
  const feed = new Feed(options);
  for (const category of childElements(channel, null, 'category')) {
    const name = category.textContent?.trim();
    if (name) feed.addCategory(name);
  }
  childElements(channel, null, 'item').forEach((item, index) => feed.addItem(readItem(item, index, updated)));
  return feed;
}

function readItem(item: Element, index: number, channelDate: Date | undefined): Item {
  const where = `item ${index + 1}`;
  const pubDate = childText(item, null, 'pubDate');
  const date = pubDate === undefined ? channelDate : feedDate(FORMAT, pubDate, `the <pubDate> of ${where}`);
  if (date === undefined) throw invalidFeed(FORMAT, `${where} has no <pubDate>, and the channel no date to take its place`);
  const authors = [
    ...childElements(item, null, 'author').map((author) => parseRssAuthor(author.textContent ?? '')),
    ...childElements(item, DC_NAMESPACE, 'creator').map((creator) => ({ name: creator.textContent?.trim() ?? '' })),
  ];
  const categories: Category[] = childElements(item, null, 'category').map((category) =>
    defined({ name: category.textContent?.trim(), domain: category.getAttribute('domain') || undefined }),
  );
  return defined({
    title: childText(item, null, 'title') ?? '',
    link: childText(item, null, 'link') ?? '',
    id: childText(item, null, 'guid'),
    date,
    description: childText(item, null, 'description'),
    content: childText(item, CONTENT_NAMESPACE, 'encoded'),
    author: authors.length === 0 ? undefined : authors,
    category: categories.length === 0 ? undefined : categories,
    enclosure: enclosure(childElement(item, null, 'enclosure')),
  });
}

function enclosure(element: Element | undefined): Enclosure | undefined {
  const url = element?.getAttribute('url');
  if (element === undefined || !url) return undefined;
  // RSS 2.0: "url says where the enclosure is located", an absolute http URL; `feed` cannot write another.
  if (!URL.canParse(url)) throw invalidFeed('RSS', `the enclosure url '${url}' is not an absolute URL`);
  const length = element.getAttribute('length');
  return defined({
    url,
    type: element.getAttribute('type') || undefined,
    length: length && /^\d+$/.test(length) ? Number(length) : undefined,
  });
}

function atomLink(channel: Element, rel: string): string | undefined {
  const link = childElements(channel, ATOM_NAMESPACE, 'link').find((element) => element.getAttribute('rel') === rel);
  return link?.getAttribute('href') || undefined;
}
