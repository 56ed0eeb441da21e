import http from 'node:http';
import express, { type Request } from 'express';
import request from 'supertest';
import { listeningServers } from '../../setup/listening';
import { type CacheOptions, MemoryStore, cache } from '../../../middleware/cache';
import { formatHttpDate } from '../../../src/caching/http-date';
import { ProblemType } from '../../../src/errors/problem-types';

const START = Date.UTC(2025, 0, 1, 12, 0, 0);

const listening = listeningServers();

/**
 * An app behind the cache, with a fake clock: handlers stamp Date from it, and `advance` moves it
 * on, so ages and staleness are exact without sleeping.
 */
async function setup(options: Partial<CacheOptions> = {}) {
  let clock = START;
  const calls: Record<string, number> = {};
  const seen: Request['headers'][] = [];
  const shared = cache({ now: () => clock, statusHeader: 'X-Cache', ...options });
  const app = express();
  app.use(shared);
  app.use((req, res, next) => {
    calls[req.path] = (calls[req.path] ?? 0) + 1;
    seen.push({ ...req.headers });
    res.set('Date', formatHttpDate(clock));
    next();
  });
  const count = (path: string) => calls[path] ?? 0;
  const version = (req: Request) => `v${count(req.path)}`;

  app.get('/fresh', (req, res) => void res.set('Cache-Control', 'max-age=60').send(version(req)));
  app.get('/constant', (_req, res) => void res.set('Cache-Control', 'max-age=60').send('same'));
  app.get('/changing', (req, res) => void res.set('Cache-Control', 'max-age=60').send(version(req)));
  app.get('/last-modified', (req, res) => {
    res.set({ 'Cache-Control': 'max-age=60', 'Last-Modified': formatHttpDate(START - 3600_000) });
    if (req.headers['if-modified-since'] === formatHttpDate(START - 3600_000)) return void res.status(304).end();
    res.send(version(req));
  });
  app.get('/negotiated', (req, res) => {
    res.set('Cache-Control', 'max-age=60');
    res.format({
      'application/json': () => res.json({ n: count(req.path) }),
      'application/xml': () => res.type('application/xml').send(`<n>${count(req.path)}</n>`),
    });
  });
  app.get('/private', (req, res) => void res.set('Cache-Control', 'private, max-age=60').send(version(req)));
  app.get('/no-store', (req, res) => void res.set('Cache-Control', 'no-store, max-age=60').send(version(req)));
  app.get('/public', (req, res) => void res.set('Cache-Control', 'public, max-age=60').send(version(req)));
  app.get('/public-per-user', (req, res) => void res.set({ 'Cache-Control': 'public, max-age=60', Vary: 'Authorization' }).send(version(req)));
  app.get('/vary-star', (req, res) => void res.set({ 'Cache-Control': 'max-age=60', Vary: '*' }).send(version(req)));
  app.get('/must-revalidate', (req, res) => void res.set('Cache-Control', 'max-age=60, must-revalidate').send(version(req)));
  app.get('/stale-if-error', (req, res) => {
    if (count(req.path) > 1) return void res.status(503).send('down');
    res.set('Cache-Control', 'max-age=60, stale-if-error=300').send(version(req));
  });
  app.get('/gateway', (req, res) => {
    if (count(req.path) > 1) return void res.status(502).send('unreachable');
    res.set('Cache-Control', req.query.cc === undefined ? 'max-age=60' : String(req.query.cc)).send(version(req));
  });
  app.get('/big/:size', (req, res) => void res.set('Cache-Control', 'max-age=60').send('x'.repeat(Number(req.params.size))));
  app.get('/streamed', (req, res) => {
    res.set({ 'Cache-Control': 'max-age=60', 'Content-Type': 'text/plain' });
    res.write('one,');
    res.write(Buffer.from('two,'));
    res.end(version(req));
  });
  app.get('/books/:id', (req, res) => void res.set('Cache-Control', 'max-age=60').send(version(req)));
  app.put('/books/:id', (_req, res) => void res.status(204).end());
  app.delete('/books/:id', (req, res) => void res.status(req.params.id === 'missing' ? 404 : 204).end());
  app.post('/books', (_req, res) => void res.status(201).location('/books/2').end());
  app.post('/search', (req, res) => {
    if (req.query.located !== undefined) res.set('Content-Location', req.originalUrl);
    res.set('Cache-Control', 'max-age=60').send(version(req));
  });
  app.get('/search', (req, res) => void res.set('Cache-Control', 'max-age=60').send(`get ${version(req)}`));

  return {
    app: await listening(app),
    express: app,
    shared,
    count,
    seen,
    advance: (seconds: number) => {
      clock += seconds * 1000;
    },
  };
}

