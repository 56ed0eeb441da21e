import express from 'express';
import request from 'supertest';
import { listeningServers } from '../../setup/listening';
import { cache } from '../../../middleware/cache';
import { formatHttpDate } from '../../../src/caching/http-date';

const listening = listeningServers();

describe.each(['middleware', 'wrap'] as const)('cache() as %s', (form) => {
  const serve = (app: express.Express, shared: ReturnType<typeof cache>) => {
    if (form === 'middleware') {
      const outer = express();
      outer.use(shared, app);
      return listening(outer);
    }
    return listening(shared.wrap(app));
  };

  it('does not bring back variants an unsafe request invalidated while another variant was with the handler', async () => {
    let n = 0;
    let release: () => void = () => undefined;
    const app = express();
    app.put('/r', (_req, res) => void res.status(204).end());
    app.get('/r', async (req, res) => {
      n++;
      if (req.headers.accept === 'slow') await new Promise<void>((resolve) => (release = resolve));
      res.set({ 'Cache-Control': 'max-age=100', Vary: 'Accept' }).send(`${req.headers.accept} v${n}`);
    });
    const server = await serve(app, cache({ statusHeader: 'X-Cache' }));
    await request(server).get('/r').set('Accept', 'a').expect('a v1');
    const slow = request(server).get('/r').set('Accept', 'slow').then((r) => r);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await request(server).put('/r').expect(204);
    await request(server).get('/r').set('Accept', 'a').expect('a v3').expect('X-Cache', 'MISS');
    release();
    await slow;
    // The slow response is stored beside what is stored now, not beside what was stored before the PUT.
    await request(server).get('/r').set('Accept', 'a').expect('a v3').expect('X-Cache', 'HIT');
  });

  it('stores a Date with a response the handler sent without one, so a hit keeps the Date of the stored response', async () => {
    let clock = Date.UTC(2025, 0, 1, 12, 0, 0);
    const app = express();
    app.get('/d', (_req, res) => void res.set('Cache-Control', 'max-age=100').send('d'));
    const server = await serve(app, cache({ now: () => clock, statusHeader: 'X-Cache' }));
    await request(server).get('/d').expect('X-Cache', 'MISS');
    clock += 50_000;
    const hit = await request(server).get('/d').expect('X-Cache', 'HIT').expect('Age', '50');
    expect(hit.headers.date).toBe('Wed, 01 Jan 2025 12:00:00 GMT');
  });

  /**
   * An origin behind a cache with a fake clock: `answer` says how the origin answers each request
   * (it sees the request, the number of the call and the clock); the Date is the clock's.
   */
  async function origin(answer: (req: express.Request, res: express.Response, call: number) => void) {
    let clock = Date.UTC(2025, 0, 1, 12, 0, 0);
    let calls = 0;
    const seen: express.Request['headers'][] = [];
    const app = express();
    // The origin's validators are the test's own: no ETag of Express's.
    app.set('etag', false);
    app.all('/r', (req, res) => {
      calls++;
      seen.push({ ...req.headers });
      res.set('Date', formatHttpDate(clock));
      answer(req, res, calls);
    });
    const server = await serve(app, cache({ now: () => clock, statusHeader: 'X-Cache' }));
    return {
      agent: request(server),
      advance: (seconds: number) => (clock += seconds * 1000),
      calls: () => calls,
      seen,
    };
  }

  describe('a 304 to the cache\'s validation (RFC 9111 section 4.3.4)', () => {
    const LM = formatHttpDate(Date.UTC(2025, 0, 1, 11, 0, 0));

    it('does not update the stored response when its entity tag names another representation: the stored one is answered as stored, then fetched whole', async () => {
      const { agent, advance, seen } = await origin((req, res, call) => {
        if (call === 2) return void res.status(304).set({ ETag: '"new"', 'Cache-Control': 'max-age=100' }).end();
        res.set({ 'Cache-Control': 'max-age=10', 'Last-Modified': LM }).send(`body ${call}`);
      });
      await agent.get('/r').expect(200, 'body 1').expect('X-Cache', 'MISS');
      advance(20);
      const answered = await agent.get('/r').expect(200, 'body 1').expect('X-Cache', 'STALE');
      expect(answered.headers.etag).toBeUndefined();
      expect(answered.headers['cache-control']).toBe('max-age=10');
      expect(seen[1]!['if-modified-since']).toBe(LM);
      await agent.get('/r').expect(200, 'body 3').expect('X-Cache', 'MISS');
      expect(seen[2]!['if-modified-since']).toBeUndefined();
    });

    it('freshens the stored response when its entity tag is the stored one', async () => {
      const { agent, advance, calls } = await origin((req, res, call) => {
        res.set({ ETag: '"e1"', 'Cache-Control': call === 1 ? 'max-age=10' : 'max-age=100' });
        if (req.headers['if-none-match'] === '"e1"') return void res.status(304).end();
        res.send(`body ${call}`);
      });
      await agent.get('/r').expect(200, 'body 1');
      advance(20);
      await agent.get('/r').expect(200, 'body 1').expect('X-Cache', 'REVALIDATED').expect('Cache-Control', 'max-age=100');
      await agent.get('/r').expect(200, 'body 1').expect('X-Cache', 'HIT');
      expect(calls()).toBe(2);
    });

    it.each([
      ['private', 'private, max-age=100'],
      ['no-store', 'no-store, max-age=100'],
    ])('answers the freshened response once and stops storing it when the 304 says %s (sections 5.2.2.5, 5.2.2.7)', async (_name, cacheControl) => {
      const { agent, advance, calls } = await origin((req, res, call) => {
        if (req.headers['if-none-match'] === '"e1"') return void res.status(304).set({ ETag: '"e1"', 'Cache-Control': cacheControl }).end();
        res.set({ ETag: '"e1"', 'Cache-Control': 'max-age=10' }).send(`body ${call}`);
      });
      await agent.get('/r').expect(200, 'body 1');
      advance(20);
      await agent.get('/r').expect(200, 'body 1').expect('X-Cache', 'REVALIDATED');
      await agent.get('/r').expect(200, 'body 3').expect('X-Cache', 'MISS');
      expect(calls()).toBe(3);
    });

    it('stops answering from a response stored for a request with Authorization once a 304 takes away what allowed it (section 3.5)', async () => {
      const { agent, advance, calls } = await origin((req, res, call) => {
        if (req.headers['if-none-match'] === '"e1"') return void res.status(304).set({ ETag: '"e1"', 'Cache-Control': 'max-age=0' }).end();
        // Kept per Authorization (Vary): the cache shares no answer to it otherwise.
        res.set({ ETag: '"e1"', 'Cache-Control': 's-maxage=60', Vary: 'Authorization' }).send(`secret ${call}`);
      });
      await agent.get('/r').set('Authorization', 'Bearer a').expect(200, 'secret 1').expect('X-Cache', 'MISS');
      advance(100);
      await agent.get('/r').set('Authorization', 'Bearer a').expect(200, 'secret 1').expect('X-Cache', 'REVALIDATED');
      await agent.get('/r').set('Authorization', 'Bearer a').set('Cache-Control', 'max-stale').expect(200, 'secret 3').expect('X-Cache', 'MISS');
      expect(calls()).toBe(3);
    });
  });

  describe('a 200 to HEAD (RFC 9111 section 4.3.5)', () => {
    it('freshens the stored GET response it describes', async () => {
      const { agent, advance, calls } = await origin((_req, res, call) => {
        res.set({ ETag: '"e1"', 'Cache-Control': call === 1 ? 'max-age=10' : 'max-age=100' }).type('text/plain').send('body one');
      });
      await agent.get('/r').expect(200, 'body one');
      advance(20);
      await agent.head('/r').expect(200);
      await agent.get('/r').expect(200, 'body one').expect('X-Cache', 'HIT').expect('Cache-Control', 'max-age=100');
      expect(calls()).toBe(2);
    });

    it('removes the stored GET response it does not describe, so the next GET fetches it whole', async () => {
      const { agent, advance, calls, seen } = await origin((_req, res, call) => {
        res.set({ ETag: call === 1 ? '"e1"' : '"e2"', 'Cache-Control': 'max-age=10' }).type('text/plain').send(`body ${call}`);
      });
      await agent.get('/r').expect(200, 'body 1');
      advance(20);
      await agent.head('/r').expect(200);
      await agent.get('/r').expect(200, 'body 3').expect('X-Cache', 'MISS');
      expect(seen[2]!['if-none-match']).toBeUndefined();
      expect(calls()).toBe(3);
    });
  });

  describe('preconditions for the origin (RFC 9111 section 4.3.2)', () => {
    it.each([
      ['If-Match', '"nope"'],
      ['If-Unmodified-Since', 'Wed, 01 Jan 2025 10:00:00 GMT'],
    ])('sends a request with %s on to the origin instead of answering it from a fresh stored response', async (field, value) => {
      const { agent, calls } = await origin((req, res, call) => {
        res.set({ ETag: '"e1"', 'Last-Modified': formatHttpDate(Date.UTC(2025, 0, 1, 11, 0, 0)), 'Cache-Control': 'max-age=60' });
        if (req.headers['if-match'] === '"nope"' || req.headers['if-unmodified-since'] !== undefined) return void res.status(412).end();
        res.send(`body ${call}`);
      });
      await agent.get('/r').expect(200, 'body 1');
      await agent.get('/r').expect(200, 'body 1').expect('X-Cache', 'HIT');
      await agent.get('/r').set(field, value).expect(412);
      expect(calls()).toBe(2);
      await agent.get('/r').expect(200, 'body 1').expect('X-Cache', 'HIT');
    });
  });

  it('does not store 226 IM Used under must-understand, whose delta encoding it does not implement (section 5.2.2.3)', async () => {
    const { agent, calls } = await origin((_req, res, call) => void res.status(226).set('Cache-Control', 'max-age=60, no-store, must-understand').send(`delta ${call}`));
    await agent.get('/r').expect(226, 'delta 1');
    await agent.get('/r').expect(226, 'delta 2').expect('X-Cache', 'MISS');
    expect(calls()).toBe(2);
  });
});

