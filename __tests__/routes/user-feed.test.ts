import Parser from 'rss-parser';
import request from 'supertest';
import { FEED_ENTRIES } from '../../routes/user-feed';
import { type ParsedFeed, atomSchemaErrors, feedparser, xmllintErrors } from '../setup/xml-validators';
import { AS_ADMIN, expectProblem, service } from '../setup/service-fixture';

const parser = new Parser();

describe('GET /users/feed', () => {
  const { app } = service();

  it('answers an Atom feed by default, one entry per user changed last first, fresh for a minute', async () => {
    const res = await request(app).get('/users/feed').set('Host', 'example.test');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('max-age=60');
    expect(res.headers.etag).toBe('"10;atom+xml"');
    expect(res.headers['last-modified']).toBe('Mon, 01 Jan 2024 00:00:00 GMT');
    const feed = await parser.parseString(res.text);
    expect(feed.title).toBe('Users');
    expect(feed.items).toHaveLength(9);
    expect(feed.items[0]).toMatchObject({ title: 'Frances Allen', link: 'http://example.test/users/9', id: 'http://example.test/users/9' });
  });

  it('answers RSS when asked', async () => {
    const res = await request(app).get('/users/feed').set('Accept', 'application/rss+xml');
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = await parser.parseString(res.text);
    expect(feed.items.map((item) => item.title)).toContain('Grace Hopper');
  });

  it('answers 304 from the collection version, and 406 to JSON', async () => {
    expect((await request(app).get('/users/feed').set('If-None-Match', '"10;atom+xml"')).status).toBe(304);
    expectProblem(await request(app).get('/users/feed').set('Accept', 'application/json'), 406);
  });
});

describe('GET /users/feed over more users than it holds', () => {
  it(`answers the ${FEED_ENTRIES} users changed last, the last first`, async () => {
    const { app, store } = service();
    for (let i = 0; i < FEED_ENTRIES + 10; i++) await store.users.create({ name: `User ${i}`, email: `u${i}@example.org`, role: 'viewer' });
    await store.users.put({ id: '3', name: 'Alan Turing', email: 'turing@example.org', role: 'editor' });
    const feed = await parser.parseString((await request(app).get('/users/feed')).text);
    expect(feed.items).toHaveLength(FEED_ENTRIES);
    expect(feed.items.slice(0, 3).map((item) => item.title)).toEqual(['Alan Turing', `User ${FEED_ENTRIES + 9}`, `User ${FEED_ENTRIES + 8}`]);
    expect(feed.items.at(-1)!.title).toBe('User 11');
  });
});

describe('GET /users/feed, with names that are markup (checked by xmllint, Python\'s feedparser, and jing with the RFC 4287 schema)', () => {
  const FEEDS = [
    ['Atom', 'application/atom+xml', 'atom10'],
    ['RSS', 'application/rss+xml', 'rss20'],
  ] as const;
  const NAMES = ['a]]>b]]>c', '<img src=x onerror=alert(1)>', '<![CDATA[x]]>'] as const;

  /** Each feed, keyed by its name and media type, after POSTing a user with that name. */
  const feeds = new Map<string, { text: string; version: string }>();
  /** What each validator said of them all: every validator starts a process (jing a JVM), so each runs once. */
  let lint = '';
  let schema = '';
  let parsed = new Map<string, ParsedFeed>();

  beforeAll(async () => {
    for (const name of NAMES) {
      const { app } = service();
      expect((await request(app).post('/users').set(AS_ADMIN).send({ name, email: 'mallory@example.org', role: 'viewer' })).status).toBe(201);
      for (const [, accept, version] of FEEDS) {
        const res = await request(app).get('/users/feed').set('Accept', accept);
        expect(res.status).toBe(200);
        feeds.set(`${name} ${accept}`, { text: res.text, version });
      }
    }
    const keys = [...feeds.keys()];
    const texts = [...feeds.values()].map((feed) => feed.text);
    lint = xmllintErrors(texts);
    schema = atomSchemaErrors([...feeds.values()].filter((feed) => feed.version === 'atom10').map((feed) => feed.text));
    parsed = new Map(feedparser(texts).map((feed, i) => [keys[i]!, feed]));
  }, 60_000);

  /** The feed in this type after POSTing a user with this name: its entry for that user (the first), as feedparser reads it. */
  function lastEntry(name: string, accept: string, version: string): { title: string; summary: string; type: string } {
    expect(lint).toBe('');
    if (version === 'atom10') expect(schema).toBe('');
    const feed = parsed.get(`${name} ${accept}`)!;
    expect(feed).toMatchObject({ bozo: false, version });
    // The feed lists the users changed last first.
    const entry = feed.entries[0]!;
    expect(entry.summary_type).toBe(entry.title_type);
    return { title: entry.title, summary: entry.summary, type: entry.title_type };
  }

  it.each(FEEDS)('answers well-formed %s for a name holding ]]> twice, the name read back as written', (_, accept, version) => {
    const entry = lastEntry('a]]>b]]>c', accept, version);
    // HTML whose text is the name: `>` as a reference.
    expect(entry).toEqual({ title: 'a]]&gt;b]]&gt;c', summary: 'a]]&gt;b]]&gt;c (viewer)', type: 'text/html' });
  });

  it.each(FEEDS)('delivers a name that is an HTML tag in %s as text, never as markup', (_, accept, version) => {
    const entry = lastEntry('<img src=x onerror=alert(1)>', accept, version);
    // The HTML a reader renders holds no tag: it shows the name, angle brackets included.
    expect(entry).toEqual({ title: '&lt;img src=x onerror=alert(1)&gt;', summary: '&lt;img src=x onerror=alert(1)&gt; (viewer)', type: 'text/html' });
  });

  it.each(FEEDS)('delivers a name that is a CDATA section in %s as its literal text, not an empty title', (_, accept, version) => {
    const entry = lastEntry('<![CDATA[x]]>', accept, version);
    expect(entry).toEqual({ title: '&lt;![CDATA[x]]&gt;', summary: '&lt;![CDATA[x]]&gt; (viewer)', type: 'text/html' });
  });
});
