import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { type FinishedResponse, type HookSet, Forbidden, HttpError, ResponseEntity, Unauthorized, createRouter, hooks } from '../../src';
import * as hookPoints from '../../src/exchange/hook-points';
import { HookScope } from '../../src/exchange/hook-scope';
import { expectProblem } from '../setup/app-fixture';
import { serverFor, underBothMounts } from '../setup/both-mounts';

/** A hook set that records each call as `label:point` in `calls`. */
function recording(label: string, calls: string[]): HookSet {
  return {
    onRequest: () => void calls.push(`${label}:onRequest`),
    preHandler: () => void calls.push(`${label}:preHandler`),
    onSend: () => void calls.push(`${label}:onSend`),
    onResponse: () => void calls.push(`${label}:onResponse`),
  };
}

/** Resolves with what the first `onResponse` call is told. */
function finishedOnce(): { hook: HookSet; finished: Promise<FinishedResponse> } {
  let told!: (finished: FinishedResponse) => void;
  const finished = new Promise<FinishedResponse>((resolve) => (told = resolve));
  return { hook: { onResponse: (_ctx, facts) => told(facts) }, finished };
}

underBothMounts('onRequest', (mount) => {
  it('runs before the route is selected: it sees a request no route accepts (405)', async () => {
    const seen: string[] = [];
    const api = createRouter({ onError: jest.fn() }).use({ onRequest: (ctx) => void seen.push(`${ctx.req.method} ${ctx.req.url}`) });
    api.get('/items').handle(() => ['a']);
    const res = await request(serverFor(mount, api)).delete('/items');
    expectProblem(res, 405);
    expect(seen).toEqual(['DELETE /items']);
  });

  it('answers 401 as a problem when it throws an HttpError, and the handler does not run', async () => {
    const handler = jest.fn(() => 'secret');
    const api = createRouter({ onError: jest.fn() }).use({
      onRequest: (ctx) => {
        if (ctx.req.headers.authorization === undefined) throw new Unauthorized('A bearer token is required', { headers: { 'WWW-Authenticate': 'Bearer' } });
      },
    });
    api.get('/secret').handle(handler);
    const res = await request(serverFor(mount, api)).get('/secret');
    expect(expectProblem(res, 401).detail).toBe('A bearer token is required');
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(handler).not.toHaveBeenCalled();
    await request(serverFor(mount, api)).get('/secret').set('Authorization', 'Bearer x').expect(200, 'secret');
  });

  it('may return a promise: the route waits for it, and a rejection with an HttpError answers', async () => {
    const api = createRouter({ onError: jest.fn() }).use(
      hooks<{ arrived: string }>({
        onRequest: async (ctx) => {
          await new Promise((resolve) => setImmediate(resolve));
          if (ctx.req.headers['x-block'] !== undefined) throw new HttpError(429, 'Slow down');
          ctx.set('arrived', 'late');
        },
      }),
    );
    api.get('/late').handle((ctx) => ({ arrived: ctx.state.arrived }));
    await request(serverFor(mount, api)).get('/late').expect(200, { arrived: 'late' });
    expectProblem(await request(serverFor(mount, api)).get('/late').set('X-Block', '1'), 429);
  });

  it('does not run for a path no route matches: the app answers it', async () => {
    const onRequest = jest.fn();
    const api = createRouter({ onError: jest.fn() }).use({ onRequest });
    api.get('/items').handle(() => []);
    await request(serverFor(mount, api)).get('/elsewhere').expect(404);
    expect(onRequest).not.toHaveBeenCalled();
  });

  it("ends the request when it writes the response itself, and a route's own runs after selection", async () => {
    const api = createRouter({ onError: jest.fn() });
    api
      .get('/teapot')
      .use({
        onRequest: (ctx) => {
          ctx.res.statusCode = 418;
          ctx.res.end('short and stout');
        },
      })
      .handle(() => 'never');
    await request(serverFor(mount, api)).get('/teapot').expect(418, 'short and stout');
  });
});

