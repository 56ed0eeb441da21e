import type { IncomingMessage } from 'node:http';
import { HttpError } from '../errors/http-error';
import { ProblemType } from '../errors/problem-types';
import { type EventStreamLimits, type StreamLimits, type StreamRefusal, settleStreamLimits, streamRefusal } from '../streams/stream-limits';

/** Why the router ends a stream its source has not ended. */
export type StreamEnding = 'lifetime' | 'closing';

/** An event stream the router let open: released when its response is over, whatever ended it. */
export interface OpenStream {
  release(): void;
}

/** What each refusal tells the client. */
const REFUSED: Readonly<Record<StreamRefusal, string>> = {
  closing: 'The server is closing its event streams',
  total: 'The server has as many event streams open as it keeps',
  route: 'This resource has as many event streams open as it keeps',
  client: 'Your address has as many event streams open as it may',
};

/** One stream as the registry holds it: where it counts, and how to end it. */
interface Held {
  readonly route: object;
  readonly client: string | undefined;
  readonly end: (ending: StreamEnding) => void;
  timer: NodeJS.Timeout | undefined;
}

/**
 * The event streams open on one router (the one served, with every router mounted in it): what
 * they count against its {@link EventStreamLimits}, their lifetimes, and the way to end them all
 * (`router.closeEventStreams()`, on shutdown).
 */
export class OpenStreams {
  readonly limits: StreamLimits;
  readonly #open = new Set<Held>();
  readonly #perRoute = new Map<object, number>();
  readonly #perClient = new Map<string, number>();
  #closing = false;
  #closed: (() => void)[] = [];

  constructor(options?: EventStreamLimits) {
    this.limits = settleStreamLimits(options);
  }

  /** How many streams are open. */
  get size(): number {
    return this.#open.size;
  }

  /**
   * Counts one more stream of `route` for `req`, ending it (`end`) when its lifetime (`lifetime`,
   * or the limits') passes or the router closes its streams; throws a 503 problem with
   * `Retry-After` when a cap is reached or the router is closing.
   */
  admit(route: object, req: IncomingMessage, end: (ending: StreamEnding) => void, lifetime = this.limits.maxLifetime): OpenStream {
    const client = this.limits.clientOf(req);
    const counts = { total: this.#open.size, route: this.#perRoute.get(route) ?? 0, client: client === undefined ? undefined : (this.#perClient.get(client) ?? 0) };
    const refused = streamRefusal(counts, this.limits, this.#closing);
    if (refused !== undefined) {
      // RFC 9110 section 15.6.4: unavailable for now; section 10.2.3: when to come back. The
      // connection closes with the answer (RFC 9112 section 9.6): a refused client would otherwise
      // keep it open as idle keep-alive, holding a socket the cap is there to spare.
      const headers = { 'Retry-After': String(this.limits.retryAfter), Connection: 'close' };
      throw new HttpError(503, REFUSED[refused], { type: ProblemType.tooManyStreams, headers, extensions: { limit: refused } });
    }
    const held: Held = { route, client, end, timer: undefined };
    this.#open.add(held);
    this.#perRoute.set(route, counts.route + 1);
    if (client !== undefined) this.#perClient.set(client, counts.client! + 1);
    if (lifetime !== Infinity) {
      held.timer = setTimeout(() => end('lifetime'), lifetime);
      held.timer.unref();
    }
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#release(held);
      },
    };
  }

  /**
   * Ends every open stream (each is sent a last comment and a `retry:`, then its response ends),
   * refusing new ones from now on with a 503; resolves once every stream's response is over.
   */
  close(): Promise<void> {
    this.#closing = true;
    for (const held of [...this.#open]) held.end('closing');
    if (this.#open.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#closed.push(resolve));
  }

  /** The block that ends a stream the router ends: a comment saying why and a `retry:` (WHATWG HTML section 9.2.6). */
  farewell(ending: StreamEnding, random: () => number = Math.random): string {
    const delay = this.limits.reconnectDelay;
    const retry = delay + Math.floor(random() * delay);
    return `: ${ending === 'lifetime' ? 'this stream reached its lifetime' : 'the server is closing'}; reconnect with Last-Event-ID\nretry: ${retry}\n\n`;
  }

  #release(held: Held): void {
    clearTimeout(held.timer);
    this.#open.delete(held);
    decrement(this.#perRoute, held.route);
    if (held.client !== undefined) decrement(this.#perClient, held.client);
    if (this.#open.size === 0 && this.#closed.length > 0) for (const resolve of this.#closed.splice(0)) resolve();
  }
}

/** Counts one less for `key`, forgetting it at 0: a map of every address ever seen would only grow. */
function decrement<K>(counts: Map<K, number>, key: K): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left === 0) counts.delete(key);
  else counts.set(key, left);
}
