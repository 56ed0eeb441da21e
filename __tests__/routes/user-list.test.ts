import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../../routes/app';
import { createMemoryStore } from '../../routes/store/memory-store';
import { listeningServers } from '../setup/listening';
import { AS_ADMIN, XML_TYPE, expectProblem, service } from '../setup/service-fixture';

const ids = (body: { id: string }[]) => body.map((u) => u.id);

const listening = listeningServers();

/** The Link header of a GET sent with a raw request target (supertest would encode it). */
async function rawLink(app: Express, target: string): Promise<string | undefined> {
  const { port } = (await listening(app)).address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: target, agent: false }, (res) => {
      res.resume();
      resolve(res.headers.link as string | undefined);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /user/all', () => {
  const { app } = service();

  it('answers every user as a JSON list, no-cache, with the collection validators', async () => {
    const res = await request(app).get('/user/all');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBe('"10;json"');
    expect(res.headers['last-modified']).toBe('Mon, 01 Jan 2024 00:00:00 GMT');
    expect(res.headers.link).toBeUndefined();
  });

  it('answers XML as <users><user>...</user></users>', async () => {
    const res = await request(app).get('/user/all').set('Accept', 'application/xml');
    expect(res.headers['content-type']).toBe(XML_TYPE);
    expect(res.text).toMatch(/<users><user><id>1<\/id><name>Ada Lovelace<\/name>/);
    expect(res.text.match(/<user>/g)).toHaveLength(9);
  });

  it('pages with page and size, linking the next and previous pages', async () => {
    const second = await request(app).get('/user/all?page=2&size=4');
    expect(ids(second.body)).toEqual(['5', '6', '7', '8']);
    expect(second.headers.link).toBe('</user/all?page=3&size=4>; rel="next", </user/all?page=1&size=4>; rel="prev"');
    expect(ids((await request(app).get('/user/all?page=3&size=4')).body)).toEqual(['9']);
    expect((await request(app).get('/user/all?page=9')).body).toEqual([]);
  });

  it('takes the defaults for empty page and size', async () => {
    expect((await request(app).get('/user/all?page=&size=')).body).toHaveLength(9);
  });

  it('answers 400 naming the parameter for a size out of 1..1000 or a page that is not an integer', async () => {
    for (const query of ['size=0', 'size=1001', 'size=ten', 'page=0', 'page=1.5']) {
      const problem = expectProblem(await request(app).get(`/user/all?${query}`), 400);
      expect(problem.detail).toContain(`'${query.split('=')[0]}'`);
    }
  });

  it('filters by the role matrix variable, several roles separated by commas', async () => {
    expect(ids((await request(app).get('/user/all;role=admin')).body)).toEqual(['1', '2', '3']);
    expect(ids((await request(app).get('/user/all;role=viewer,editor?size=2&page=3')).body)).toEqual(['8', '9']);
    const paged = await request(app).get('/user/all;role=admin,editor?size=2');
    expect(paged.headers.link).toBe('</user/all;role=admin,editor?page=2&size=2>; rel="next"');
  });

  it('writes the request path into Link as a valid URI reference: nothing a client sends can end it early', async () => {
    const res = await request(app).get('/user/all;x=%3E,%3Curn:evil%3E;rel=%22next%22?size=1');
    expect(res.status).toBe(200);
    expect(res.headers.link).toBe('</user/all;x=%3E,%3Curn:evil%3E;rel=%22next%22?page=2&size=1>; rel="next"');
    // Characters a URI cannot hold, sent raw (node accepts them in the request line), are encoded.
    expect(await rawLink(app, '/user/all;x=>,<urn:evil>;rel="next"?size=1')).toBe('</user/all;x=%3E,%3Curn:evil%3E;rel=%22next%22?page=2&size=1>; rel="next"');
  });

  it('answers 400 to an unknown role even to a conditional request it would otherwise answer 304', async () => {
    const etag = (await request(app).get('/user/all')).headers.etag!;
    expectProblem(await request(app).get('/user/all;role=bogus').set('If-None-Match', '*'), 400);
    expectProblem(await request(app).get('/user/all;role=bogus').set('If-None-Match', etag), 400);
  });

  it('answers 400 naming an unknown role', async () => {
    expect(expectProblem(await request(app).get('/user/all;role=owner'), 400).detail).toContain("'owner'");
  });

  it('answers 304 until a user changes, then the new list', async () => {
    const own = service().app;
    const first = await request(own).get('/user/all');
    expect((await request(own).get('/user/all').set('If-None-Match', first.headers.etag!)).status).toBe(304);
    await request(own).patch('/users/3').set(AS_ADMIN).set('Content-Type', 'application/merge-patch+json').send('{"role":"viewer"}');
    const after = await request(own).get('/user/all').set('If-None-Match', first.headers.etag!);
    expect(after.status).toBe(200);
    expect(after.body[2].role).toBe('viewer');
  });
});

