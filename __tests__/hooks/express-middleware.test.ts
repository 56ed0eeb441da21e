import cors from 'cors';
import type { NextFunction, Request, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { Forbidden, HttpError, ResponseEntity, Unauthorized, createRouter, hooks } from '../../src';
import { cache } from '../../middleware/cache';
import { expectProblem } from '../setup/app-fixture';
import { serverFor, underBothMounts } from '../setup/both-mounts';

const SECRET = 'test-secret-of-at-least-32-bytes!!';

interface Claims {
  readonly sub: string;
  readonly scope: string;
}

/**
 * A bearer-token verifier as an app would write it for Express: 401 without a valid token, its
 * claims on `res.locals` otherwise (RFC 6750 section 3).
 */
function verifyBearer(req: Request, res: Response, next: NextFunction): void {
  const match = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '');
  if (match === null) return next(new Unauthorized('A bearer token is required'));
  try {
    res.locals.claims = jwt.verify(match[1]!, SECRET, { algorithms: ['HS256'] }) as Claims;
    next();
  } catch {
    next(new Unauthorized('The bearer token is invalid or expired', { challenge: 'Bearer error="invalid_token"' }));
  }
}

/** Express middleware refusing a token whose scope lacks `write` (403, RFC 6750 section 3.1 insufficient_scope). */
function requireWrite(_req: Request, res: Response, next: NextFunction): void {
  const claims = res.locals.claims as Claims;
  if (!claims.scope.split(' ').includes('write')) return next(new Forbidden('The token does not allow writes'));
  next();
}

function token(claims: Claims, options: jwt.SignOptions = {}): string {
  return jwt.sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 60, ...options });
}

underBothMounts('cors as a router hook', (mount) => {
  function server() {
    const api = createRouter({ onError: jest.fn() }).use(cors({ origin: 'https://app.example', methods: ['GET', 'PUT'], maxAge: 600 }));
    api.get('/books/{id}').handle((ctx) => ({ id: ctx.path.id }));
    api.put('/books/{id}').body(Object).handle(() => ResponseEntity.noContent());
    return serverFor(mount, api);
  }

  it('answers a pre-flight (OPTIONS with Access-Control-Request-Method) itself, before route selection', async () => {
    const res = await request(server())
      .options('/books/7')
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(res.headers['access-control-allow-methods']).toBe('GET,PUT');
    expect(res.headers['access-control-allow-headers']).toBe('content-type');
    expect(res.headers['access-control-max-age']).toBe('600');
    // cors answered, not the router's OPTIONS (which would list Allow).
    expect(res.headers.allow).toBeUndefined();
  });

  it('adds Access-Control-Allow-Origin to a representation and to a problem', async () => {
    const ok = await request(server()).get('/books/7').set('Origin', 'https://app.example').expect(200, { id: '7' });
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.example');
    const refused = await request(server()).delete('/books/7').set('Origin', 'https://app.example');
    expectProblem(refused, 405);
    expect(refused.headers['access-control-allow-origin']).toBe('https://app.example');
  });
});

underBothMounts('a JWT bearer verifier as Express middleware', (mount) => {
  function server() {
    const api = createRouter({ onError: jest.fn() });
    api
      .put('/books/{id}')
      .body(Object)
      .use(verifyBearer)
      .use(requireWrite)
      .handle((ctx) => ({ id: ctx.path.id, by: (ctx.res.locals.claims as Claims).sub }));
    return serverFor(mount, api);
  }

  it('answers 401 as a problem with a Bearer challenge without a token', async () => {
    const res = await request(server()).put('/books/7').send({ title: 'x' });
    expect(expectProblem(res, 401).detail).toBe('A bearer token is required');
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 for a token signed with another key, or expired', async () => {
    const forged = jwt.sign({ sub: 'mallory', scope: 'write' }, 'another-secret-of-at-least-32-bytes', { algorithm: 'HS256' });
    const res = await request(server()).put('/books/7').set('Authorization', `Bearer ${forged}`).send({});
    expectProblem(res, 401);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const expired = token({ sub: 'ada', scope: 'write' }, { expiresIn: -10 });
    expectProblem(await request(server()).put('/books/7').set('Authorization', `Bearer ${expired}`).send({}), 401);
  });

  it('answers 403 as a problem for a token without the write scope', async () => {
    const res = await request(server()).put('/books/7').set('Authorization', `Bearer ${token({ sub: 'bob', scope: 'read' })}`).send({});
    expect(expectProblem(res, 403).detail).toBe('The token does not allow writes');
  });

  it('lets a valid token through, its claims on res.locals for the handler', async () => {
    await request(server())
      .put('/books/7')
      .set('Authorization', `Bearer ${token({ sub: 'ada', scope: 'read write' })}`)
      .send({ title: 'x' })
      .expect(200, { id: '7', by: 'ada' });
  });
});

