import Parser from 'rss-parser';
import request from 'supertest';
import { expectProblem, service } from './service-fixture';

const parser = new Parser();

describe('GET /users/feed', () => {
  const { app } = service();

  it('answers an Atom feed by default, one entry per user, no-cache', async () => {
    const res = await request(app).get('/users/feed').set('Host', 'example.test');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBe('"10;atom+xml"');
    const feed = await parser.parseString(res.text);
    expect(feed.title).toBe('Users');
    expect(feed.items).toHaveLength(9);
    expect(feed.items[0]).toMatchObject({ title: 'Ada Lovelace', link: 'http://example.test/users/1', id: 'http://example.test/users/1' });
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