describe('cache(options)', () => {
  describe('when a fresh response is stored', () => {
    it('answers MISS first, then HIT from the store with the Age of the copy', async () => {
      const { app, count, advance } = await setup();
      const first = await request(app).get('/fresh').expect(200, 'v1');
      expect(first.headers['x-cache']).toBe('MISS');
      advance(10);
      const second = await request(app).get('/fresh').expect(200, 'v1');
      expect(second.headers['x-cache']).toBe('HIT');
      expect(second.headers.age).toBe('10');
      expect(second.headers.date).toBe(first.headers.date);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(count('/fresh')).toBe(1);
    });

    it('reads the clock once for a hit: the Age and ttl it answers are those its reuse was decided on', async () => {
      let clock = START;
      const now = jest.fn(() => clock);
      const { app } = await setup({ now });
      await request(app).get('/fresh').expect(200, 'v1');
      clock += 10_500;
      now.mockClear();
      await request(app).get('/fresh').expect(200, 'v1').expect('Age', '10').expect('Cache-Status', 'represent; hit; ttl=49');
      expect(now).toHaveBeenCalledTimes(1);
    });

    it('answers a HEAD from the stored GET, without a body', async () => {
      const { app, count } = await setup();
      await request(app).get('/fresh');
      const head = await request(app).head('/fresh').expect(200);
      expect(head.headers['x-cache']).toBe('HIT');
      expect(head.headers['content-length']).toBe('2');
      expect(count('/fresh')).toBe(1);
    });

    it('answers 304 itself to a conditional request the stored ETag satisfies', async () => {
      const { app, count } = await setup();
      const first = await request(app).get('/fresh');
      const conditional = await request(app).get('/fresh').set('If-None-Match', first.headers.etag!).expect(304);
      expect(conditional.headers.etag).toBe(first.headers.etag);
      expect(conditional.headers['x-cache']).toBe('HIT');
      expect(count('/fresh')).toBe(1);
    });

    it('answers 304 itself to If-Modified-Since, with Date standing in for a missing Last-Modified', async () => {
      const { app, count } = await setup();
      await request(app).get('/fresh');
      await request(app).get('/fresh').set('If-Modified-Since', formatHttpDate(START)).expect(304).expect('X-Cache', 'HIT');
      await request(app).get('/fresh').set('If-Modified-Since', formatHttpDate(START - 1000)).expect(200, 'v1');
      expect(count('/fresh')).toBe(1);
    });

    it('stores a body written in several chunks', async () => {
      const { app, count } = await setup();
      await request(app).get('/streamed').expect(200, 'one,two,v1');
      const hit = await request(app).get('/streamed').expect(200, 'one,two,v1');
      expect(hit.headers['content-length']).toBe('10');
      expect(count('/streamed')).toBe(1);
    });

    it('keeps different query strings apart', async () => {
      const { app } = await setup();
      await request(app).get('/fresh?a=1').expect('v1');
      await request(app).get('/fresh?a=2').expect('v2');
      await request(app).get('/fresh?a=1').expect('v1');
    });
  });

  describe('when the response varies by Accept', () => {
    it('never answers a JSON copy to an XML request', async () => {
      const { app, count } = await setup();
      await request(app).get('/negotiated').set('Accept', 'application/json').expect('Content-Type', /json/).expect('X-Cache', 'MISS');
      await request(app).get('/negotiated').set('Accept', 'application/xml').expect('Content-Type', /xml/).expect('X-Cache', 'MISS');
      const json = await request(app).get('/negotiated').set('Accept', 'application/json').expect('X-Cache', 'HIT');
      expect(json.body).toEqual({ n: 1 });
      const xml = await request(app).get('/negotiated').set('Accept', 'application/xml').expect('X-Cache', 'HIT');
      expect(xml.text).toBe('<n>2</n>');
      expect(count('/negotiated')).toBe(2);
    });

    it('never reuses a response with Vary: *', async () => {
      const { app, count } = await setup();
      await request(app).get('/vary-star');
      await request(app).get('/vary-star').expect('X-Cache', 'MISS');
      expect(count('/vary-star')).toBe(2);
    });
  });

  describe('when the stored response is stale', () => {
    it('revalidates with If-None-Match and answers the stored body on a 304', async () => {
      const { app, count, seen, advance } = await setup();
      const first = await request(app).get('/constant');
      advance(61);
      const second = await request(app).get('/constant').expect(200, 'same').expect('X-Cache', 'REVALIDATED');
      expect(seen.at(-1)?.['if-none-match']).toBe(first.headers.etag);
      expect(second.headers.age).toBe('0');
      expect(second.headers.date).toBe(formatHttpDate(START + 61_000));
      advance(30);
      await request(app).get('/constant').expect(200, 'same').expect('X-Cache', 'HIT').expect('Age', '30');
      expect(count('/constant')).toBe(2);
    });

    it('revalidates with If-Modified-Since from the stored Last-Modified', async () => {
      const { app, seen, advance } = await setup();
      await request(app).get('/last-modified').expect('v1');
      advance(61);
      await request(app).get('/last-modified').expect(200, 'v1').expect('X-Cache', 'REVALIDATED');
      expect(seen.at(-1)?.['if-modified-since']).toBe(formatHttpDate(START - 3600_000));
    });

    it('replaces the stored response when revalidation answers 200', async () => {
      const { app, count, advance } = await setup();
      await request(app).get('/changing').expect('v1');
      advance(61);
      await request(app).get('/changing').expect(200, 'v2').expect('X-Cache', 'MISS');
      await request(app).get('/changing').expect(200, 'v2').expect('X-Cache', 'HIT');
      expect(count('/changing')).toBe(2);
    });

    it('answers the stale copy when the origin fails within stale-if-error', async () => {
      const { app, advance } = await setup();
      await request(app).get('/stale-if-error').expect('v1');
      advance(120);
      await request(app).get('/stale-if-error').expect(200, 'v1').expect('X-Cache', 'STALE');
      advance(300);
      await request(app).get('/stale-if-error').expect(503, 'down');
    });
  });

  describe('when the origin cannot be reached (502, 504) while the copy is stale', () => {
    it('answers the stale copy', async () => {
      const { app, advance } = await setup();
      await request(app).get('/gateway').expect('v1');
      advance(120);
      await request(app).get('/gateway').expect(200, 'v1').expect('X-Cache', 'STALE');
    });

    it.each(['max-age=60, must-revalidate', 'max-age=60, no-cache', 's-maxage=60', 'max-age=60, proxy-revalidate'])('passes the error on with %s', async (cc) => {
      const { app, advance } = await setup();
      await request(app).get(`/gateway?cc=${encodeURIComponent(cc)}`).expect('v1');
      advance(120);
      await request(app).get(`/gateway?cc=${encodeURIComponent(cc)}`).expect(502, 'unreachable');
    });
  });

  describe('request directives', () => {
    // Not /constant: Express's own freshness check ignores If-None-Match under a request's no-cache.
    it('revalidates on Cache-Control: no-cache', async () => {
      const { app, count, seen } = await setup();
      await request(app).get('/last-modified');
      await request(app).get('/last-modified').set('Cache-Control', 'no-cache').expect(200, 'v1').expect('X-Cache', 'REVALIDATED');
      expect(seen.at(-1)?.['if-modified-since']).toBe(formatHttpDate(START - 3600_000));
      expect(count('/last-modified')).toBe(2);
    });

    it('revalidates on Pragma: no-cache without Cache-Control', async () => {
      const { app, count } = await setup();
      await request(app).get('/constant');
      await request(app).get('/constant').set('Pragma', 'no-cache').expect('X-Cache', 'REVALIDATED');
      expect(count('/constant')).toBe(2);
    });

    it('revalidates a copy older than the request max-age', async () => {
      const { app, count, advance } = await setup();
      await request(app).get('/constant');
      advance(10);
      await request(app).get('/constant').set('Cache-Control', 'max-age=20').expect('X-Cache', 'HIT');
      await request(app).get('/constant').set('Cache-Control', 'max-age=5').expect('X-Cache', 'REVALIDATED');
      expect(count('/constant')).toBe(2);
    });

    it('revalidates a copy not fresh for min-fresh more seconds', async () => {
      const { app, advance } = await setup();
      await request(app).get('/constant');
      advance(10);
      await request(app).get('/constant').set('Cache-Control', 'min-fresh=40').expect('X-Cache', 'HIT');
      await request(app).get('/constant').set('Cache-Control', 'min-fresh=55').expect('X-Cache', 'REVALIDATED');
    });

    it('answers a stale copy within max-stale', async () => {
      const { app, advance } = await setup();
      await request(app).get('/fresh');
      advance(90);
      await request(app).get('/fresh').set('Cache-Control', 'max-stale=60').expect(200, 'v1').expect('X-Cache', 'STALE').expect('Age', '90');
      await request(app).get('/fresh').set('Cache-Control', 'max-stale=10').expect(200, 'v2');
    });

    it('never answers stale a must-revalidate copy, even within max-stale', async () => {
      const { app, advance } = await setup();
      await request(app).get('/must-revalidate');
      advance(90);
      await request(app).get('/must-revalidate').set('Cache-Control', 'max-stale').expect(200, 'v2');
    });

    it('answers 504 to only-if-cached without a stored copy, and the copy when there is one', async () => {
      const { app, count } = await setup();
      const miss = await request(app).get('/fresh?x=1').set('Cache-Control', 'only-if-cached').expect(504);
      expect(miss.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(miss.headers['cache-control']).toBe('no-store');
      expect(miss.headers['x-cache']).toBe('MISS');
      expect(miss.body).toMatchObject({ type: ProblemType.notCached, status: 504, title: 'Gateway Timeout', instance: '/fresh?x=1' });
      const xml = await request(app).get('/fresh').set('Cache-Control', 'only-if-cached').set('Accept', 'application/xml').expect(504);
      expect(xml.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
      expect(count('/fresh')).toBe(0);
      await request(app).get('/fresh');
      await request(app).get('/fresh').set('Cache-Control', 'only-if-cached').expect(200, 'v1');
    });

    it('answers 504 to only-if-cached when the copy is stale', async () => {
      const { app, advance } = await setup();
      await request(app).get('/fresh');
      advance(61);
      await request(app).get('/fresh').set('Cache-Control', 'only-if-cached').expect(504);
    });

    it('does not store the response to a request with no-store', async () => {
      const { app, count } = await setup();
      await request(app).get('/fresh').set('Cache-Control', 'no-store');
      await request(app).get('/fresh').expect('X-Cache', 'MISS').expect('v2');
      expect(count('/fresh')).toBe(2);
    });
  });

  describe('what a shared cache may store', () => {
    it.each(['/private', '/no-store'])('never stores %s', async (path) => {
      const { app, count } = await setup();
      await request(app).get(path);
      await request(app).get(path).expect('X-Cache', 'MISS');
      expect(count(path)).toBe(2);
    });

    it('does not store a response to a request with Authorization', async () => {
      const { app, count } = await setup();
      await request(app).get('/fresh').set('Authorization', 'Bearer a');
      await request(app).get('/fresh').set('Authorization', 'Bearer a').expect('X-Cache', 'MISS');
      await request(app).get('/fresh').expect('X-Cache', 'MISS');
      expect(count('/fresh')).toBe(3);
    });

    it('does not store a public response to a request with Authorization when it does not vary on it (no route declares it shared)', async () => {
      const { app, count } = await setup();
      await request(app).get('/public').set('Authorization', 'Bearer a');
      await request(app).get('/public').set('Authorization', 'Bearer a').expect('X-Cache', 'MISS');
      expect(count('/public')).toBe(2);
    });

    it('stores a public response to a request with Authorization per Authorization when it varies on it', async () => {
      const { app, count } = await setup();
      await request(app).get('/public-per-user').set('Authorization', 'Bearer a').expect('v1');
      await request(app).get('/public-per-user').set('Authorization', 'Bearer a').expect('X-Cache', 'HIT').expect('v1');
      await request(app).get('/public-per-user').set('Authorization', 'Bearer b').expect('X-Cache', 'MISS').expect('v2');
      expect(count('/public-per-user')).toBe(2);
    });

    it('does not answer a request with Authorization from a copy that is not public', async () => {
      const { app, count } = await setup();
      await request(app).get('/fresh');
      await request(app).get('/fresh').set('Authorization', 'Bearer a').expect('X-Cache', 'MISS');
      expect(count('/fresh')).toBe(2);
    });

    it('stores a POST response with explicit freshness and Content-Location equal to the URI, for later GETs', async () => {
      const { app, count } = await setup();
      await request(app).post('/search?located').expect('v1');
      await request(app).get('/search?located').expect(200, 'v1').expect('X-Cache', 'HIT');
      expect(count('/search')).toBe(1);
    });

    it('does not store a POST response without Content-Location', async () => {
      const { app } = await setup();
      await request(app).post('/search').expect('v1');
      await request(app).get('/search').expect(200, 'get v2').expect('X-Cache', 'MISS');
    });
  });

  describe('invalidation after unsafe methods', () => {
    it('forgets a URI after a successful PUT', async () => {
      const { app } = await setup();
      await request(app).get('/books/1').expect('v1');
      await request(app).get('/books/1').expect('X-Cache', 'HIT');
      await request(app).put('/books/1').expect(204);
      // v3: the PUT was the second call of the handler chain for /books/1.
      await request(app).get('/books/1').expect('v3').expect('X-Cache', 'MISS');
    });

    it('forgets a URI after a successful DELETE, but not after a failed one', async () => {
      const { app } = await setup();
      await request(app).get('/books/missing').expect('v1');
      await request(app).delete('/books/missing').expect(404);
      await request(app).get('/books/missing').expect('v1').expect('X-Cache', 'HIT');
      await request(app).delete('/books/missing?x').expect(404);
      await request(app).get('/books/1');
      await request(app).delete('/books/1').expect(204);
      await request(app).get('/books/1').expect('X-Cache', 'MISS');
    });

    it('forgets the Location of a POST response on the same origin', async () => {
      const { app } = await setup();
      await request(app).get('/books/2').expect('v1');
      await request(app).post('/books').expect(201);
      await request(app).get('/books/2').expect('v2').expect('X-Cache', 'MISS');
    });
  });

  describe('invalidation of a URI however it is spelled', () => {
    /** A request with the target and Host exactly as given (supertest would normalise them). */
    function raw(server: http.Server, method: string, path: string, host?: string): Promise<{ status: number; cache: string | undefined; body: string }> {
      const { port } = server.address() as { port: number };
      return new Promise((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method, path, headers: { host: host ?? `127.0.0.1:${port}` } }, (res) => {
          let body = '';
          res.setEncoding('latin1').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-cache'] as string | undefined, body }));
        });
        req.on('error', reject).end();
      });
    }

    it.each([
      ['a character URL percent-encodes in the path', '/books/{a}', '/books/{a}', undefined],
      ['a character URL percent-encodes in the query', "/books/1?q='x'", "/books/1?q='x'", undefined],
      ['an upper-case Host', '/books/1', '/books/1', 'LOCALHOST:8080'],
      ['the default port in Host', '/books/1', '/books/1', 'localhost:80'],
      ['percent-encodings whose hex differs in case', '/books/%7e', '/books/%7E', 'localhost'],
    ])('forgets a URI after a PUT with %s', async (_name, getPath, putPath, host) => {
      const { app } = await setup();
      expect((await raw(app, 'GET', getPath, host)).cache).toBe('MISS');
      expect((await raw(app, 'GET', getPath, host)).cache).toBe('HIT');
      expect((await raw(app, 'PUT', putPath, host)).status).toBe(204);
      expect((await raw(app, 'GET', getPath, host)).cache).toBe('MISS');
    });

    it.each([
      ['a percent-encoded unreserved character', '/books/1', '/books/%31'],
      ['a trailing slash', '/books/1', '/books/1/'],
      ['matrix parameters', '/books/1', '/books/1;x=1'],
      ['an empty query', '/books/1', '/books/1?'],
      ['the plain spelling, after a GET of another', '/books/%31/', '/books/1'],
      ['a projection stored under matrix parameters', '/books/1;fields=title', '/books/1'],
    ])('forgets every spelling it stored after a PUT through %s', async (_name, getPath, putPath) => {
      const { app } = await setup();
      await raw(app, 'GET', getPath, 'localhost');
      expect((await raw(app, 'GET', getPath, 'localhost')).cache).toBe('HIT');
      expect((await raw(app, 'PUT', putPath, 'localhost')).status).toBe(204);
      expect((await raw(app, 'GET', getPath, 'localhost')).cache).toBe('MISS');
    });

    it('forgets only the spellings of the URI written: another resource and another query stay', async () => {
      const { app } = await setup();
      for (const path of ['/books/2', '/books/1?page=2']) await raw(app, 'GET', path, 'localhost');
      expect((await raw(app, 'PUT', '/books/1/', 'localhost')).status).toBe(204);
      expect((await raw(app, 'GET', '/books/2', 'localhost')).cache).toBe('HIT');
      expect((await raw(app, 'GET', '/books/1?page=2', 'localhost')).cache).toBe('HIT');
    });

    it('serves one stored copy to two spellings of one URI', async () => {
      const { app } = await setup();
      const first = await raw(app, 'GET', '/books/%7e', 'LOCALHOST');
      const second = await raw(app, 'GET', '/books/%7E', 'localhost:80');
      expect([first.cache, second.cache]).toEqual(['MISS', 'HIT']);
      expect(second.body).toBe(first.body);
    });

    it('keeps apart what the app may tell apart: encoded letters and dots, dot segments, backslashes', async () => {
      const { app, express } = await setup();
      express.use((req, res) => void res.set('Cache-Control', 'max-age=60').send(`the resource at ${req.originalUrl}`));
      for (const [first, second] of [['/%70lain', '/plain'], ['/books/%2e%2e', '/'], ['/books/x/../1', '/books/1'], ['/books/a\\b', '/books/a/b']] as const) {
        await raw(app, 'GET', first, 'localhost');
        expect((await raw(app, 'GET', first, 'localhost')).cache).toBe('HIT');
        const other = await raw(app, 'GET', second, 'localhost');
        expect(other.cache).toBe('MISS');
      }
    });

    it('keys an absolute-form target by its own authority, which replaces the Host the app sees (RFC 9112 section 3.2.2)', async () => {
      const { app, seen } = await setup();
      expect((await raw(app, 'GET', 'http://a.example/books/1', 'evil.example')).cache).toBe('MISS');
      expect(seen.at(-1)?.host).toBe('a.example');
      expect((await raw(app, 'GET', '/books/1', 'a.example')).cache).toBe('HIT');
      expect((await raw(app, 'GET', '/books/1', 'evil.example')).cache).toBe('MISS');
      expect((await raw(app, 'PUT', 'http://a.example/books/1', 'a.example')).status).toBe(204);
      expect((await raw(app, 'GET', '/books/1', 'a.example')).cache).toBe('MISS');
    });

    it('answers 400 to a Host no URI can hold, and neither stores it nor hands it on', async () => {
      const { app, count } = await setup();
      const answer = await raw(app, 'GET', '/fresh', 'bad host');
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ type: ProblemType.invalidHost, status: 400 });
      expect(count('/fresh')).toBe(0);
    });
  });

  describe('memory bounds', () => {
    it('evicts the least recently used responses beyond the byte budget', async () => {
      // Room for three of these responses (1 KB bodies, each counted at about 3 KB with its record).
      const store = new MemoryStore({ maxBytes: 3 * 3200 });
      const { app, count } = await setup({ store });
      await request(app).get('/big/1000?n=1');
      await request(app).get('/big/1000?n=2');
      await request(app).get('/big/1000?n=3');
      expect(store.size).toBe(3);
      await request(app).get('/big/1000?n=1').expect('X-Cache', 'HIT');
      await request(app).get('/big/1000?n=4');
      expect(store.size).toBe(3);
      expect(store.bytes).toBeLessThanOrEqual(store.maxBytes);
      await request(app).get('/big/1000?n=1').expect('X-Cache', 'HIT');
      await request(app).get('/big/1000?n=2').expect('X-Cache', 'MISS');
      expect(count('/big/1000')).toBe(5);
    });

    it('does not store a response larger than the per-entry limit, but still sends it whole', async () => {
      const store = new MemoryStore();
      const { app } = await setup({ store, maxEntryBytes: 500 });
      await request(app).get('/big/800').expect(200, 'x'.repeat(800));
      await request(app).get('/big/800').expect('X-Cache', 'MISS');
      expect(store.size).toBe(0);
      await request(app).get('/big/400');
      await request(app).get('/big/400').expect('X-Cache', 'HIT');
    });
  });

  describe('the status header', () => {
    it('is off by default', async () => {
      const { app } = await setup({ statusHeader: undefined });
      await request(app).get('/fresh');
      const hit = await request(app).get('/fresh').expect('Age', '0');
      expect(hit.headers['x-cache']).toBeUndefined();
    });

    it('takes the configured name', async () => {
      const { app } = await setup({ statusHeader: 'X-Cache-Lookup' });
      await request(app).get('/fresh').expect('X-Cache-Lookup', 'MISS');
      await request(app).get('/fresh').expect('X-Cache-Lookup', 'HIT');
    });
  });

  describe('.wrap(listener)', () => {
    it('answers a fresh hit before Express sees the request', async () => {
      const { express: app, shared, count } = await setup({ store: new MemoryStore() });
      let expressSaw = 0;
      const outer = express();
      outer.use((_req, _res, next) => {
        expressSaw++;
        next();
      });
      outer.use(app);
      const server = await listening(shared.wrap(outer));
      await request(server).get('/fresh').expect(200, 'v1');
      const hit = await request(server).get('/fresh').expect(200, 'v1').expect('X-Cache', 'HIT');
      expect(hit.headers['x-powered-by']).toBe('Express');
      expect(expressSaw).toBe(1);
      expect(count('/fresh')).toBe(1);
    });

    it('keeps repeated header lines of the stored response', async () => {
      const shared = cache();
      const server = await listening(
        shared.wrap((_req, res) => {
          res.writeHead(200, ['Cache-Control', 'max-age=60', 'Link', '</a>; rel=a', 'Link', '</b>; rel=b', 'X-Twice', '1', 'X-Twice', '2']);
          res.end('body');
        }),
      );
      await request(server).get('/');
      const hit = await request(server).get('/').expect(200, 'body').expect('Cache-Status', /hit/);
      expect(hit.headers.link).toBe('</a>; rel=a, </b>; rel=b');
      expect(hit.headers['x-twice']).toBe('1, 2');
    });
  });
});