underBothMounts('express-rate-limit as a router hook', (mount) => {
  function server(handler?: Parameters<typeof rateLimit>[0]) {
    const api = createRouter({ onError: jest.fn() }).use(rateLimit({ windowMs: 60_000, limit: 2, standardHeaders: 'draft-8', legacyHeaders: false, ...handler }));
    api.get('/books').handle(() => ['a']);
    return serverFor(mount, api);
  }

  it('answers 429 on the third request in the window, with its RateLimit headers', async () => {
    const app = server();
    const first = await request(app).get('/books').expect(200);
    expect(first.headers.ratelimit).toMatch(/; r=1;/);
    await request(app).get('/books').expect(200);
    const refused = await request(app).get('/books');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('answers 429 as a problem when its handler hands an HttpError on', async () => {
    const app = server({
      handler: (_req, _res, next) => next(new HttpError(429, 'Too many requests from this client', { headers: { 'Retry-After': '60' } })),
    });
    await request(app).get('/books').expect(200);
    await request(app).get('/books').expect(200);
    const refused = await request(app).get('/books');
    expect(expectProblem(refused, 429).detail).toBe('Too many requests from this client');
    expect(refused.headers['retry-after']).toBe('60');
  });
});

underBothMounts('Express middleware among hooks', (mount) => {
  it("runs before a route's typed hooks, lends Express's req and res under wrap, and a thrown error answers", async () => {
    const api = createRouter({ onError: jest.fn() }).use((req: Request, res: Response, next: NextFunction) => {
      res.set('X-Seen-By', typeof req.get === 'function' ? 'express-request' : 'node-request');
      next();
    });
    api
      .get('/seen')
      .use(hooks<{ who: string }>({ preHandler: (ctx) => ctx.set('who', ctx.req.get('x-who') ?? 'nobody') }))
      .handle((ctx) => ({ who: ctx.state.who }));
    api
      .get('/throws')
      .use(() => {
        throw new Forbidden('Middleware said no');
      })
      .handle(() => 'never');
    const server = serverFor(mount, api);
    const res = await request(server).get('/seen').set('X-Who', 'ada').expect(200, { who: 'ada' });
    expect(res.headers['x-seen-by']).toBe('express-request');
    expectProblem(await request(server).get('/throws'), 403);
  });

  it('waits for middleware that calls next later, and answers its next(error) with the error status', async () => {
    const api = createRouter({ onError: jest.fn() }).use((req: Request, _res: Response, next: NextFunction) => {
      setImmediate(() => next(req.query.fail === undefined ? undefined : Object.assign(new Error('teapot'), { status: 418, expose: true })));
    });
    api.get('/later').handle(() => 'later');
    const server = serverFor(mount, api);
    await request(server).get('/later').expect(200, 'later');
    expect(expectProblem(await request(server).get('/later?fail'), 418).detail).toBe('teapot');
  });
});

underBothMounts('the shared cache as a router hook', (mount) => {
  it('answers a hit inside the router\'s lifecycle: onResponse hooks registered before it hear the hit as they hear the miss', async () => {
    const shared = cache({ statusHeader: 'X-Cache' });
    const heard: { status: number; bytes: number | undefined; cache: string | undefined }[] = [];
    let handled = 0;
    const api = createRouter({ hooks: [{ onResponse: (ctx, { status, bytes }) => void heard.push({ status, bytes, cache: shared.statusOf(ctx.res) }) }, shared] });
    api
      .get('/items/{id}')
      .cache({ maxAge: 60 })
      .handle((ctx) => ({ id: ctx.path.id, handled: ++handled }));
    // One listening server: the cache keys by Host, port included.
    const server = serverFor(mount, api);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = request(server);
      await client.get('/items/7').expect(200, { id: '7', handled: 1 }).expect('X-Cache', 'MISS');
      const hit = await client.get('/items/7').expect(200, { id: '7', handled: 1 }).expect('X-Cache', 'HIT');
      const deadline = Date.now() + 5_000;
      while (heard.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(heard).toEqual([
        { status: 200, bytes: Number(hit.headers['content-length']), cache: 'MISS' },
        { status: 200, bytes: Number(hit.headers['content-length']), cache: 'HIT' },
      ]);
      expect(handled).toBe(1);
    } finally {
      server.close();
    }
  });
});