underBothMounts('preHandler', (mount) => {
  it('runs with the inputs bound: a 400 for a bad value comes before it', async () => {
    const guard = jest.fn();
    const api = createRouter({ onError: jest.fn() });
    api
      .get('/items/{id:\\d+}')
      .query('page', { type: 'integer' })
      .guard((ctx) => {
        guard(ctx.path.id, ctx.query.page);
      })
      .handle(() => 'ok');
    const server = serverFor(mount, api);
    expectProblem(await request(server).get('/items/7?page=x'), 400);
    expect(guard).not.toHaveBeenCalled();
    await request(server).get('/items/7?page=2').expect(200, 'ok');
    expect(guard).toHaveBeenCalledWith('7', 2);
  });

  it('refuses before the body is read: a 403 for a body over the limit, or malformed, not a 413 or a 400', async () => {
    const api = createRouter({ onError: jest.fn() });
    const handler = jest.fn(() => ResponseEntity.created('/notes/1', {}));
    api
      .post('/notes')
      .body(Object)
      .limit(10)
      .guard((ctx) => {
        if (ctx.req.headers['x-role'] !== 'writer') throw new Forbidden('Only writers may add notes');
      })
      .handle(handler);
    const server = serverFor(mount, api);
    const big = JSON.stringify({ text: 'x'.repeat(100) });
    expectProblem(await request(server).post('/notes').type('json').send(big), 403);
    expectProblem(await request(server).post('/notes').type('json').send('{"broken'), 403);
    expect(handler).not.toHaveBeenCalled();
    expectProblem(await request(server).post('/notes').set('X-Role', 'writer').type('json').send(big), 413);
  });

  it('refuses before preconditions are answered: no 304 tells an unauthorised client about the resource', async () => {
    const api = createRouter({ onError: jest.fn() });
    api
      .get('/versions/{id}')
      .guard((ctx) => {
        if (ctx.req.headers.authorization === undefined) throw new Unauthorized('Sign in');
      })
      .etag(() => 5)
      .handle((ctx) => ({ id: ctx.path.id }));
    const server = serverFor(mount, api);
    const res = await request(server).get('/versions/1').set('Authorization', 'Bearer t').expect(200);
    await request(server).get('/versions/1').set('Authorization', 'Bearer t').set('If-None-Match', res.headers.etag as string).expect(304);
    expectProblem(await request(server).get('/versions/1').set('If-None-Match', res.headers.etag as string), 401);
  });

  it('answers with a ResponseEntity it returns, written as the handler would be, and may be a promise', async () => {
    const api = createRouter({ onError: jest.fn() });
    api
      .get('/moved')
      .produces('application/json')
      .guard(async () => ResponseEntity.status(409).header('X-Why', 'busy').withBody({ reason: 'busy' }))
      .handle(() => 'never');
    const res = await request(serverFor(mount, api)).get('/moved').expect(409, { reason: 'busy' });
    expect(res.headers['x-why']).toBe('busy');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('runs the router\'s before the route\'s, each point in that order', async () => {
    const calls: string[] = [];
    const api = createRouter({ hooks: [recording('router', calls)], onError: jest.fn() });
    const { hook, finished } = finishedOnce();
    api.get('/order').use(recording('route', calls)).use(hook).handle(() => {
      calls.push('handler');
      return 'done';
    });
    await request(serverFor(mount, api)).get('/order').expect(200);
    await finished;
    expect(calls).toEqual([
      'router:onRequest',
      'route:onRequest',
      'router:preHandler',
      'route:preHandler',
      'handler',
      'router:onSend',
      'route:onSend',
      'router:onResponse',
      'route:onResponse',
    ]);
  });
});

underBothMounts('onSend', (mount) => {
  const api = createRouter({ onError: jest.fn() }).use({
    onSend: (ctx, head) => {
      head.headers['x-request-id'] = String(ctx.get('id' as never) ?? 'none');
      head.headers['x-status'] = String(head.status);
    },
  });
  api.get('/found').etag(() => 1).handle(() => ({ found: true }));
  api.get('/missing').handle(() => {
    throw new HttpError(404, 'No such thing');
  });

  it('adds headers to a representation, a 304 and a problem the router writes', async () => {
    const server = serverFor(mount, api);
    const ok = await request(server).get('/found').expect(200);
    expect(ok.headers['x-status']).toBe('200');
    const notModified = await request(server).get('/found').set('If-None-Match', ok.headers.etag as string).expect(304);
    expect(notModified.headers['x-status']).toBe('304');
    const missing = await request(server).get('/missing');
    expectProblem(missing, 404);
    expect(missing.headers['x-status']).toBe('404');
  });

  it('adds headers to the answers of route selection (a 405) and of OPTIONS', async () => {
    const server = serverFor(mount, api);
    const refused = await request(server).post('/found');
    expectProblem(refused, 405);
    expect(refused.headers['x-status']).toBe('405');
    const options = await request(server).options('/found').expect(204);
    expect(options.headers['x-status']).toBe('204');
    expect(options.headers.allow).toContain('GET');
  });

  it("of a route runs only on that route's answers", async () => {
    const scoped = createRouter({ onError: jest.fn() });
    scoped.get('/a').use({ onSend: (_ctx, head) => void (head.headers['x-a'] = 'yes') }).handle(() => 'a');
    scoped.get('/b').handle(() => 'b');
    const server = serverFor(mount, scoped);
    expect((await request(server).get('/a')).headers['x-a']).toBe('yes');
    expect((await request(server).get('/b')).headers['x-a']).toBeUndefined();
  });
});

underBothMounts('onResponse', (mount) => {
  it('is told the status, the bytes sent and the duration once the response is finished', async () => {
    const { hook, finished } = finishedOnce();
    const api = createRouter({ onError: jest.fn() }).use(hook);
    api.get('/body').handle(() => ({ text: 'hello' }));
    const res = await request(serverFor(mount, api)).get('/body').expect(200);
    const facts = await finished;
    expect(facts).toEqual({ status: 200, bytes: Number(res.headers['content-length']), ms: expect.any(Number), finished: true });
    expect(facts.bytes).toBe(Buffer.byteLength(res.text));
    expect(facts.ms).toBeGreaterThanOrEqual(0);
  });

  it('is told 0 bytes for HEAD and the status of a problem', async () => {
    const head = finishedOnce();
    const api = createRouter({ onError: jest.fn() }).use(head.hook);
    api.get('/body').handle(() => ({ text: 'hello' }));
    await request(serverFor(mount, api)).head('/body').expect(200);
    expect(await head.finished).toMatchObject({ status: 200, bytes: 0 });
    const problem = finishedOnce();
    const other = createRouter({ onError: jest.fn() }).use(problem.hook);
    other.get('/body').handle(() => ({}));
    await request(serverFor(mount, other)).delete('/body').expect(405);
    expect(await problem.finished).toMatchObject({ status: 405, finished: true });
  });

  it('reports a throw of its own to onError instead of ending the process', async () => {
    const onError = jest.fn();
    let reported!: () => void;
    const done = new Promise<void>((resolve) => (reported = resolve));
    const api = createRouter({
      onError: (error, req) => {
        onError(error, req.method);
        reported();
      },
    }).use({
      onResponse: () => {
        throw new Error('log sink down');
      },
    });
    api.get('/body').handle(() => 'fine');
    await request(serverFor(mount, api)).get('/body').expect(200, 'fine');
    await done;
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'log sink down' }), 'GET');
  });
});

