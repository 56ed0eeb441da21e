import Parser from 'rss-parser';
import request from 'supertest';
import { FEED_ENTRIES } from '../../routes/user-feed';
import { expectProblem, service } from './service-fixture';

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
