import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import express from 'express';
import request from 'supertest';
import { createRouter } from '../../src';
import { expectProblem, serve } from '../setup/app-fixture';

describe('route timeouts, .timeout(ms, { status })', () => {
  let aborted: AbortSignal[] = [];
  const onError = jest.fn();
  const app = serve(
    (api) => {
      api.get('/never').timeout(50).handle((ctx) => {
        aborted.push(ctx.signal);
        return new Promise(() => undefined);
      });
      api.get('/gateway').timeout(50, { status: 504 }).handle(() => new Promise(() => undefined));
      api.get('/late-failure').timeout(20).handle(() => new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 60)));
      api.get('/quick').timeout(1000).handle(() => ({ ok: true }));
      api
        .get('/busy-then-waits')
        .timeout(50)
        .etag(() => 'v1')
        .handle(() => {
          // 120 ms of synchronous work, then a promise that settles 30 ms later: the limit counts
          // from the dispatch, so it has passed (a limit counted from the handler's return would
          // let the answer through at 30 ms, before its 50). 30, not less: the limit's timer, due
          // at once, must not race the handler's under load.
          const until = Date.now() + 120;
          while (Date.now() < until);
          return new Promise((resolve) => setTimeout(() => resolve({ late: true }), 30));
        });
      api.get('/inherited').handle(() => new Promise(() => undefined));
    },
    { timeout: { ms: 40 }, onError },
  );

  beforeEach(() => {
    aborted = [];
    onError.mockClear();
  });

  it('answers 503 with a problem when the handler never resolves, and aborts ctx.signal', async () => {
    const res = await request(app).get('/never');
    const problem = expectProblem(res, 503);
    expect(problem.type).toBe('urn:represent:problem:timeout');
    expect(problem.detail).toBe('The handler did not answer within 50 ms');
    expect(aborted[0]?.aborted).toBe(true);
  });

  it('counts the limit from the dispatch, so synchronous work in the hook and the handler counts too', async () => {
    expectProblem(await request(app).get('/busy-then-waits'), 503);
  });

  it('answers 504 when the route says so', async () => {
    expectProblem(await request(app).get('/gateway'), 504);
  });

  it('takes the router default when the route gives none', async () => {
    expectProblem(await request(app).get('/inherited'), 503);
  });

  it('answers normally within the limit', async () => {
    const res = await request(app).get('/quick');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('logs a failure that comes after the timeout answered, and keeps serving', async () => {
    // Heard when it comes (its handler fails 60 ms in), not after a guessed delay.
    const reported = new Promise<void>((resolve) => onError.mockImplementationOnce(() => resolve()));
    expectProblem(await request(app).get('/late-failure'), 503);
    await reported;
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'late' }), expect.anything());
    expect((await request(app).get('/quick')).status).toBe(200);
  });
});

describe('ctx.signal when the client goes away', () => {
  /** Runs `handler` at /slow, lets a client leave mid-request, and answers what onError got. */
  async function afterTheClientLeaves(handler: (signal: AbortSignal) => Promise<unknown>): Promise<unknown[]> {
    const onError = jest.fn();
    const api = createRouter({ onError });
    api.get('/slow').handle((ctx) => handler(ctx.signal));
    const server = express().use(api.middleware()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const req = http.get({ host: '127.0.0.1', port, path: '/slow' });
    req.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    req.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => server.close(resolve));
    return onError.mock.calls.map(([error]) => error);
  }

  it('is aborted when the client closes the connection before the answer', async () => {
    let seen: AbortSignal | undefined;
    await afterTheClientLeaves((signal) => {
      seen = signal;
      return new Promise((resolve) => setTimeout(() => resolve({ done: true }), 200));
    });
    expect(seen?.aborted).toBe(true);
  });

  describe('a handler that passes the signal on and rejects with what it aborts with', () => {
    it('does not report the signal\'s own reason as an error', async () => {
      const reported = await afterTheClientLeaves(
        (signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      );
      expect(reported).toEqual([]);
    });

    it('does not report an AbortError the signal caused (node:timers/promises)', async () => {
      const reported = await afterTheClientLeaves((signal) => sleep(1000, undefined, { signal }));
      expect(reported).toEqual([]);
    });

    it('does not report an AbortError the signal caused when the time limit aborted it', async () => {
      const onError = jest.fn();
      const api = createRouter({ onError });
      api.get('/limited').timeout(30).handle((ctx) => sleep(1000, undefined, { signal: ctx.signal }));
      const app = express().use(api.middleware());
      expectProblem(await request(app).get('/limited'), 503);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(onError).not.toHaveBeenCalled();
    });

    it('still reports another error that happens after the client left', async () => {
      const reported = await afterTheClientLeaves(
        (signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new TypeError('a bug in the cleanup')))),
      );
      expect(reported).toEqual([new TypeError('a bug in the cleanup')]);
    });
  });

  it('rejects a timeout that is not a positive number of milliseconds', () => {
    expect(() => createRouter().get('/x').timeout(0)).toThrow(RangeError);
  });
});
