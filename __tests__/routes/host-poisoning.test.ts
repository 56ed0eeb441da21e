import type { AddressInfo } from 'node:net';
import Parser from 'rss-parser';
import request from 'supertest';
import { createApp } from '../../routes/app';
import { createMemoryStore } from '../../routes/store/memory-store';
import { ProblemType } from '../../src';
import type { MemoryStore } from '../../src/entries/cache';
import { listeningServers } from '../setup/listening';
import { AS_ADMIN, PNG, expectProblem } from '../setup/service-fixture';

const listening = listeningServers();
const parser = new Parser();

/** The service as `npm start` builds it (shared cache on), listening, and the Host its clients send. */
async function served(origin?: string) {
  const { app } = createApp({ store: createMemoryStore(), ...(origin !== undefined && { origin }) });
  const server = await listening(app);
  return { server, host: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the service behind its shared cache, given a Host that could poison it (RFC 9112 section 3.2)', () => {
  it('answers 400 to the avatar request whose Host holds a path, and a later GET /users/2 gets the user', async () => {
    const { server, host } = await served();
    await request(server).put('/users/1/avatar').set(AS_ADMIN).set('Host', host).set('Content-Type', 'image/png').send(PNG).expect(201);
    const link = (await request(server).get('/users/1').set('Host', host)).body.avatar as string;
    expect(link).toBe('/users/1/avatar;v=11');
    // Keyed as `http://` + Host + target and parsed again, this stored the PNG under /users/2 for a year.
    const poisoning = await request(server).get(link).set('Host', `${host}/users/2#`);
    expect(expectProblem(poisoning, 400).type).toBe(ProblemType.invalidHost);
    const user = await request(server).get('/users/2').set('Host', host);
    expect(user.status).toBe(200);
    expect(user.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(user.body).toMatchObject({ id: '2', name: expect.any(String) });
  });

  it('answers 400 to a feed request whose Host hides another host behind a backslash, and the feed links to the real host', async () => {
    const { server, host } = await served();
    const poisoning = await request(server).get('/users/feed').set('Host', `${host}\\@evil.example`);
    expect(expectProblem(poisoning, 400).type).toBe(ProblemType.invalidHost);
    const feed = await request(server).get('/users/feed').set('Host', host);
    expect(feed.status).toBe(200);
    expect(feed.text).not.toContain('evil.example');
    const { items } = await parser.parseString(feed.text);
    expect(items.map((item) => item.link)).toContain(`http://${host}/users/1`);
  });

  it('builds feed links from the Host as parsed: lower case, the default port dropped', async () => {
    const { server } = await served();
    const feed = await request(server).get('/users/feed').set('Host', 'Service.TEST:80');
    const { items } = await parser.parseString(feed.text);
    expect(items.map((item) => item.link)).toContain('http://service.test/users/1');
  });

  describe('with a configured origin (behind a proxy)', () => {
    it('builds feed links from the origin, whatever the Host', async () => {
      const { server } = await served('https://api.example.com');
      const feed = await request(server).get('/users/feed').set('Host', 'internal.lan:3000');
      const { items } = await parser.parseString(feed.text);
      expect(items.map((item) => item.link)).toContain('https://api.example.com/users/1');
      expect(feed.text).not.toContain('internal.lan');
    });

    it('keys the cache on the origin: a request under another Host is answered from the same entry', async () => {
      const { server } = await served('https://api.example.com');
      expect((await request(server).get('/bookcase').set('Host', 'proxy-a.lan')).headers['x-cache']).toBe('MISS');
      expect((await request(server).get('/bookcase').set('Host', 'proxy-b.lan')).headers['x-cache']).toBe('HIT');
    });

    it('keeps one entry for one resource under two Hosts, and a write under one invalidates it under the other', async () => {
      const { app, cache } = createApp({ store: createMemoryStore(), origin: 'https://api.example.com' });
      const server = await listening(app);
      const stored = cache!.store as MemoryStore;
      const before = (await request(server).get('/bookcase').set('Host', 'proxy-a.lan')).body as { name: string };
      expect((await request(server).get('/bookcase').set('Host', 'proxy-b.lan:8080')).headers['x-cache']).toBe('HIT');
      expect(stored.size).toBe(1);
      const renamed = { ...before, name: 'Renamed' };
      expect((await request(server).put('/bookcase').set(AS_ADMIN).set('Host', 'proxy-b.lan:8080').send(renamed)).status).toBe(204);
      expect(stored.size).toBe(0);
      const after = await request(server).get('/bookcase').set('Host', 'proxy-a.lan');
      expect(after.headers['x-cache']).toBe('MISS');
      expect(after.body.name).toBe('Renamed');
    });

    it('still answers 400 to an invalid Host', async () => {
      const { server } = await served('https://api.example.com');
      expect(expectProblem(await request(server).get('/bookcase').set('Host', 'a.lan/bookcase#'), 400).type).toBe(ProblemType.invalidHost);
    });
  });
});
