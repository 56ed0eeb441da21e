import Parser from 'rss-parser';
import request from 'supertest';
import { Feed } from '../../src';
import { serve } from '../setup/negotiation-fixture';

function shelfFeed(): Feed {
  const feed = new Feed({
    title: 'New on the shelf',
    id: 'https://example.org/shelf',
    link: 'https://example.org/shelf',
    description: 'Books added this week',
    updated: new Date('2024-05-01T10:00:00Z'),
    copyright: 'CC BY 4.0',
  });
  feed.addItem({
    title: 'Dune & Children',
    id: 'urn:book:dune',
    link: 'https://example.org/shelf/dune',
    date: new Date('2024-04-30T09:00:00Z'),
    description: 'Spice <and> sand',
  });
  feed.addItem({
    title: 'Neuromancer',
    id: 'urn:book:neuromancer',
    link: 'https://example.org/shelf/neuromancer',
    date: new Date('2024-04-29T08:30:00Z'),
    description: 'Cyberspace',
  });
  return feed;
}

/** The entries as an independent parser sees them. */
function entriesOf(items: Parser.Item[]): [string | undefined, string | undefined, string | undefined][] {
  return items.map((item) => [item.title, item.link, item.isoDate]);
}

const EXPECTED = [
  ['Dune & Children', 'https://example.org/shelf/dune', '2024-04-30T09:00:00.000Z'],
  ['Neuromancer', 'https://example.org/shelf/neuromancer', '2024-04-29T08:30:00.000Z'],
];

describe('the Atom and RSS converters over HTTP', () => {
  const received: Feed[] = [];
  const app = serve((api) => {
    api.get('/feed').produces('application/atom+xml', 'application/rss+xml').handle(() => shelfFeed());
    api.post('/feed').body(Feed).produces('application/json').handle(({ body }) => {
      received.push(body);
      return { title: body.options.title, items: body.items.map((item) => ({ title: item.title, link: item.link, date: item.date })) };
    });
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('writes Atom that rss-parser reads as the same entries', async () => {
    const res = await request(app).get('/feed').set('Accept', 'application/atom+xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const parsed = await new Parser().parseString(res.text);
    expect(parsed.title).toBe('New on the shelf');
    expect(entriesOf(parsed.items)).toEqual(EXPECTED);
  });

  it('writes RSS that rss-parser reads as the same entries', async () => {
    const res = await request(app).get('/feed').set('Accept', 'application/rss+xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const parsed = await new Parser().parseString(res.text);
    expect(parsed.title).toBe('New on the shelf');
    expect(entriesOf(parsed.items)).toEqual(EXPECTED);
    expect(parsed.items.map((item) => item.guid)).toEqual(['urn:book:dune', 'urn:book:neuromancer']);
  });

  it.each(['application/atom+xml', 'application/rss+xml'])('reads a %s body written by the server back into the same feed', async (type) => {
    const written = await request(app).get('/feed').set('Accept', type);
    const res = await request(app).post('/feed').set('Content-Type', type).send(written.text);
    expect(res.status).toBe(200);
    expect(received[0]).toBeInstanceOf(Feed);
    expect(res.body).toEqual({
      title: 'New on the shelf',
      items: EXPECTED.map(([title, link, date]) => ({ title, link, date })),
    });
  });

  it('reads a hand-written RSS 2.0 feed', async () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Shelf</title><link>https://example.org/</link>
      <description>d</description><item><title>Emma</title><link>https://example.org/emma</link>
      <pubDate>Tue, 30 Apr 2024 09:00:00 GMT</pubDate><guid>urn:book:emma</guid></item></channel></rss>`;
    const res = await request(app).post('/feed').set('Content-Type', 'application/rss+xml').send(rss);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ title: 'Shelf', items: [{ title: 'Emma', link: 'https://example.org/emma', date: '2024-04-30T09:00:00.000Z' }] });
  });

  it('answers 400 to an RSS enclosure whose url is not an absolute URL, which no feed writer could write back', async () => {
    const rss = `<rss version="2.0"><channel><title>T</title><link>https://x.example/</link><description>d</description>
      <item><title>I</title><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate><enclosure url="/a.mp3" length="1" type="audio/mpeg"/></item></channel></rss>`;
    const res = await request(app).post('/feed').set('Content-Type', 'application/rss+xml').send(rss);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.body.detail).toContain("'/a.mp3'");
  });

  it.each([
    ['an id that is a URL', 'https://x.example/feed', '<link>https://x.example/feed</link>'],
    ['an id that is not one', 'shelf', '<link/>'],
  ])('writes RSS of a feed read from Atom without a link with a channel link, from %s', async (_, id, link) => {
    const echo = serve((api) => api.post('/echo').body(Feed).produces('application/rss+xml').handle(({ body }) => body));
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>${id}</id><updated>2024-01-01T00:00:00Z</updated></feed>`;
    const res = await request(echo).post('/echo').set('Content-Type', 'application/atom+xml').set('Accept', 'application/rss+xml').send(atom);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('undefined');
    expect(res.text.replace(/<link><\/link>/, '<link/>')).toContain(link);
  });

  it('refuses to read a feed into a Feed from plain XML: 415', async () => {
    const res = await request(app).post('/feed').set('Content-Type', 'application/xml').send('<feed/>');
    expect(res.status).toBe(415);
    expect(res.headers['accept-post']).toBe('application/atom+xml, application/rss+xml');
  });
});