underBothMounts('onError', (mount) => {
  it('is one mechanism with the onError option: both hear a fault answered as 500, with an Express request, in order', async () => {
    const heard: string[] = [];
    const api = createRouter({ onError: (error) => void heard.push(`option:${(error as Error).message}`) }).use({
      onError: (error, req) => void heard.push(`hook:${(error as Error).message}:${typeof req.get}`),
    });
    api
      .get('/broken')
      .use({ onError: () => void heard.push('route') })
      .handle(() => {
        throw new TypeError('bug');
      });
    api.get('/refused').handle(() => {
      throw new Forbidden('no');
    });
    const server = serverFor(mount, api);
    expectProblem(await request(server).get('/broken'), 500);
    expect(heard).toEqual(['option:bug', 'hook:bug:function', 'route']);
    expectProblem(await request(server).get('/refused'), 403);
    expect(heard).toHaveLength(3);
  });

  it('hears a hook that fails with something other than an HttpError, answered as 500', async () => {
    const onError = jest.fn();
    const api = createRouter({ onError }).use({
      preHandler: () => {
        throw new RangeError('guard bug');
      },
    });
    api.get('/guarded').handle(() => 'never');
    expectProblem(await request(serverFor(mount, api)).get('/guarded'), 500);
    expect(onError).toHaveBeenCalledWith(expect.any(RangeError), expect.anything());
  });
});