describe('DELETE /user/all', () => {
  it('answers 400 naming X-Confirm when it is missing, and deletes nothing', async () => {
    const { app } = service();
    const problem = expectProblem(await request(app).delete('/user/all').set(AS_ADMIN), 400);
    expect(problem.detail).toBe("Required request header 'X-Confirm' is missing");
    expect((await request(app).get('/user/all')).body).toHaveLength(9);
  });

  it('answers 400 when X-Confirm is not delete-all-users', async () => {
    const { app } = service();
    expect(expectProblem(await request(app).delete('/user/all').set(AS_ADMIN).set('X-Confirm', 'yes'), 400).detail).toContain('delete-all-users');
  });

  it('deletes every user: 204, then an empty list and 404 for each', async () => {
    const { app } = service();
    const res = await request(app).delete('/user/all').set(AS_ADMIN).set('X-Confirm', 'delete-all-users');
    expect(res.status).toBe(204);
    expect((await request(app).get('/user/all')).body).toEqual([]);
    expectProblem(await request(app).get('/users/1'), 404);
  });

  it('answers 412 on a stale If-Match', async () => {
    const { app } = service();
    await request(app).post('/users').set(AS_ADMIN).send({ name: 'N', email: 'n@example.org', role: 'viewer' });
    expectProblem(await request(app).delete('/user/all').set(AS_ADMIN).set('X-Confirm', 'delete-all-users').set('If-Match', '"10;json"'), 412);
    expect((await request(app).get('/user/all')).body).toHaveLength(10);
  });
});

describe('GET /user/all over 5,000 users', () => {
  const users = [...Array(5_000).keys()].map((i) => ({ id: String(5_000 - i), name: `User ${i}`, email: `u${i}@example.org`, role: (['admin', 'editor', 'viewer'] as const)[i % 3]! }));

  it('does the work of one page: no sort, one avatar lookup per user answered', async () => {
    const store = createMemoryStore({ users });
    const { app } = createApp({ store, cache: false });
    const lookups = jest.spyOn(store.avatars, 'get');
    const sort = jest.spyOn(Array.prototype, 'sort');
    try {
      const res = await request(app).get('/user/all?page=400&size=5');
      expect(ids(res.body)).toEqual(['1996', '1997', '1998', '1999', '2000']);
      expect(res.headers.link).toBe('</user/all?page=401&size=5>; rel="next", </user/all?page=399&size=5>; rel="prev"');
      const admins = await request(app).get('/user/all;role=admin?page=2&size=5');
      expect(ids(admins.body)).toHaveLength(5);
      expect(lookups).toHaveBeenCalledTimes(10);
      // Express and the library may sort a few header values; never a list as long as the users.
      expect(sort.mock.contexts.filter((array) => (array as unknown[]).length >= 100)).toEqual([]);
    } finally {
      sort.mockRestore();
    }
  });
});
