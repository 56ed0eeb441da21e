import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { type FinishedResponse, type HookSet, HttpError, ProblemType, type Router, createRouter } from '../../src';
import { expectProblem } from '../setup/app-fixture';
import { type Mount, underBothMounts } from '../setup/both-mounts';

/** What the router's hooks saw of one request: the points that ran, in order, and what `onResponse` was told. */
interface Seen {
  readonly calls: string[];
  readonly finished: FinishedResponse[];
}

/** Router hooks recording each point that runs, and a request id set on arrival and sent by `onSend`. */
function recording(): { hooks: HookSet<{ id: string }>; seen: Seen } {
  const seen: Seen = { calls: [], finished: [] };
  const hooks: HookSet<{ id: string }> = {
    onRequest: (ctx) => {
      seen.calls.push('onRequest');
      ctx.set('id', 'r-1');
    },
    onSend: (ctx, head) => {
      seen.calls.push(`onSend ${head.status}`);
      head.headers['x-request-id'] = ctx.state.id;
    },
    onResponse: (_ctx, finished) => {
      seen.calls.push('onResponse');
      seen.finished.push(finished);
    },
  };
  return { hooks, seen };
}

/** Waits (5 s at most) for `onResponse`, which runs on the response's 'finish', possibly after the client read it. */
async function finishedOf(seen: Seen): Promise<FinishedResponse> {
  const deadline = Date.now() + 5_000;
  while (seen.finished.length === 0) {
    if (Date.now() > deadline) throw new Error(`onResponse did not run within 5 s; the hooks saw: ${JSON.stringify(seen.calls)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return seen.finished[0]!;
}

/** `api` mounted `mount` in front of an app that answers every request the router leaves to it with 200 `app`. */
function served(mount: Mount, api: Pick<Router, 'middleware' | 'wrap'>): http.Server {
  const app = express();
  const answer: express.RequestHandler = (_req, res) => void res.type('text').send('app');
  if (mount === 'wrap') return http.createServer(api.wrap(app.use(answer)));
  return http.createServer(app.use(api.middleware()).use(answer));
}

underBothMounts('a path no route matches', (mount) => {
  it('goes on to the app by default, and none of the router\'s hooks run for it', async () => {
    const { hooks, seen } = recording();
    const api = createRouter({ onError: jest.fn(), hooks: [hooks] });
    api.get('/items').handle(() => ['a']);
    const res = await request(served(mount, api)).get('/elsewhere').expect(200, 'app');
    expect(res.headers['x-request-id']).toBeUndefined();
    // The app's answer finished: an onResponse of the router's would have run by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.calls).toEqual([]);
  });

  it('answers 404 as a problem with fallthrough: false, after the arrival hooks, seen by onSend and onResponse', async () => {
    const { hooks, seen } = recording();
    const api = createRouter({ onError: jest.fn(), hooks: [hooks], fallthrough: false });
    api.get('/items').handle(() => ['a']);
    const res = await request(served(mount, api)).get('/elsewhere?page=2').set('Accept', 'application/json');
    expect(expectProblem(res, 404)).toMatchObject({ detail: 'No resource at /elsewhere', instance: '/elsewhere?page=2' });
    expect(res.headers['x-request-id']).toBe('r-1');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(await finishedOf(seen)).toMatchObject({ status: 404, finished: true });
    expect(seen.calls).toEqual(['onRequest', 'onSend 404', 'onResponse']);
  });

  it('is answered by an arrival hook that answers first, with fallthrough: false (a 401 before the 404)', async () => {
    const api = createRouter({ onError: jest.fn(), fallthrough: false }).use({
      onRequest: (ctx) => {
        if (ctx.headers.authorization === undefined) throw new HttpError(401, 'A bearer token is required');
      },
    });
    api.get('/items').handle(() => ['a']);
    expectProblem(await request(served(mount, api)).get('/elsewhere'), 401);
    expectProblem(await request(served(mount, api)).get('/elsewhere').set('Authorization', 'Bearer t'), 404);
  });

  it('runs no hooks and answers 404 without them when the router has none, with fallthrough: false', async () => {
    const api = createRouter({ fallthrough: false });
    api.get('/items').handle(() => ['a']);
    expectProblem(await request(served(mount, api)).get('/elsewhere'), 404);
  });
});

underBothMounts('a request whose Host is invalid (RFC 9112 section 3.2)', (mount) => {
  it.each(['/items', '/elsewhere'])('answers 400 to %s after the arrival hooks, seen by onSend and onResponse', async (path) => {
    const { hooks, seen } = recording();
    const handler = jest.fn(() => ['a']);
    const api = createRouter({ onError: jest.fn(), hooks: [hooks] });
    api.get('/items').handle(handler);
    const res = await request(served(mount, api)).get(path).set('Host', 'a.example/users/2');
    expect(expectProblem(res, 400).type).toBe(ProblemType.invalidHost);
    expect(res.headers['x-request-id']).toBe('r-1');
    expect(await finishedOf(seen)).toMatchObject({ status: 400 });
    expect(seen.calls).toEqual(['onRequest', 'onSend 400', 'onResponse']);
    expect(handler).not.toHaveBeenCalled();
  });

  it('gives a fault of an arrival hook to onError, answered 500', async () => {
    const onError = jest.fn();
    const api = createRouter({ onError }).use({
      onRequest: () => {
        throw new Error('hook broke');
      },
    });
    api.get('/items').handle(() => ['a']);
    expectProblem(await request(served(mount, api)).get('/items').set('Host', 'a.example/x'), 500);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'hook broke' }), expect.anything());
  });
});

underBothMounts('the router\'s own refusals of a matched path', (mount) => {
  function routed(): { api: ReturnType<typeof createRouter>; seen: Seen } {
    const { hooks, seen } = recording();
    const api = createRouter({ onError: jest.fn(), hooks: [hooks], formats: { query: 'format' } });
    api.get('/items').produces('application/json').handle(() => ['a']);
    api.post('/items').consumes('application/json').handle(() => 'made');
    return { api, seen };
  }

  it.each<[string, (client: request.Agent) => request.Test, number]>([
    ['a method the resource does not support', (client) => client.delete('/items'), 405],
    ['an Accept it cannot satisfy', (client) => client.get('/items').set('Accept', 'text/csv'), 406],
    ['a Content-Type it does not take', (client) => client.post('/items').set('Content-Type', 'text/csv').send('a,b'), 415],
    ['a format its URL names that the route does not produce', (client) => client.get('/items?format=yaml'), 406],
  ])('answers %s after the arrival hooks, seen by onSend and onResponse', async (_case, send, status) => {
    const { api, seen } = routed();
    const res = await send(request.agent(served(mount, api)));
    expectProblem(res, status);
    expect(res.headers['x-request-id']).toBe('r-1');
    expect(await finishedOf(seen)).toMatchObject({ status });
    expect(seen.calls).toEqual(['onRequest', `onSend ${status}`, 'onResponse']);
  });

  it('answers OPTIONS after the arrival hooks, seen by onSend and onResponse', async () => {
    const { api, seen } = routed();
    const res = await request(served(mount, api)).options('/items').expect(204);
    expect(res.headers['x-request-id']).toBe('r-1');
    expect(await finishedOf(seen)).toMatchObject({ status: 204 });
    expect(seen.calls).toEqual(['onRequest', 'onSend 204', 'onResponse']);
  });
});
