import { channel, tracingChannel } from 'node:diagnostics_channel';
import { AsyncLocalStorage } from 'node:async_hooks';
import request from 'supertest';
import { type CacheMessage, type RequestMessage, type RouteStepMessage, createRouter } from '../../src';
import { cache } from '../../src/entries/cache';
import { serverFor, underBothMounts } from '../setup/both-mounts';
import { until } from '../setup/until';

/** One event a subscriber saw: `channel:event`, with what the message said then. */
interface Seen {
  readonly event: string;
  readonly route?: string;
  readonly status?: number;
  readonly error?: string;
  readonly outcome?: string;
  readonly cacheStatus?: string;
}

const EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const;

/** Subscribes to every channel of the router's (by name, as any subscriber would) until the test ends. */
function recording(): Seen[] {
  const seen: Seen[] = [];
  const request = tracingChannel<unknown, RequestMessage>('represent:request');
  const requestHandlers = Object.fromEntries(
    EVENTS.map((event) => [
      event,
      (message: RequestMessage) =>
        seen.push({
          event: `request:${event}`,
          ...(message.route !== undefined && { route: message.route.template }),
          ...(event === 'asyncEnd' && { status: message.status }),
          ...(event === 'error' && { error: (message.error as Error).message, status: message.response.statusCode }),
        }),
    ]),
  ) as unknown as Parameters<typeof request.subscribe>[0];
  const steps = (name: string) => {
    const traced = tracingChannel<unknown, RouteStepMessage>(`represent:${name}`);
    const handlers = Object.fromEntries(
      EVENTS.map((event) => [event, (message: RouteStepMessage) => seen.push({ event: `${name}:${event}`, route: message.route.template, ...(event === 'error' && { error: (message.error as Error).message }) })]),
    ) as unknown as Parameters<typeof traced.subscribe>[0];
    traced.subscribe(handlers);
    return () => traced.unsubscribe(handlers);
  };
  const onRoute = (message: unknown): void => void seen.push({ event: 'route', route: (message as RequestMessage).route!.template });
  const onCache = (message: unknown): void => {
    const { outcome, cacheStatus } = message as CacheMessage;
    seen.push({ event: 'cache', outcome, ...(cacheStatus !== undefined && { cacheStatus }) });
  };
  request.subscribe(requestHandlers);
  channel('represent:route').subscribe(onRoute);
  channel('represent:cache').subscribe(onCache);
  const stopSteps = [steps('handler'), steps('body')];
  afterEachOnce(() => {
    request.unsubscribe(requestHandlers);
    channel('represent:route').unsubscribe(onRoute);
    channel('represent:cache').unsubscribe(onCache);
    for (const stop of stopSteps) stop();
  });
  return seen;
}

let cleanups: (() => void)[] = [];
function afterEachOnce(cleanup: () => void): void {
  cleanups.push(cleanup);
}
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

/** Waits for the request's end, published when its response closes (possibly after the client read it). */
async function ended(seen: Seen[], count = 1): Promise<string[]> {
  await until(() => seen.filter((s) => s.event === 'request:asyncEnd').length >= count, 5_000, () => JSON.stringify(seen));
  return seen.map((s) => s.event);
}

