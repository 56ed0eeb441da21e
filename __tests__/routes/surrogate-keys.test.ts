import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '../../routes/app';
import { createMemoryStore } from '../../routes/store/memory-store';
import { AS_ADMIN, service } from '../setup/service-fixture';
import { startService } from './service-process';

describe('the service tags its responses with surrogate keys', () => {
  const { app } = service();

  it.each<[string, string, string]>([
    ['the bookcase', '/bookcase', 'bookcase'],
    ['its summary', '/bookcase?view=summary', 'bookcase'],
    ['a user, with the key of every user', '/users/1', 'user user:1'],
    ['the list of users', '/user/all', 'users'],
    ['the search', '/users/search?name=a', 'users'],
    ['the feed', '/users/feed', 'users'],
  ])('GET %s', async (_, path, keys) => {
    const response = await request(app).get(path).expect(200);
    expect(response.headers['surrogate-key']).toBe(keys);
  });

  it.each<[string, string, string, object, string]>([
    ['replacing the bookcase', 'PUT', '/bookcase', { name: 'Study', books: [] }, 'bookcase'],
    ['replacing a user, a member of the collections', 'PUT', '/users/1', { name: 'Ada King', email: 'ada@example.org', role: 'admin' }, 'users user:1'],
    ['creating a user', 'POST', '/users', { name: 'Alan Kay', email: 'kay@example.org', role: 'editor' }, 'users'],
  ])('%s: the keys its purge names', async (_, method, path, body, keys) => {
    const response = await request(app)[method === 'PUT' ? 'put' : 'post'](path).set(AS_ADMIN).send(body);
    expect(response.status).toBeLessThan(300);
    expect(response.headers['surrogate-key']).toBe(keys);
  });
});

describe('createApp({ purgeUrls })', () => {
  it('purges the caches named after a write, the URI and its keys, before answering it', async () => {
    const received: string[] = [];
    const fake = http.createServer((req, res) => {
      received.push(`${req.method} ${req.url} ${req.headers['surrogate-key'] ?? ''}`.trim());
      res.end();
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { app, purger } = createApp({ cache: false, store: createMemoryStore(), purgeUrls: [`http://127.0.0.1:${(fake.address() as AddressInfo).port}`] });
    try {
      await request(app).put('/users/1').set(AS_ADMIN).send({ name: 'Ada King', email: 'ada@example.org', role: 'admin' }).expect(204);
      expect(received).toEqual(['PURGE /users/1', 'PURGE / users user:1']);
      await request(app).get('/users/1').expect(200);
      expect(received).toHaveLength(2);
    } finally {
      await purger?.close();
      fake.close();
    }
  });
});

describe('PURGE_URLS', () => {
  it('stops the start (exit 1) when one is not an http or https URL', async () => {
    await expect(startService({ PURGE_URLS: 'http://127.0.0.1:6081 ftp://cache' })).rejects.toThrow(/exited with 1[\s\S]*A purge target is an http or https URL, got 'ftp:\/\/cache'/);
  }, 60_000);
});