describe('cache() as middleware, after fields the app set', () => {
  it('keeps repeated header lines of the stored response, setting each field once with all its lines', async () => {
    const writes: { set: string[]; appended: number } = { set: [], appended: 0 };
    const app = express();
    app.use((_req, res, next) => {
      res.setHeader('X-Request-Id', '7');
      // Counted from here on: what the cache writes, not what the app set before it.
      const { setHeader, appendHeader } = res;
      res.setHeader = function (this: typeof res, name: string, value: number | string | readonly string[]) {
        writes.set.push(name.toLowerCase());
        return setHeader.call(this, name, value);
      } as typeof res.setHeader;
      res.appendHeader = function (this: typeof res, name: string, value: string | readonly string[]) {
        writes.appended++;
        return appendHeader.call(this, name, value);
      } as typeof res.appendHeader;
      next();
    });
    app.use(cache());
    app.get('/', (_req, res) => {
      res.set({ 'Cache-Control': 'max-age=60', Link: ['</a>; rel=a', '</b>; rel=b'], 'X-Twice': ['1', '2'] });
      res.end('body');
    });
    const server = await listening(app);
    await request(server).get('/').expect(200, 'body');
    writes.set.length = 0;
    const hit = await request(server).get('/').expect(200, 'body').expect('X-Request-Id', '7').expect('Cache-Status', /hit/);
    expect(hit.headers.link).toBe('</a>; rel=a, </b>; rel=b');
    expect(hit.headers['x-twice']).toBe('1, 2');
    expect(writes.appended).toBe(0);
    expect(writes.set.filter((name) => name === 'link' || name === 'x-twice')).toEqual(['link', 'x-twice']);
  });
});

