import express from 'express';
import request from 'supertest';
import { type CacheOptions, cache } from '../../middleware/cache';
import * as cacheStatusRules from '../../src/caching/cache-status';
import { type CacheStatusEntry, type ForwardInput, cacheStatusPrefix, forwardReason, formatCacheStatus } from '../../src/caching/cache-status';
import { formatHttpDate } from '../../src/caching/http-date';
import { listeningServers } from '../setup/listening';

describe('formatCacheStatus(cacheStatusPrefix(name), entry)', () => {
  it.each<[string, string, CacheStatusEntry, string]>([
    ['a hit with its ttl', 'represent', { hit: true, ttl: 42.7 }, 'represent; hit; ttl=42'],
    ['a stale hit with a negative ttl', 'represent', { hit: true, ttl: -3.2 }, 'represent; hit; ttl=-3'],
    ['a miss that was stored', 'represent', { fwd: 'uri-miss', fwdStatus: 200, ttl: 60, stored: true }, 'represent; fwd=uri-miss; fwd-status=200; ttl=60; stored'],
    ['a collapsed request', 'represent', { fwd: 'uri-miss', fwdStatus: 200, collapsed: true }, 'represent; fwd=uri-miss; fwd-status=200; collapsed'],
    ['a name that is not a token, quoted', 'my cache', { hit: true }, '"my cache"; hit'],
    ['a hit that is collapsed, not only its ttl', 'c', { hit: true, ttl: 5, collapsed: true }, 'c; hit; ttl=5; collapsed'],
    ['a hit with a quoted name and its ttl', 'my cache', { hit: true, ttl: 9.9 }, '"my cache"; hit; ttl=9'],
    ['a key, as an sf-string with escapes', 'c', { hit: true, key: 'http://a/"x"\\' }, 'c; hit; key="http://a/\\"x\\"\\\\"'],
    ['no key that is not printable ASCII', 'c', { hit: true, key: 'http://a/é' }, 'c; hit'],
    ['a detail token', 'c', { detail: 'only-if-cached' }, 'c; detail=only-if-cached'],
    ['no ttl that is not a number', 'c', { hit: true, ttl: Number.NaN }, 'c; hit'],
  ])('formats %s', (_, name, entry, expected) => {
    expect(formatCacheStatus(cacheStatusPrefix(name), entry)).toBe(expected);
  });
});

describe('forwardReason({ storedUri, selected, stale })', () => {
  it.each<[ForwardInput, string]>([
    [{ storedUri: false, selected: false, stale: false }, 'uri-miss'],
    [{ storedUri: true, selected: false, stale: false }, 'vary-miss'],
    [{ storedUri: true, selected: true, stale: true }, 'stale'],
    [{ storedUri: true, selected: true, stale: false }, 'request'],
  ])('answers for %j: %s', (input, expected) => {
    expect(forwardReason(input)).toBe(expected);
  });
});

const listening = listeningServers();
const START = Date.UTC(2025, 0, 1, 12, 0, 0);

async function setup(options: Partial<CacheOptions> = {}) {
  let clock = START;
  let n = 0;
  const app = express();
  app.use(cache({ now: () => clock, statusHeader: 'X-Cache', ...options }));
  app.use((_req, res, next) => {
    n++;
    res.set('Date', formatHttpDate(clock));
    next();
  });
  app.get('/fresh', (_req, res) => void res.set('Cache-Control', 'max-age=60').send(`v${n}`));
  app.get('/validated', (req, res) => {
    res.set({ 'Cache-Control': 'max-age=10', ETag: '"1"' });
    if (req.headers['if-none-match'] === '"1"') return void res.status(304).end();
    res.send('body');
  });
  app.get('/failing', (_req, res) => {
    if (n > 1) return void res.status(503).send('down');
    res.set('Cache-Control', 'max-age=10, stale-if-error=600').send('up');
  });
  app.get('/negotiated', (req, res) => void res.set({ 'Cache-Control': 'max-age=60', Vary: 'Accept' }).send(String(req.headers.accept)));
  app.get('/upstream', (_req, res) => void res.set({ 'Cache-Control': 'max-age=60', 'Cache-Status': 'origin-cache; hit' }).send('u'));
  app.get('/private', (_req, res) => void res.set('Cache-Control', 'private').send('p'));
  app.put('/fresh', (_req, res) => void res.status(204).end());
  return { server: await listening(app), advance: (s: number) => (clock += s * 1000) };
}