underBothMounts('the diagnostics channels', (mount) => {
  it('publish a routed request: start, the route with its template, the handler, the end with its status', async () => {
    const seen = recording();
    const api = createRouter({ onError: jest.fn() });
    api.get('/users/{id}').handle((ctx) => ({ id: ctx.path.id }));
    await request(serverFor(mount, api)).get('/users/7').expect(200);
    expect(await ended(seen)).toEqual(['request:start', 'route', 'handler:start', 'handler:end', 'request:end', 'request:asyncStart', 'request:asyncEnd']);
    expect(seen.find((s) => s.event === 'route')).toEqual({ event: 'route', route: '/users/{id}' });
    expect(seen.at(-1)).toEqual({ event: 'request:asyncEnd', route: '/users/{id}', status: 200 });
  });

  it('publish an asynchronous handler\'s settling, and the body read before it', async () => {
    const seen = recording();
    const api = createRouter({ onError: jest.fn() });
    api.post('/users').body(Object).handle(async (ctx) => ({ got: ctx.body }));
    await request(serverFor(mount, api)).post('/users').send({ a: 1 }).expect(200);
    const events = await ended(seen);
    expect(events.filter((e) => e.startsWith('body:') || e.startsWith('handler:'))).toEqual([
      'body:start', 'body:end', 'body:asyncStart', 'body:asyncEnd',
      'handler:start', 'handler:end', 'handler:asyncStart', 'handler:asyncEnd',
    ]);
  });

  it('publish a handler\'s fault on the handler and on the request, once the 500 is written', async () => {
    const seen = recording();
    const api = createRouter({ onError: jest.fn() });
    api.get('/boom').handle(() => {
      throw new Error('kaput');
    });
    await request(serverFor(mount, api)).get('/boom').expect(500);
    const events = await ended(seen);
    expect(events).toEqual(['request:start', 'route', 'handler:start', 'handler:error', 'handler:end', 'request:error', 'request:end', 'request:asyncStart', 'request:asyncEnd']);
    expect(seen.find((s) => s.event === 'request:error')).toMatchObject({ error: 'kaput', status: 500 });
  });

  it.each([
    ['a 405', 'delete', '/users/7', 405],
    ['a 406', 'get', '/users/7', 406],
    ['a 404 with fallthrough: false', 'get', '/elsewhere', 404],
  ] as const)('publish %s the router makes without a route', async (_title, method, path, status) => {
    const seen = recording();
    const api = createRouter({ onError: jest.fn(), fallthrough: false });
    api.get('/users/{id}').produces('application/json').handle((ctx) => ({ id: ctx.path.id }));
    await request(serverFor(mount, api))[method](path).set('Accept', status === 406 ? 'image/png' : '*/*').expect(status);
    expect(await ended(seen)).toEqual(['request:start', 'request:error', 'request:end', 'request:asyncStart', 'request:asyncEnd']);
    expect(seen.at(-1)).toEqual({ event: 'request:asyncEnd', status });
  });

  it('publish a 400 for an invalid Host', async () => {
    const seen = recording();
    const api = createRouter({ onError: jest.fn() });
    api.get('/users/{id}').handle((ctx) => ({ id: ctx.path.id }));
    await request(serverFor(mount, api)).get('/users/7').set('Host', 'bad host').expect(400);
    expect(await ended(seen)).toEqual(['request:start', 'request:error', 'request:end', 'request:asyncStart', 'request:asyncEnd']);
  });

  it('publish nothing for a request that goes on to the app', async () => {
    const seen = recording();
    const api = createRouter({ onError: jest.fn() });
    api.get('/users/{id}').handle((ctx) => ({ id: ctx.path.id }));
    await request(serverFor(mount, api)).get('/elsewhere').expect(404);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
  });

  it('publish the shared cache\'s outcome, with its Cache-Status member: a miss, then a hit', async () => {
    const seen = recording();
    const shared = cache({ now: () => 1_000_000 });
    const api = createRouter({ onError: jest.fn(), hooks: [shared] });
    api.get('/users/{id}').cache({ maxAge: 60 }).handle((ctx) => ({ id: ctx.path.id }));
    const server = serverFor(mount, api);
    // One Host for both: each request of supertest's reaches the server on a port of its own.
    await request(server).get('/users/7').set('Host', 'api.test').expect(200);
    await ended(seen);
    await request(server).get('/users/7').set('Host', 'api.test').expect(200);
    await ended(seen, 2);
    expect(seen.filter((s) => s.event === 'cache')).toEqual([
      { event: 'cache', outcome: 'MISS', cacheStatus: expect.stringMatching(/^represent; fwd=uri-miss; fwd-status=200; ttl=60; stored$/) },
      { event: 'cache', outcome: 'HIT', cacheStatus: expect.stringMatching(/^represent; hit/) },
    ]);
  });

  it('run the handler inside the stores bound to its start, as TracingChannel#traceSync does', async () => {
    recording();
    const store = new AsyncLocalStorage<string>();
    const handlers = tracingChannel<unknown, RouteStepMessage>('represent:handler');
    handlers.start.bindStore(store, (message) => `in ${(message as RouteStepMessage).route.template}`);
    try {
      const api = createRouter({ onError: jest.fn() });
      api.get('/users/{id}').handle(() => ({ store: store.getStore() }));
      await request(serverFor(mount, api)).get('/users/7').expect(200, { store: 'in /users/{id}' });
    } finally {
      handlers.start.unbindStore(store);
    }
  });
});