underBothMounts('per-request state', (mount) => {
  it('carries what a hook sets to the handler: ctx.state, ctx.get', async () => {
    const auth = hooks<{ user: { name: string } }>({
      onRequest: (ctx) => ctx.set('user', { name: String(ctx.req.headers['x-user']) }),
    });
    const api = createRouter({ onError: jest.fn() }).use(auth);
    api
      .get('/me')
      .guard<{ seenAt: string }>((ctx) => ctx.set('seenAt', `guard of ${ctx.state.user.name}`))
      .handle((ctx) => ({ name: ctx.state.user.name, via: ctx.get('seenAt') }));
    await request(serverFor(mount, api)).get('/me').set('X-User', 'ada').expect(200, { name: 'ada', via: 'guard of ada' });
  });

  it('is a fresh object per request', async () => {
    const api = createRouter({ onError: jest.fn() });
    api
      .get('/count')
      .guard<{ count: number }>((ctx) => ctx.set('count', (ctx.state.count ?? 0) + 1))
      .handle((ctx) => ({ count: ctx.state.count }));
    const server = serverFor(mount, api);
    await request(server).get('/count').expect(200, { count: 1 });
    await request(server).get('/count').expect(200, { count: 1 });
  });

  it('inherits nothing: a name no hook set reads as undefined, whatever Object.prototype has', async () => {
    const api = createRouter({ onError: jest.fn() }).use({ onRequest: (ctx) => ctx.set('user' as never, 'ada' as never) });
    api.get('/names').handle((ctx) => {
      const state = ctx.state as Record<string, unknown>;
      return { constructor: typeof state.constructor, toString: typeof ctx.get('toString' as never), own: Object.keys(state), user: ctx.get('user' as never) };
    });
    await request(serverFor(mount, api)).get('/names').expect(200, { constructor: 'undefined', toString: 'undefined', own: ['user'], user: 'ada' });
  });
});

describe('hook points settled at declaration', () => {
  it('runs no hook machinery for a route without hooks, even beside a route with some', async () => {
    const run = jest.spyOn(hookPoints, 'runHooks');
    const api = createRouter({ onError: jest.fn() });
    api.get('/plain').handle(() => 'plain');
    api.get('/guarded').guard(() => undefined).handle(() => 'guarded');
    const server = serverFor('wrap', api);
    await request(server).get('/plain').expect(200, 'plain');
    expect(run).not.toHaveBeenCalled();
    await request(server).get('/guarded').expect(200, 'guarded');
    expect(run).toHaveBeenCalledTimes(1);
    run.mockRestore();
  });

  it('makes no hook scope per request for hooks that declare only a security scheme (an OpenAPI declaration)', async () => {
    const arrive = jest.spyOn(HookScope.prototype, 'arrive');
    const security = { name: 'bearer', scheme: { type: 'http', scheme: 'bearer' } } as const;
    const api = createRouter({ hooks: [{ security }] });
    api.get('/notes').use({ security }).handle(() => 'notes');
    await request(serverFor('wrap', api)).get('/notes').expect(200, 'notes');
    expect(arrive).not.toHaveBeenCalled();
    expect(api.openapi({ info: { title: 't', version: '1' } }).paths['/notes']!.get!.security).toEqual([{ bearer: [] }]);
    arrive.mockRestore();
  });

  it.each([
    ['nothing', undefined, undefined],
    ['only security schemes', { security: [{ name: 'bearer' }] }, undefined],
    ['a point that runs', { preHandler: [() => undefined] }, 'itself'],
  ])('runs, of hook points declaring %s, %s', (_what, declared, expected) => {
    const points = declared === undefined ? undefined : hookPoints.combineHooks(undefined, declared as never);
    expect(hookPoints.runningPoints(points)).toBe(expected === 'itself' ? points : undefined);
  });

  it('compiles no hook points for an empty list', () => {
    expect(hookPoints.compileHooks([])).toBeUndefined();
    expect(hookPoints.combineHooks(undefined, {})).toBeUndefined();
  });

  it('refuses router.use after a route was declared, which would be served without the hooks', () => {
    const api = createRouter();
    api.get('/early').handle(() => 'early');
    expect(() => api.use({ preHandler: () => undefined })).toThrow(/before its routes/);
  });

  it('refuses a hook that is not a function', () => {
    expect(() => createRouter({ hooks: [{ onSend: 'no' as never }] })).toThrow(/onSend hook must be a function/);
  });
});

describe('hooks under router.wrap(app)', () => {
  it("read the method, target and headers without lending the request Express's prototypes", async () => {
    let received: http.IncomingMessage | undefined;
    const seen: string[] = [];
    const api = createRouter({ onError: jest.fn() }).use({
      onRequest: (ctx) => void seen.push(`${ctx.method} ${ctx.target} ${ctx.headers['x-token']}`),
      preHandler: (ctx) => void seen.push(`${ctx.method} ${ctx.target} ${ctx.headers['x-token']}`),
    });
    api.get('/plain').handle(() => 'plain');
    const listener = api.wrap(express());
    const server = http.createServer((req, res) => {
      received = req;
      listener(req, res);
    });
    await request(server).get('/plain?x=1').set('X-Token', 't').expect(200, 'plain');
    expect(seen).toEqual(['GET /plain?x=1 t', 'GET /plain?x=1 t']);
    expect(Object.getPrototypeOf(received)).toBe(http.IncomingMessage.prototype);
  });
});
