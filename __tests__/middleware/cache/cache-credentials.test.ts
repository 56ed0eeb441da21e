import type http from 'node:http';
import express from 'express';
import request from 'supertest';
import { type Router, ResponseEntity, createRouter } from '../../../src';
import { cache } from '../../../middleware/cache';
import { listeningServers } from '../../setup/listening';

const listening = listeningServers();

/**
 * The shared cache in front of a router whose routes set cookies, read the Cookie or Authorization
 * field without declaring it, bind a cookie, or declare that their answers do not depend on them.
 * Each route counts how often its handler ran.
 */
async function setup(): Promise<{ server: http.Server; runs: (path: string) => number }> {
  const runs: Record<string, number> = {};
  const ran = (path: string): number => (runs[path] = (runs[path] ?? 0) + 1);
  const api: Router = createRouter();
  api
    .get('/login')
    .cache({ maxAge: 60 })
    .handle(() => {
      const n = ran('/login');
      return ResponseEntity.ok({ n }).header('Set-Cookie', `session=s${n}`);
    });
  api
    .get('/welcome')
    .cache({ maxAge: 60, storeWithoutSetCookie: true })
    .handle(() => {
      const n = ran('/welcome');
      return ResponseEntity.ok({ n }).header('Set-Cookie', `visitor=v${n}`);
    });
  // Reads the Cookie field without binding it: its answer is the client's own.
  api
    .get('/greeting')
    .cache({ maxAge: 60 })
    .handle((ctx) => ({ n: ran('/greeting'), cookie: ctx.req.headers.cookie ?? null }));
  api
    .get('/theme')
    .cache({ maxAge: 60 })
    .cookie('theme', { required: false })
    .handle((ctx) => ({ n: ran('/theme'), theme: ctx.cookie.theme ?? null }));
  api
    .get('/news')
    .cache({ maxAge: 60, independentOf: ['Cookie', 'Authorization'] })
    .handle(() => ({ n: ran('/news') }));
  // Public, as RFC 9111 section 3.5 asks of a response to Authorization, but it reads the field.
  api
    .get('/account')
    .cache({ maxAge: 60, public: true })
    .handle((ctx) => ({ n: ran('/account'), who: ctx.req.headers.authorization ?? null }));
  api
    .get('/catalogue')
    .cache({ maxAge: 60, public: true, independentOf: ['Authorization'] })
    .handle(() => ({ n: ran('/catalogue') }));
  const app = express();
  app.use(cache({ statusHeader: 'X-Cache' }));
  app.use(api.middleware());
  return { server: await listening(app), runs: (path) => runs[path] ?? 0 };
}

describe('cache(): answers that set cookies (Set-Cookie)', () => {
  it('does not store an answer that sets a cookie: the second client misses and gets no foreign cookie', async () => {
    const { server, runs } = await setup();
    const first = await request(server).get('/login').expect(200);
    expect(first.headers['set-cookie']).toEqual(['session=s1']);
    const second = await request(server).get('/login').expect(200).expect('X-Cache', 'MISS');
    expect(second.headers['set-cookie']).toEqual(['session=s2']);
    expect(second.body).toEqual({ n: 2 });
    expect(runs('/login')).toBe(2);
  });

  it('stores it without its Set-Cookie when the route declares storeWithoutSetCookie', async () => {
    const { server, runs } = await setup();
    const first = await request(server).get('/welcome').expect(200).expect('X-Cache', 'MISS');
    expect(first.headers['set-cookie']).toEqual(['visitor=v1']);
    const hit = await request(server).get('/welcome').expect(200).expect('X-Cache', 'HIT');
    expect(hit.headers['set-cookie']).toBeUndefined();
    expect(hit.body).toEqual({ n: 1 });
    expect(runs('/welcome')).toBe(1);
  });
});

describe('cache(): requests that carry Cookie', () => {
  it('neither answers nor stores them for a route that does not bind or declare the field', async () => {
    const { server, runs } = await setup();
    await request(server).get('/greeting').set('Cookie', 'session=alice').expect(200, { n: 1, cookie: 'session=alice' });
    const other = await request(server).get('/greeting').set('Cookie', 'session=bob').expect(200).expect('X-Cache', 'MISS');
    expect(other.body).toEqual({ n: 2, cookie: 'session=bob' });
    const anonymous = await request(server).get('/greeting').expect(200).expect('X-Cache', 'MISS');
    expect(anonymous.body).toEqual({ n: 3, cookie: null });
    // A stored anonymous answer does not answer a request with Cookie either.
    await request(server).get('/greeting').set('Cookie', 'session=alice').expect(200).expect('X-Cache', 'MISS');
    expect(runs('/greeting')).toBe(4);
  });

  it('stores the answers of a route that binds a cookie per value of the Cookie field (Vary: Cookie)', async () => {
    const { server, runs } = await setup();
    await request(server).get('/theme').set('Cookie', 'theme=dark').expect(200, { n: 1, theme: 'dark' }).expect('Vary', /Cookie/);
    await request(server).get('/theme').set('Cookie', 'theme=light').expect(200, { n: 2, theme: 'light' }).expect('X-Cache', 'MISS');
    await request(server).get('/theme').set('Cookie', 'theme=dark').expect(200, { n: 1, theme: 'dark' }).expect('X-Cache', 'HIT');
    await request(server).get('/theme').set('Cookie', 'theme=light').expect(200, { n: 2, theme: 'light' }).expect('X-Cache', 'HIT');
    expect(runs('/theme')).toBe(2);
  });

  it('answers and stores them for a route that declares its answer independent of Cookie', async () => {
    const { server, runs } = await setup();
    await request(server).get('/news').set('Cookie', 'session=alice').expect(200, { n: 1 });
    await request(server).get('/news').set('Cookie', 'session=bob').expect(200, { n: 1 }).expect('X-Cache', 'HIT');
    await request(server).get('/news').expect(200, { n: 1 }).expect('X-Cache', 'HIT');
    expect(runs('/news')).toBe(1);
  });
});

describe('cache(): requests that carry Authorization', () => {
  it('neither answers nor stores them for a route that does not declare the field, public as it may be', async () => {
    const { server, runs } = await setup();
    await request(server).get('/account').set('Authorization', 'Bearer alice').expect(200, { n: 1, who: 'Bearer alice' });
    const other = await request(server).get('/account').set('Authorization', 'Bearer bob').expect(200).expect('X-Cache', 'MISS');
    expect(other.body).toEqual({ n: 2, who: 'Bearer bob' });
    await request(server).get('/account').expect(200, { n: 3, who: null });
    await request(server).get('/account').set('Authorization', 'Bearer bob').expect(200).expect('X-Cache', 'MISS');
    expect(runs('/account')).toBe(4);
  });

  it('answers and stores them for a public route that declares its answer independent of Authorization', async () => {
    const { server, runs } = await setup();
    await request(server).get('/catalogue').set('Authorization', 'Bearer alice').expect(200, { n: 1 });
    await request(server).get('/catalogue').set('Authorization', 'Bearer bob').expect(200, { n: 1 }).expect('X-Cache', 'HIT');
    expect(runs('/catalogue')).toBe(1);
  });

  it('still stores no answer to Authorization without public, s-maxage or must-revalidate (RFC 9111 section 3.5)', async () => {
    const { server, runs } = await setup();
    await request(server).get('/news').set('Authorization', 'Bearer alice').expect(200, { n: 1 });
    await request(server).get('/news').set('Authorization', 'Bearer alice').expect(200, { n: 2 }).expect('X-Cache', 'MISS');
    expect(runs('/news')).toBe(2);
  });
});
