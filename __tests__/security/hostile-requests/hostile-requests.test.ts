import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { type Router, createRouter } from '../../../src';
import { type Mount, serverFor } from '../../setup/both-mounts';
import { head, rawRequest } from '../../setup/raw-http';
import { until } from '../../setup/until';
import { type HostileAppWatch, ROUTES, hostileRouter } from './hostile-app';
import { type HostileRequest, hostileRequest } from './hostile-requests';
import { type ServerWatch, type Tripwire, armTripwire, isRightful5xx, watchServer } from '../../setup/tripwire';

/**
 * The tripwire of issue 33, "no request can hurt another": generated hostile requests (random
 * bytes, broken framing, truncated and malformed multipart, JSON, XML, forms and CSV, odd ranges,
 * conditionals, cookies and header values) sent over real sockets to one route of every kind,
 * under both mounts, a few at once. A run fails on any exception nothing caught or promise
 * rejection no one handled anywhere in the process, any 5xx, any error the router's `onError`
 * saw, any request the server has not answered and closed within HANG_MS, any handler still
 * running then, and a server that no longer answers a plain GET afterwards. The first tests
 * show the harness failing on each of those, so that a green run means something.
 * HOSTILE_RUNS sets the number of runs per mount (the seed policy is __tests__/setup/fast-check-seed.ts).
 */

jest.setTimeout(180_000);

/** A request not answered and closed within this is hung (generous: the machine is shared). */
const HANG_MS = 5_000;
const RUNS = Number(process.env.HOSTILE_RUNS ?? 400);

interface Target {
  readonly server: http.Server;
  readonly port: number;
  readonly watch: ServerWatch;
  readonly app: HostileAppWatch;
}

async function start(mount: Mount, build: (app: HostileAppWatch) => Router): Promise<Target> {
  const app: HostileAppWatch = { running: new Set(), errors: [] };
  const server = serverFor(mount, build(app));
  const watch = watchServer(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, watch, app };
}

async function stop(target: Target): Promise<void> {
  target.server.closeAllConnections();
  await new Promise((resolve) => target.server.close(resolve));
}

/**
 * Forgets what an earlier run saw, so that each run answers for its own requests (when fast-check
 * shrinks a failure, the handlers a crash left hanging would otherwise fail every run after it).
 */
function clear(target: Target, tripwire: Tripwire): void {
  tripwire.reset();
  target.watch.open.clear();
  target.app.running.clear();
  target.watch.failures.splice(0);
  target.app.errors.splice(0);
}

/**
 * Sends `requests` at once, each on its own connection, and answers every fault they caused:
 * what tripped the tripwire, 5xx seen on the wire or on the server, errors `onError` saw,
 * connections not closed, responses still open and handlers still running after `hangMs`.
 */
async function faultsOf(target: Target, tripwire: Tripwire, requests: readonly HostileRequest[], hangMs = HANG_MS): Promise<string[]> {
  const faults: string[] = [];
  // Once something tripped, the answers it cost will not come: stop waiting for them.
  const { signal } = tripwire;
  const answers = await Promise.all(requests.map((request) => rawRequest(target.port, [Buffer.from(request.wire, 'latin1')], { halfClose: request.halfClose, waitMs: hangMs, signal })));
  answers.forEach((answer, i) => {
    const { route, wire } = requests[i]!;
    if (!answer.closed && !signal.aborted) faults.push(`hung: ${route} not answered and closed within ${hangMs} ms`);
    // Every Cache-Control line of the head, joined as the server reads them.
    const cacheControl = [...wire.split('\r\n\r\n')[0]!.matchAll(/^cache-control:(.*)$/gim)].map((line) => line[1]).join(',');
    if (answer.status >= 500 && !isRightful5xx(answer.status, cacheControl)) {
      faults.push(`${answer.status} on the wire from ${route}: ${answer.head.split('\r\n')[0]}`);
    }
  });
  try {
    await until(() => signal.aborted || (target.watch.open.size === 0 && target.app.running.size === 0), hangMs, () => `${target.watch.open.size} responses open, ${target.app.running.size} handlers running`);
  } catch (error) {
    faults.push(`hung on the server: ${(error as Error).message}`);
  }
  // What a callback throws a turn after the answer is caught on that turn.
  await new Promise((resolve) => setImmediate(resolve));
  faults.push(...tripwire.tripped, ...target.watch.failures.map((failure) => `server answered ${failure}`), ...target.app.errors.map((error) => `onError: ${String(error)}`));
  return faults;
}

