import { type Element, XMLSerializer } from '@xmldom/xmldom';
import { type Author, type Category, Feed, type FeedOptions, type Item } from 'feed';
import { defined, feedDate, invalidFeed } from './invalid-feed';
import type { XmlDocument } from '../xml/xml-document';
import { childElement, childElements, childText } from '../xml/xml-dom';

/** The Atom namespace (RFC 4287 section 2). */
export const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';
const FORMAT = 'Atom';

/**
 * Reads an Atom feed document (RFC 4287) into the `feed` package's model, the mirror of what
 * `Feed.atom1()` writes: feed title, id, updated, links (alternate, self, hub), subtitle, rights,
 * logo, icon, generator, author, contributors and categories; per entry title, id, link, updated
 * (the item's `date`), published, summary (`description`), content, authors, contributors and
 * categories. Text constructs of type `html` are kept as HTML text, as `feed` writes them.
 *
 * @throws BadRequest (`invalidBody`) when the root is not `atom:feed` or a title or `updated` the
 *   RFC requires is missing.
 */
export function readAtomFeed(document: XmlDocument): Feed {
  const root = document.documentElement;
  if (root === null || root.localName !== 'feed' || root.namespaceURI !== ATOM_NAMESPACE) {
    throw invalidFeed(FORMAT, `the root element must be <feed xmlns="${ATOM_NAMESPACE}">`);
  }
  const title = textConstruct(childElement(root, ATOM_NAMESPACE, 'title'));
  if (title === undefined) throw invalidFeed(FORMAT, 'the feed has no <title> (RFC 4287 section 4.1.1)');
  const updated = childText(root, ATOM_NAMESPACE, 'updated');
  const self = link(root, 'self');
  const options: FeedOptions = defined({
    title,
    id: childText(root, ATOM_NAMESPACE, 'id'),
    link: link(root, 'alternate'),
    feedLinks: self === undefined ? undefined : { atom: self },
    hub: link(root, 'hub'),
    updated: updated === undefined ? undefined : feedDate(FORMAT, updated, 'the feed <updated>'),
    description: textConstruct(childElement(root, ATOM_NAMESPACE, 'subtitle')),
    copyright: textConstruct(childElement(root, ATOM_NAMESPACE, 'rights')),
    image: childText(root, ATOM_NAMESPACE, 'logo'),
    favicon: childText(root, ATOM_NAMESPACE, 'icon'),
    generator: childText(root, ATOM_NAMESPACE, 'generator'),
    author: persons(root, 'author')[0],
  });
  const feed = new Feed(options);
  for (const category of categories(root)) if (category.term !== undefined) feed.addCategory(category.term);
  for (const contributor of persons(root, 'contributor')) feed.addContributor(contributor);
  childElements(root, ATOM_NAMESPACE, 'entry').forEach((entry, index) => feed.addItem(readEntry(entry, index)));
  return feed;
}

function readEntry(entry: Element, index: number): Item {
  const where = `entry ${index + 1}`;
  const title = textConstruct(childElement(entry, ATOM_NAMESPACE, 'title'));
  if (title === undefined) throw invalidFeed(FORMAT, `${where} has no <title> (RFC 4287 section 4.1.2)`);
  const updated = childText(entry, ATOM_NAMESPACE, 'updated');
  if (updated === undefined) throw invalidFeed(FORMAT, `${where} has no <updated> (RFC 4287 section 4.1.2)`);
  const published = childText(entry, ATOM_NAMESPACE, 'published');
  const authors = persons(entry, 'author');
  const contributors = persons(entry, 'contributor');
  const entryCategories = categories(entry);
  return defined({
    title,
    id: childText(entry, ATOM_NAMESPACE, 'id'),
    link: link(entry, 'alternate') ?? '',
    date: feedDate(FORMAT, updated, `the <updated> of ${where}`),
    published: published === undefined ? undefined : feedDate(FORMAT, published, `the <published> of ${where}`),
    description: textConstruct(childElement(entry, ATOM_NAMESPACE, 'summary')),
    content: textConstruct(childElement(entry, ATOM_NAMESPACE, 'content')),
    author: authors.length === 0 ? undefined : authors,
    contributor: contributors.length === 0 ? undefined : contributors,
    category: entryCategories.length === 0 ? undefined : entryCategories,
  });
}

/** The `href` of the first link with this relation; a link without `rel` is `alternate` (RFC 4287 section 4.2.7.2). */
function link(parent: Element, rel: string): string | undefined {
  for (const element of childElements(parent, ATOM_NAMESPACE, 'link')) {
    const relation = element.getAttribute('rel') || 'alternate';
    if (relation === rel) return element.getAttribute('href') ?? undefined;
  }
  return undefined;
}

/** Person constructs (RFC 4287 section 3.2): name, email and uri, which `feed` calls `link`. */
function persons(parent: Element, localName: 'author' | 'contributor'): Author[] {
  return childElements(parent, ATOM_NAMESPACE, localName).map((person) =>
    defined({
      name: childText(person, ATOM_NAMESPACE, 'name'),
      email: childText(person, ATOM_NAMESPACE, 'email'),
      link: childText(person, ATOM_NAMESPACE, 'uri'),
    }),
  );
}

function categories(parent: Element): Category[] {
  return childElements(parent, ATOM_NAMESPACE, 'category').map((category) =>
    defined({
      name: category.getAttribute('label') ?? undefined,
      term: category.getAttribute('term') ?? undefined,
      scheme: category.getAttribute('scheme') ?? undefined,
    }),
  );
}

/**
 * The content of a text construct (RFC 4287 section 3.1): the text for `text` and `html` (HTML
 * stays escaped-as-text, which is what `feed` expects back), the serialized children of the
 * wrapping `div` for `xhtml`.
 */
function textConstruct(element: Element | undefined): string | undefined {
  if (element === undefined) return undefined;
  if (element.getAttribute('type') === 'xhtml') {
    const div = childElement(element, 'http://www.w3.org/1999/xhtml', 'div');
    if (div === undefined) return '';
    const serializer = new XMLSerializer();
    let html = '';
    for (let node = div.firstChild; node !== null; node = node.nextSibling) html += serializer.serializeToString(node);
    return html.trim();
  }
  return element.textContent ?? '';
}
