import Parser from 'rss-parser';
import request from 'supertest';
import { FEED_ENTRIES } from '../../routes/user-feed';
import { atomSchemaErrors, feedparser, xmllintErrors } from '../setup/xml-validators';
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
  // jing starts a JVM per document: seconds on a busy machine.
  const SLOW = 30_000;
  const FEEDS = [
    ['Atom', 'application/atom+xml', 'atom10'],
    ['RSS', 'application/rss+xml', 'rss20'],
  ] as const;

  /** The feed in this type after POSTing a user with this name: its entry for that user (the first), as feedparser reads it. */
  async function lastEntry(name: string, accept: string, version: string): Promise<{ title: string; summary: string; type: string }> {
    const { app } = service();
    expect((await request(app).post('/users').set(AS_ADMIN).send({ name, email: 'mallory@example.org', role: 'viewer' })).status).toBe(201);
    const res = await request(app).get('/users/feed').set('Accept', accept);
    expect(res.status).toBe(200);
    expect(xmllintErrors([res.text])).toBe('');
    if (version === 'atom10') expect(atomSchemaErrors(res.text)).toBe('');
    const feed = feedparser(res.text);
    expect(feed).toMatchObject({ bozo: false, version });
    // The feed lists the users changed last first.
    const entry = feed.entries[0]!;
    expect(entry.summary_type).toBe(entry.title_type);
    return { title: entry.title, summary: entry.summary, type: entry.title_type };
  }

  it.each(FEEDS)('answers well-formed %s for a name holding ]]> twice, the name read back as written', async (_, accept, version) => {
    const entry = await lastEntry('a]]>b]]>c', accept, version);
    // HTML whose text is the name: `>` as a reference.
    expect(entry).toEqual({ title: 'a]]&gt;b]]&gt;c', summary: 'a]]&gt;b]]&gt;c (viewer)', type: 'text/html' });
  }, SLOW);

  it.each(FEEDS)('delivers a name that is an HTML tag in %s as text, never as markup', async (_, accept, version) => {
    const entry = await lastEntry('<img src=x onerror=alert(1)>', accept, version);
    // The HTML a reader renders holds no tag: it shows the name, angle brackets included.
    expect(entry).toEqual({ title: '&lt;img src=x onerror=alert(1)&gt;', summary: '&lt;img src=x onerror=alert(1)&gt; (viewer)', type: 'text/html' });
  }, SLOW);

  it.each(FEEDS)('delivers a name that is a CDATA section in %s as its literal text, not an empty title', async (_, accept, version) => {
    const entry = await lastEntry('<![CDATA[x]]>', accept, version);
    expect(entry).toEqual({ title: '&lt;![CDATA[x]]&gt;', summary: '&lt;![CDATA[x]]&gt; (viewer)', type: 'text/html' });
  }, SLOW);
});
