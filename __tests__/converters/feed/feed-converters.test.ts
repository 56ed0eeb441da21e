import Parser from 'rss-parser';
import { ProblemType } from '../../../src/errors/problem-types';
import { parseMediaType } from '../../../src/http/media-type';
import { AtomConverter, Feed, RssConverter } from '../../../src/converters';
import { readOptions, rejection } from '../../setup/converter-fixture';

const atom = new AtomConverter();
const rss = new RssConverter();
const ATOM = parseMediaType('application/atom+xml');
const RSS = parseMediaType('application/rss+xml');

function bookcaseFeed(): Feed {
  const feed = new Feed({
    title: 'Bookcase & friends',
    id: 'https://example.org/bookcase',
    link: 'https://example.org/bookcase',
    description: 'New on the shelf',
    updated: new Date('2024-05-01T10:00:00Z'),
    feedLinks: { atom: 'https://example.org/bookcase/feed.atom', rss: 'https://example.org/bookcase/feed.rss' },
    author: { name: 'The Librarian', email: 'librarian@example.org', link: 'https://example.org/librarian' },
    copyright: 'CC BY 4.0',
    language: 'en',
  });
  feed.addCategory('books');
  feed.addItem({
    title: 'Dune <reissued>',
    id: 'urn:book:dune',
    link: 'https://example.org/bookcase/dune?ref=feed&x=1',
    date: new Date('2024-04-30T09:00:00Z'),
    description: 'A <em>classic</em> returns',
    content: '<p>Spice &amp; sand.</p>',
    author: [{ name: 'Frank Herbert', email: 'frank@example.org' }],
  });
  feed.addItem({
    title: 'Neuromancer',
    id: 'urn:book:neuromancer',
    link: 'https://example.org/bookcase/neuromancer',
    date: new Date('2024-04-29T08:30:00Z'),
    description: 'Cyberspace',
    author: [{ name: 'William Gibson' }],
  });
  return feed;
}