describe('sharedCache.statusOf(res)', () => {
  it('names how the cache answered each exchange, with or without a status header, under wrap', async () => {
    const shared = cache();
    const statuses: (string | undefined)[] = [];
    const app = express().get('/fresh', (_req, res) => void res.set('Cache-Control', 'max-age=60').send('x'));
    const wrapped = shared.wrap(app);
    const server = await listening((req, res) => {
      res.once('finish', () => statuses.push(shared.statusOf(res)));
      wrapped(req, res);
    });
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const first = await request(url).get('/fresh');
    await request(url).get('/fresh');
    expect((await request(url).get('/fresh').set('If-None-Match', first.headers.etag as string)).status).toBe(304);
    expect(statuses).toEqual(['MISS', 'HIT', 'HIT']);
  });

  it("names only its own answers: a cache in front and one behind it each say theirs", async () => {
    const front = cache();
    const behind = cache();
    const statuses: [string | undefined, string | undefined][] = [];
    const app = express();
    app.use(behind);
    app.get('/fresh', (_req, res) => void res.set('Cache-Control', 'max-age=60').send('x'));
    const wrapped = front.wrap(app);
    const server = await listening((req, res) => {
      res.once('finish', () => statuses.push([front.statusOf(res), behind.statusOf(res)]));
      wrapped(req, res);
    });
    await request(server).get('/fresh').expect(200);
    await request(server).get('/fresh').expect(200);
    expect(statuses).toEqual([
      ['MISS', 'MISS'],
      ['HIT', undefined],
    ]);
  });
});

describe('cache({ origin })', () => {
  it('keys a resource reached under two Hosts once, and a write under one invalidates it under the other', async () => {
    const store = new MemoryStore();
    let version = 1;
    const app = express()
      .use(cache({ origin: 'https://api.example.com', store, statusHeader: 'X-Cache' }))
      .get('/doc', (_req, res) => void res.set('Cache-Control', 'max-age=60').send(`v${version}`))
      .put('/doc', (_req, res) => {
        version++;
        res.status(204).end();
      });
    const server = await listening(app);
    expect((await request(server).get('/doc').set('Host', 'a.internal')).text).toBe('v1');
    const other = await request(server).get('/doc').set('Host', 'b.internal:3000');
    expect([other.headers['x-cache'], other.text]).toEqual(['HIT', 'v1']);
    expect(store.size).toBe(1);
    expect((await request(server).put('/doc').set('Host', 'b.internal:3000')).status).toBe(204);
    const after = await request(server).get('/doc').set('Host', 'a.internal');
    expect([after.headers['x-cache'], after.text]).toEqual(['MISS', 'v2']);
  });
});
