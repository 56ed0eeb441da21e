import type http from 'node:http';
import { runInThisContext } from 'node:vm';

/**
 * Everything that went wrong in the process while the tripwire was armed: exceptions nothing
 * caught, promises rejected with no one waiting, answers of 5xx.
 */
export interface Tripwire {
  /** What tripped it, one line each, in order. */
  readonly tripped: readonly string[];
  /** Aborted when it trips: whoever waits for an answer that will not come can stop waiting. */
  readonly signal: AbortSignal;
  /** Forgets what tripped it so far (after a deliberate trip). */
  reset(): void;
  /** Puts the process's own listeners back. */
  disarm(): void;
}

type Listener = (...args: unknown[]) => void;

/**
 * Arms a tripwire on the process itself. The `process` a jest test sees is a copy whose listeners
 * never fire: jest keeps the real one's `uncaughtException` and `unhandledRejection` for itself
 * and charges what they catch to whichever test runs then. The real process is reached through
 * the main context (`vm.runInThisContext`), jest's listeners are set aside while the tripwire is
 * armed, and put back by {@link Tripwire.disarm}.
 */
export function armTripwire(): Tripwire {
  const real = runInThisContext('process') as NodeJS.Process;
  const events = ['uncaughtException', 'unhandledRejection'] as const;
  const saved = new Map(events.map((event) => [event, (real.listeners as (name: string) => Listener[])(event)]));
  const tripped: string[] = [];
  let tripping = new AbortController();
  const trip = (fault: string): void => {
    tripped.push(fault);
    tripping.abort();
  };
  const describe = (error: unknown): string => (error instanceof Error ? (error.stack ?? String(error)) : String(error));
  const onException = (error: unknown): void => trip(`uncaught exception: ${describe(error)}`);
  const onRejection = (reason: unknown): void => trip(`unhandled rejection: ${describe(reason)}`);
  for (const event of events) real.removeAllListeners(event);
  real.on('uncaughtException', onException);
  real.on('unhandledRejection', onRejection);
  return {
    tripped,
    get signal() {
      return tripping.signal;
    },
    reset: () => {
      tripped.splice(0);
      tripping = new AbortController();
    },
    disarm: () => {
      real.off('uncaughtException', onException);
      real.off('unhandledRejection', onRejection);
      for (const [event, listeners] of saved) for (const listener of listeners) real.on(event, listener);
    },
  };
}

/** What a server was seen to do, from its side of the connection. */
export interface ServerWatch {
  /** The responses begun and not yet closed. */
  readonly open: Set<http.ServerResponse>;
  /** Each 5xx answered: its status, method and target. */
  readonly failures: string[];
}

/**
 * The one 5xx that answers a client correctly: a 504 to `only-if-cached` when the shared cache
 * holds nothing for it (RFC 9111 section 5.2.1.7).
 */
export function isRightful5xx(status: number, cacheControl: string | undefined): boolean {
  return status === 504 && cacheControl !== undefined && /only-if-cached/i.test(cacheControl);
}

/**
 * Watches every response `server` makes, before its own listener sees the request: which are
 * still open, and which ended with a 5xx, whoever wrote it (a route, the shared cache, the app).
 */
export function watchServer(server: http.Server): ServerWatch {
  const watch: ServerWatch = { open: new Set(), failures: [] };
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    watch.open.add(res);
    res.once('close', () => {
      watch.open.delete(res);
      if (res.statusCode >= 500 && !isRightful5xx(res.statusCode, req.headers['cache-control'])) watch.failures.push(`${res.statusCode} to ${req.method} ${req.url}`);
    });
  });
  return watch;
}