describe('cache(): Cache-Status on every answer (RFC 9211)', () => {
  it('says a first request went on for a URI it had not stored, what the handler answered, that it was stored, and its ttl', async () => {
    const { server } = await setup();
    await request(server).get('/fresh').expect('Cache-Status', 'represent; fwd=uri-miss; fwd-status=200; ttl=60; stored').expect('X-Cache', 'MISS');
  });

  it('says a hit, with the ttl left, made for each answer and never replayed from the stored response', async () => {
    const { server, advance } = await setup();
    await request(server).get('/fresh');
    advance(15);
    await request(server).get('/fresh').expect('Cache-Status', 'represent; hit; ttl=45').expect('X-Cache', 'HIT');
    advance(15);
    await request(server).get('/fresh').expect('Cache-Status', 'represent; hit; ttl=30');
  });

  it('keeps the entries of the caches behind it, and adds its own after them', async () => {
    const { server } = await setup();
    await request(server).get('/upstream').expect('Cache-Status', 'origin-cache; hit, represent; fwd=uri-miss; fwd-status=200; ttl=60; stored');
    await request(server).get('/upstream').expect('Cache-Status', 'origin-cache; hit, represent; hit; ttl=60');
  });

  it('says vary-miss when a response is stored for the URI but not for the variant asked for', async () => {
    const { server } = await setup();
    await request(server).get('/negotiated').set('Accept', 'text/a');
    await request(server).get('/negotiated').set('Accept', 'text/b').expect('Cache-Status', /^represent; fwd=vary-miss; fwd-status=200/);
  });

  it('says a stale response was revalidated with a 304', async () => {
    const { server, advance } = await setup();
    await request(server).get('/validated');
    advance(20);
    await request(server).get('/validated').expect(200, 'body').expect('X-Cache', 'REVALIDATED').expect('Cache-Status', 'represent; fwd=stale; fwd-status=304; ttl=10');
  });

  it('says a stale response answered the 503 of the origin (stale-if-error)', async () => {
    const { server, advance } = await setup();
    await request(server).get('/failing');
    advance(20);
    await request(server).get('/failing').expect(200, 'up').expect('Cache-Status', 'represent; fwd=stale; fwd-status=503; ttl=-10');
  });

  it('says fwd=method for an unsafe request, and nothing stored for a private response', async () => {
    const { server } = await setup();
    await request(server).put('/fresh').expect(204).expect('Cache-Status', 'represent; fwd=method; fwd-status=204');
    await request(server).get('/private').expect('Cache-Status', 'represent; fwd=uri-miss; fwd-status=200');
  });

  it('says only-if-cached when it answers 504 with nothing stored', async () => {
    const { server } = await setup();
    await request(server).get('/fresh').set('Cache-Control', 'only-if-cached').expect(504).expect('Cache-Status', 'represent; detail=only-if-cached');
  });

  it('says the request asked for the origin (no-cache) when a fresh response was stored', async () => {
    const { server } = await setup();
    await request(server).get('/validated');
    await request(server).get('/validated').set('Cache-Control', 'no-cache').expect('Cache-Status', 'represent; fwd=request; fwd-status=304; ttl=10');
  });

  it('takes its name from cacheStatus, gives the key with cacheStatusKey, and says nothing with cacheStatus: false', async () => {
    const named = await setup({ cacheStatus: 'edge-1', cacheStatusKey: true });
    const { port } = named.server.address() as { port: number };
    await request(named.server).get('/fresh').expect('Cache-Status', `edge-1; fwd=uri-miss; fwd-status=200; ttl=60; stored; key="http://127.0.0.1:${port}/fresh"`);
    const silent = await setup({ cacheStatus: false });
    const response = await request(silent.server).get('/fresh').expect('X-Cache', 'MISS');
    expect(response.headers['cache-status']).toBeUndefined();
  });

  it('formats its name once, when it is made, not for each answer', async () => {
    const prefixes = jest.spyOn(cacheStatusRules, 'cacheStatusPrefix');
    try {
      const { server } = await setup({ cacheStatus: 'my cache' });
      await request(server).get('/fresh').expect('Cache-Status', '"my cache"; fwd=uri-miss; fwd-status=200; ttl=60; stored');
      for (let i = 0; i < 3; i++) await request(server).get('/fresh').expect('Cache-Status', '"my cache"; hit; ttl=60');
      expect(prefixes).toHaveBeenCalledTimes(1);
    } finally {
      prefixes.mockRestore();
    }
  });

  it('refuses a name that is not printable ASCII', () => {
    expect(() => cache({ cacheStatus: 'café' })).toThrow(TypeError);
  });
});
