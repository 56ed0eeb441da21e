import type { Entry } from './storage';

/** What a request waiting for another's answer is told: the stored response, or `undefined` to go on by itself. */
export type Landing = (entry: Entry | undefined) => void;

/**
 * One request with the handler for a key, which the others missing on that key wait for. It is
 * settled once: with the response its exchange stored (or found stored), which the waiters are
 * answered from, or with nothing, and the waiters go on to the handler by themselves. A flight
 * settled with a response stays until the store has written it.
 */
export class Flight {
  readonly #waiters = new Set<Landing>();
  #settled = false;
  #entry: Entry | undefined;
  #onSettled: ((written: PromiseLike<void> | void) => void) | undefined;

  constructor(
    private readonly flights: Flights,
    readonly key: string,
    readonly variant: string,
  ) {}

  /**
   * Calls `then` once it is settled, with the store's write of its response (to give a shared
   * store's fetch lock back once the others can read what it stored).
   */
  whenSettled(then: (written: PromiseLike<void> | void) => void): void {
    this.#onSettled = then;
  }

  /**
   * Waits for its answer for at most `ms` milliseconds; past that, the request goes on by itself
   * (as nginx's `proxy_cache_lock_timeout`): a handler that hangs holds up one request, not all.
   */
  wait(landing: Landing, ms: number): void {
    if (this.#settled) return landing(this.#entry);
    const timer = setTimeout(() => {
      if (this.#waiters.delete(land)) landing(undefined);
    }, ms);
    const land: Landing = (entry) => {
      clearTimeout(timer);
      landing(entry);
    };
    this.#waiters.add(land);
  }

  /**
   * Settles it, once: the waiters are answered from `entry`, or go on by themselves without one.
   * `written` is the store's write of it, when one is under way.
   */
  settle(entry: Entry | undefined, written?: PromiseLike<void> | void): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#entry = entry;
    // Until an asynchronous store has written it, a request that misses on the key is answered
    // from it too: it would read nothing from the store yet, and go to the handler again.
    const end = (): void => this.flights.end(this);
    if (entry === undefined || written === undefined) end();
    else Promise.resolve(written).then(end, end);
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const landing of waiters) landing(entry);
    this.#onSettled?.(written);
  }
}

/**
 * The flights of one cache, by key and variant: at most one request per key (and per the selecting
 * values of the Vary the stored variants name, when some are stored) with the handler for the
 * others, so that a request for one variant does not wait for another's.
 */
export class Flights {
  readonly #flights = new Map<string, Map<string, Flight>>();

  /** The flight under way for `key` and `variant`, if any. */
  get(key: string, variant: string): Flight | undefined {
    return this.#flights.get(key)?.get(variant);
  }

  /** Starts the flight of `key` and `variant`. */
  start(key: string, variant: string): Flight {
    const flight = new Flight(this, key, variant);
    let byVariant = this.#flights.get(key);
    if (byVariant === undefined) this.#flights.set(key, (byVariant = new Map()));
    byVariant.set(variant, flight);
    return flight;
  }

  /**
   * Takes the flights of keys an unsafe request invalidated out of reach: a request that arrives
   * after the invalidation does not wait for an answer fetched before it (RFC 9111 section 4.4);
   * their waiters, which came before, still get it.
   */
  forget(keys: readonly string[]): void {
    for (const key of keys) this.#flights.delete(key);
  }

  /** @internal called by {@link Flight.settle}. */
  end(flight: Flight): void {
    const byVariant = this.#flights.get(flight.key);
    if (byVariant?.get(flight.variant) !== flight) return;
    byVariant.delete(flight.variant);
    if (byVariant.size === 0) this.#flights.delete(flight.key);
  }
}
