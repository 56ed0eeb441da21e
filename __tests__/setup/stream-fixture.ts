import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Router, createRouter } from '../../src';
import { type Mount, serverFor } from './both-mounts';

/**
 * A source a streaming handler returns, that records what the writer did with it: how many
 * values it was asked for, and whether it was stopped (its `finally` ran: `return()` called or
 * the values ran out). `gate` holds the value after `count` values back until `release()`.
 */
export class TrackedSource<T> {
  pulls = 0;
  finished = false;
  #release: (() => void) | undefined;
  #gate: Promise<void> | undefined;

  constructor(
    private readonly make: (index: number) => T,
    private readonly count: number,
    private readonly options: { readonly holdAfter?: number; readonly failAt?: number } = {},
  ) {}

  /** Lets the held value (and the rest) go. */
  release(): void {
    this.#release?.();
  }

  async *values(): AsyncGenerator<T> {
    try {
      for (let i = 0; i < this.count; i++) {
        if (i === this.options.holdAfter) await (this.#gate ??= new Promise<void>((resolve) => (this.#release = resolve)));
        this.pulls++;
        if (i === this.options.failAt) throw new Error(`The source failed at value ${i}`);
        yield this.make(i);
      }
    } finally {
      this.finished = true;
    }
  }
}

/** Waits for `condition`, failing after `ms` with `describe()` saying what was seen. */
export async function waitFor(condition: () => boolean, describe: () => string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Gave up after ${ms} ms: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A GET on a listening server with node's client, for reading a body slowly or leaving early. */
export function rawGet(server: http.Server, path: string, headers: http.OutgoingHttpHeaders = {}): Promise<http.IncomingMessage> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, resolve);
    request.on('error', reject);
  });
}

/** Starts `server` on a free 127.0.0.1 port. */
export async function listen(server: http.Server): Promise<http.Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Closes `server`, cutting the connections still open (a stream a test left running). */
export function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * `serving(mount)` answers `serve(build)`: a router built by `build` (its faults not logged),
 * mounted `mount` on a free port; closed, with the streams left open, after each test.
 */
export function serving(mount: Mount): (build: (api: Router) => void) => Promise<http.Server> {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await close(server);
  });
  return async (build) => {
    const api = createRouter({ onError: () => undefined });
    build(api);
    const server = await listen(serverFor(mount, api));
    servers.push(server);
    return server;
  };
}