/** Whether the server still answers a plain GET with 200. */
async function stillAnswers(target: Target): Promise<string[]> {
  const answer = await rawRequest(target.port, [head(`GET ${ROUTES.doc.path} HTTP/1.1`)], { waitMs: HANG_MS });
  return answer.status === 200 ? [] : [`a plain GET afterwards got ${answer.status || 'nothing'}`];
}

const plain = (path: string, method = 'GET'): HostileRequest => ({ route: 'doc', wire: head(`${method} ${path} HTTP/1.1`), halfClose: false });

let tripwire: Tripwire;
beforeEach(() => {
  tripwire = armTripwire();
});
afterEach(() => tripwire.disarm());

describe('the tripwire', () => {
  let target: Target;
  let release: () => void = () => {};
  beforeAll(async () => {
    target = await start('middleware', (app) => {
      const api = createRouter({ onError: (error) => void app.errors.push(error) });
      api.get('/thrown-later').handle(() => {
        setImmediate(() => {
          throw new Error('thrown from a timer');
        });
        return 'ok';
      });
      api.get('/thrown-in-a-stream-callback').handle(() => {
        // 'end' is emitted on a later tick, outside the handler.
        const stream = new PassThrough();
        stream.on('end', () => {
          throw new Error('thrown from a stream callback');
        });
        stream.resume();
        stream.end('x');
        return 'ok';
      });
      api.get('/rejected').handle(() => {
        void Promise.reject(new Error('rejected with no one waiting'));
        return 'ok';
      });
      api.get('/fine').handle(() => 'fine');
      api.get('/fails').handle(() => {
        throw new Error('a handler failing');
      });
      api.get('/never').handle(() => {
        const run = {};
        app.running.add(run);
        return new Promise<string>((resolve) => {
          release = () => {
            app.running.delete(run);
            resolve('late');
          };
        });
      });
      return api;
    });
  });
  afterAll(() => stop(target));
  afterEach(() => clear(target, tripwire));

  it('fails on an exception thrown from a timer a handler set', async () => {
    expect((await faultsOf(target, tripwire, [plain('/thrown-later')])).join('\n')).toMatch(/uncaught exception: Error: thrown from a timer/);
  });

  it('fails on an exception thrown from a stream callback', async () => {
    expect((await faultsOf(target, tripwire, [plain('/thrown-in-a-stream-callback')])).join('\n')).toMatch(/uncaught exception: Error: thrown from a stream callback/);
  });

  it('fails on a promise rejected with no one waiting', async () => {
    expect((await faultsOf(target, tripwire, [plain('/rejected')])).join('\n')).toMatch(/unhandled rejection: Error: rejected with no one waiting/);
  });

  it('fails on a 5xx, seen on the wire, by the server and by onError', async () => {
    const faults = await faultsOf(target, tripwire, [plain('/fails')]);
    expect(faults).toEqual(expect.arrayContaining([expect.stringMatching(/^500 on the wire/), 'server answered 500 to GET /fails', 'onError: Error: a handler failing']));
  });

  it('fails on a request that is never answered', async () => {
    const faults = await faultsOf(target, tripwire, [plain('/never')], 1_000);
    release();
    expect(faults).toEqual(expect.arrayContaining([expect.stringMatching(/^hung: /), expect.stringMatching(/^hung on the server: .*1 handlers running/)]));
  });

  it('passes a request that is answered', async () => {
    expect(await faultsOf(target, tripwire, [plain('/fine'), plain('/fine', 'HEAD'), plain('/nowhere')])).toEqual([]);
  });
});

describe.each<Mount>(['middleware', 'wrap'])('hostile requests to a route of every kind (router.%s)', (mount) => {
  let target: Target;
  beforeAll(async () => {
    target = await start(mount, hostileRouter);
  });
  afterAll(() => stop(target));

  it('crash nothing, answer no 5xx, leave nothing hung, and leave the server answering', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileRequest, { minLength: 1, maxLength: 3 }), async (requests) => {
        clear(target, tripwire);
        const faults = [...(await faultsOf(target, tripwire, requests)), ...(await stillAnswers(target))];
        expect(faults).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