describe('AtomConverter', () => {
  it('writes what rss-parser reads as the same entries', async () => {
    const feed = bookcaseFeed();
    const written = await atom.write(feed, { mediaType: ATOM });
    expect(written.contentType).toBe('application/atom+xml; charset=utf-8');
    const parsed = await new Parser().parseString(written.body.toString('utf8'));
    expect(parsed.title).toBe(feed.options.title);
    expect(parsed.link).toBe(feed.options.link);
    expect(parsed.feedUrl).toBe('https://example.org/bookcase/feed.atom');
    expect(parsed.items.map((item) => [item.title, item.link, item['id'], item.isoDate, item.summary, item.content, item['author']])).toEqual(
      feed.items.map((item) => [item.title, item.link, item.id, item.date.toISOString(), item.description, item.content, item.author?.[0]?.name]),
    );
  });

  it('reads its own output back into the same Feed model', async () => {
    const feed = bookcaseFeed();
    const read = (await atom.read((await atom.write(feed, { mediaType: ATOM })).body, readOptions('application/atom+xml', 'feed'))) as Feed;
    expect(read).toBeInstanceOf(Feed);
    expect(read.options).toMatchObject({
      title: feed.options.title,
      id: feed.options.id,
      link: feed.options.link,
      description: feed.options.description,
      updated: feed.options.updated,
      copyright: feed.options.copyright,
      author: feed.options.author,
      feedLinks: { atom: 'https://example.org/bookcase/feed.atom' },
    });
    expect(read.categories).toEqual(['books']);
    expect(read.items).toEqual(
      feed.items.map((item) => ({ title: item.title, id: item.id, link: item.link, date: item.date, ...(item.description ? { description: item.description } : {}), ...(item.content ? { content: item.content } : {}), author: item.author })),
    );
  });

  it('reads hand-written Atom: text, html and xhtml constructs, links without rel, published dates', async () => {
    const body = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">Hand &amp; written</title>
  <id>urn:feed</id>
  <updated>2024-01-02T00:00:00Z</updated>
  <link href="https://example.org/"/>
  <entry>
    <title type="html">&lt;b&gt;Bold&lt;/b&gt;</title>
    <id>urn:entry:1</id>
    <link rel="self" href="https://example.org/1.atom"/>
    <link href="https://example.org/1"/>
    <updated>2024-01-02T00:00:00Z</updated>
    <published>2024-01-01T00:00:00Z</published>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hi <b>there</b></p></div></content>
    <category term="news" label="News"/>
  </entry>
</feed>`;
    const feed = (await atom.read(Buffer.from(body), readOptions('application/atom+xml', 'feed'))) as Feed;
    expect(feed.options).toMatchObject({ title: 'Hand & written', id: 'urn:feed', link: 'https://example.org/', updated: new Date('2024-01-02T00:00:00Z') });
    expect(feed.items).toEqual([
      {
        title: '<b>Bold</b>',
        id: 'urn:entry:1',
        link: 'https://example.org/1',
        date: new Date('2024-01-02T00:00:00Z'),
        published: new Date('2024-01-01T00:00:00Z'),
        content: '<p xmlns="http://www.w3.org/1999/xhtml">Hi <b>there</b></p>',
        category: [{ name: 'News', term: 'news' }],
      },
    ]);
  });

  it.each([
    ['the root is not atom:feed', '<feed><title>x</title></feed>', /root element must be <feed xmlns/],
    ['the feed has no title', '<feed xmlns="http://www.w3.org/2005/Atom"><id>x</id></feed>', /feed has no <title>/],
    ['an entry has no updated', '<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><title>e</title></entry></feed>', /entry 1 has no <updated>/],
    ['a date is not a date', '<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><title>e</title><updated>yesterday</updated></entry></feed>', /'yesterday' is not a date/],
  ])('answers 400 when %s', async (_case, body, reason) => {
    const error = await rejection(atom.read(Buffer.from(body), readOptions('application/atom+xml', 'feed')), 400);
    expect(error.type).toBe(ProblemType.invalidBody);
    expect(error.detail).toMatch(reason);
  });
});

describe('RssConverter', () => {
  it('writes what rss-parser reads as the same entries', async () => {
    const feed = bookcaseFeed();
    const written = await rss.write(feed, { mediaType: RSS });
    expect(written.contentType).toBe('application/rss+xml; charset=utf-8');
    const parsed = await new Parser<Record<string, never>, { 'content:encoded'?: string }>().parseString(written.body.toString('utf8'));
    expect([parsed.title, parsed.link, parsed.description, parsed.feedUrl]).toEqual([
      feed.options.title,
      feed.options.link,
      feed.options.description,
      'https://example.org/bookcase/feed.rss',
    ]);
    expect(parsed.items.map((item) => [item.title, item.link, item.guid, item.isoDate, item.content, item['content:encoded']])).toEqual(
      feed.items.map((item) => [item.title, item.link, item.id, item.date.toISOString(), item.description, item.content]),
    );
  });

  it('reads its own output back into the same Feed model', async () => {
    const feed = bookcaseFeed();
    const read = (await rss.read((await rss.write(feed, { mediaType: RSS })).body, readOptions('application/rss+xml', 'feed'))) as Feed;
    expect(read.options).toMatchObject({
      title: feed.options.title,
      link: feed.options.link,
      description: feed.options.description,
      updated: feed.options.updated,
      language: 'en',
      copyright: 'CC BY 4.0',
      feedLinks: { rss: 'https://example.org/bookcase/feed.rss' },
    });
    expect(read.categories).toEqual(['books']);
    expect(read.items).toEqual(
      feed.items.map((item) => ({ title: item.title, id: item.id, link: item.link, date: item.date, ...(item.description ? { description: item.description } : {}), ...(item.content ? { content: item.content } : {}), author: item.author })),
    );
  });

  it('reads dc:creator authors, and gives an item without pubDate the channel’s date', async () => {
    const body = `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://e.org</link><description>D</description>
      <pubDate>Tue, 02 Jan 2024 00:00:00 GMT</pubDate>
      <item><title>One</title><link>https://e.org/1</link><dc:creator>Ada</dc:creator><enclosure url="https://e.org/1.mp3" type="audio/mpeg" length="42"/></item>
    </channel></rss>`;
    const feed = (await rss.read(Buffer.from(body), readOptions('application/rss+xml', 'feed'))) as Feed;
    expect(feed.items).toEqual([
      {
        title: 'One',
        link: 'https://e.org/1',
        date: new Date('2024-01-02T00:00:00Z'),
        author: [{ name: 'Ada' }],
        enclosure: { url: 'https://e.org/1.mp3', type: 'audio/mpeg', length: 42 },
      },
    ]);
  });

  it.each([
    ['the root is not rss', '<feed xmlns="http://www.w3.org/2005/Atom"/>', /root element must be <rss>/],
    ['an item has no date and the channel none either', '<rss><channel><title>t</title><item><title>i</title></item></channel></rss>', /item 1 has no <pubDate>/],
    ['a pubDate is not a date', '<rss><channel><item><pubDate>soon</pubDate></item></channel></rss>', /'soon' is not a date/],
  ])('answers 400 when %s', async (_case, body, reason) => {
    const error = await rejection(rss.read(Buffer.from(body), readOptions('application/rss+xml', 'feed')), 400);
    expect(error.type).toBe(ProblemType.invalidBody);
    expect(error.detail).toMatch(reason);
  });
});

describe('writing text XML cannot carry', () => {
  it.each([
    ['Atom', atom, ATOM],
    ['RSS', rss, RSS],
  ] as const)('the %s converter refuses it rather than send a document no parser reads', (label, converter, mediaType) => {
    const feed = bookcaseFeed();
    feed.addItem({ title: 'Bell\u0007', id: 'urn:book:bell', link: 'https://example.org/bell', date: new Date('2024-01-01T00:00:00Z') });
    expect(() => converter.write(feed, { mediaType })).toThrow(`The value cannot be written as ${label}: a character XML does not allow (U+0007)`);
  });

  it('writes a feed with any text XML allows: emoji, tabs, line breaks', async () => {
    const feed = bookcaseFeed();
    feed.addItem({ title: 'Rocket \ud83d\ude80\tand\nmore', id: 'urn:book:rocket', link: 'https://example.org/rocket', date: new Date('2024-01-01T00:00:00Z') });
    const read = (await atom.read((await atom.write(feed, { mediaType: ATOM })).body, readOptions('application/atom+xml', 'feed'))) as Feed;
    expect(read.items.map((item) => item.title)).toContain('Rocket \ud83d\ude80\tand\nmore');
  });
});