describe('a hit answered through app.use(cache())', () => {
  it('keeps the fields the app\'s middleware set on this exchange, over the stored ones, and takes the representation\'s fields from the store', async () => {
    let n = 0;
    const app = express();
    app.set('etag', false);
    app.use((_req, res, next) => {
      n++;
      res.set({ 'X-Request-Id': `req-${n}`, 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' });
      next();
    });
    app.use(cache({ statusHeader: 'X-Cache' }));
    app.get('/r', (_req, res) => void res.set({ 'Cache-Control': 'max-age=60', 'X-Handler': 'h1' }).type('text/plain').send(`body ${n}`));
    const server = await listening(app);
    await request(server).get('/r').expect('X-Cache', 'MISS').expect('X-Request-Id', 'req-1');
    const hit = await request(server).get('/r').expect(200, 'body 1').expect('X-Cache', 'HIT');
    expect(hit.headers['x-request-id']).toBe('req-2');
    expect(hit.headers['access-control-allow-origin']).toBe('*');
    expect(hit.headers['x-handler']).toBe('h1');
    expect(hit.headers['cache-control']).toBe('max-age=60');
    expect(hit.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('keeps every line of a repeated stored field when the app\'s middleware set fields before it answers', async () => {
    const app = express();
    app.set('etag', false);
    app.use((_req, res, next) => void (res.setHeader('X-Request-Id', 'r'), next()));
    app.use(cache({ statusHeader: 'X-Cache' }));
    app.get('/r', (_req, res) => void res.set({ 'Cache-Control': 'max-age=60', Link: ['</a>; rel="a"', '</b>; rel="b"'] }).send('body'));
    const server = await listening(app);
    await request(server).get('/r').expect('X-Cache', 'MISS');
    const hit = await request(server).get('/r').expect(200, 'body').expect('X-Cache', 'HIT');
    expect(hit.headers.link).toBe('</a>; rel="a", </b>; rel="b"');
    // Set as fields, not handed to writeHead as lines: what an access log reads of the response.
    expect(hit.headers['content-length']).toBe('4');
  });

  it('drops what the app set for a response that a stored one answers in place of (stale-if-error), and keeps what came before the cache', async () => {
    let clock = Date.UTC(2025, 0, 1, 12, 0, 0);
    let n = 0;
    const app = express();
    app.set('etag', false);
    app.use((_req, res, next) => {
      n++;
      res.set('X-Request-Id', `req-${n}`);
      next();
    });
    app.use(cache({ now: () => clock, statusHeader: 'X-Cache' }));
    app.get('/r', (_req, res) => {
      if (n > 1) return void res.status(503).set('X-Failure', 'down').send('down');
      res.set({ 'Cache-Control': 'max-age=10, stale-if-error=300', Date: formatHttpDate(clock) }).type('text/plain').send('body 1');
    });
    const server = await listening(app);
    await request(server).get('/r').expect(200, 'body 1');
    clock += 60_000;
    const stale = await request(server).get('/r').expect(200, 'body 1').expect('X-Cache', 'STALE');
    expect(stale.headers['x-failure']).toBeUndefined();
    expect(stale.headers['x-request-id']).toBe('req-2');
  });
});
