import type { IncomingMessage } from 'node:http';
import { formatHttpDate } from '../../src/caching/http-date';
import type { HeaderMap } from '../../src/caching/header-map';
import { isThenable } from '../../src/exchange/maybe-promise';
import { isWorthStoring } from '../../src/caching/storability';
import { responseSurrogateKeys } from '../../src/caching/surrogate-keys';
import { effectiveCacheHeaders } from '../../src/caching/targeted-cache-control';
import { selectingHeaders, varyMatches } from '../../src/caching/vary';
import type { ResponseHead } from './capture';
import { KeyFamilies } from './key-families';
import type { CacheStore, MaybePromise, StoredResponse } from './store';
import { type ResponseView, describeResponse, freshen, headerMapOf, storableHeaderLines } from './stored-response';

/** A stored response with what the cache derived from it. */
export interface Entry {
  readonly response: StoredResponse;
  readonly view: ResponseView;
}

/** The settings of a {@link ResponseStorage}. */
export interface StorageOptions {
  readonly store: CacheStore;
  /** The most variants kept per key (Vary); the oldest goes first. */
  readonly maxVariants: number;
  /** Targeted cache-control fields obeyed before Cache-Control, lower-case, in order (RFC 9213). */
  readonly targets: readonly string[];
  /** The response fields a stored response's surrogate keys are read from (`Surrogate-Key`, `Cache-Tag`). */
  readonly keyFields: readonly string[];
}

/**
 * What the cache keeps, and the rules for changing it: the variants stored under each key, the
 * view derived once from each stored response, the spellings of each URI (for invalidation).
 * Writes to an asynchronous store are not waited for: no answer waits on the store.
 */
export class ResponseStorage {
  readonly store: CacheStore;
  readonly #maxVariants: number;
  readonly #targets: readonly string[];
  /** The response fields surrogate keys are read from. */
  readonly keyFields: readonly string[];
  readonly #views = new WeakMap<StoredResponse, ResponseView>();
  readonly #families = new KeyFamilies();
  readonly #effective = (headers: HeaderMap): HeaderMap => effectiveCacheHeaders(headers, this.#targets);

  constructor(options: StorageOptions) {
    this.store = options.store;
    this.#maxVariants = options.maxVariants;
    this.#targets = options.targets;
    this.keyFields = options.keyFields;
  }

  /** The headers that decide caching: with a targeted field in force, if this cache obeys one. */
  effective(headers: HeaderMap): HeaderMap {
    return this.#effective(headers);
  }

  /** A stored response with its view, derived the first time it is asked for. */
  entryOf(response: StoredResponse): Entry {
    let view = this.#views.get(response);
    if (view === undefined) {
      view = describeResponse(response, this.#effective);
      this.#views.set(response, view);
    }
    return { response, view };
  }

  /**
   * Removes the stored responses of each URI, under every spelling of it this cache stored; answers
   * the keys removed, and the removal from an asynchronous store (which nothing need wait for).
   */
  invalidate(uris: readonly string[]): { removed: string[]; done: MaybePromise<void> } {
    const removed: string[] = [];
    const pending: PromiseLike<void>[] = [];
    const remove = (key: string): void => {
      removed.push(key);
      const work = this.store.delete(key);
      settle(work);
      if (isThenable(work)) pending.push(work);
    };
    for (const uri of uris) {
      remove(uri);
      for (const key of this.#families.take(uri)) if (key !== uri) remove(key);
    }
    return { removed, done: pending.length === 0 ? undefined : Promise.all(pending).then(() => undefined) };
  }

  /**
   * Removes every stored response tagged with one of `surrogateKeys`, whatever its URI; answers the
   * keys removed. Nothing, with a store that cannot be purged by surrogate key.
   */
  purge(surrogateKeys: readonly string[]): MaybePromise<readonly string[]> {
    if (surrogateKeys.length === 0 || this.store.purgeKeys === undefined) return [];
    const removed = this.store.purgeKeys(surrogateKeys);
    if (isThenable(removed)) return Promise.resolve(removed).catch(() => []);
    return removed;
  }

  /** A response with the surrogate keys its header lines carry, by which a purge finds it. */
  #tagged(response: StoredResponse): StoredResponse {
    const { surrogateKeys: _old, ...rest } = response;
    const keys = responseSurrogateKeys(headerMapOf(response.rawHeaders), this.keyFields);
    return keys.length === 0 ? rest : { ...rest, surrogateKeys: keys };
  }

  /**
   * Stores a response the handler answered, with a Date, and the request's selecting headers for
   * its Vary (RFC 9111 section 4.1), as the first variant of `key`; with the credential fields its
   * route declared it independent of (`independentOf`), whose requests it may then answer.
   */
  storeNew(
    key: string,
    head: ResponseHead,
    body: Uint8Array,
    req: IncomingMessage,
    requestTime: number,
    responseTime: number,
    independentOf: readonly string[] = [],
  ): { entry: Entry; written: MaybePromise<void> } {
    const response: StoredResponse = this.#tagged({
      status: head.status,
      statusMessage: head.statusMessage,
      rawHeaders: withDate(storableHeaderLines(head.rawHeaders), responseTime),
      body,
      requestTime,
      responseTime,
      selecting: {},
      ...(req.headers.authorization !== undefined && { authorized: true }),
      ...(independentOf.length > 0 && { independentOf }),
    });
    const { view } = this.entryOf(response);
    const stored = { ...response, selecting: selectingHeaders(view.vary as readonly string[], req.headers) };
    this.#views.set(stored, view);
    return { entry: { response: stored, view }, written: this.keep(key, stored, req.headers) };
  }

  /**
   * Stores a new response as the first variant of `key`, replacing the variants it supersedes (those
   * the request selects); without one, removes them. The other variants are read again now, not
   * taken from the lookup: an unsafe request may have invalidated them (or a newer response replaced
   * them) while this one was with the handler. Answers the write, which nothing need wait for.
   */
  keep(key: string, response: StoredResponse | undefined, requestHeaders: HeaderMap): MaybePromise<void> {
    const merge = (previous: readonly StoredResponse[] | undefined): MaybePromise<void> => {
      const variants = response === undefined ? [] : [response];
      for (const old of previous ?? []) {
        const { view } = this.entryOf(old);
        if (variants.length < this.#maxVariants && !varyMatches(view.vary, old.selecting, requestHeaders)) variants.push(old);
      }
      if (variants.length === 0) return previous === undefined ? undefined : this.store.delete(key);
      return this.store.set(key, variants);
    };
    if (response !== undefined) this.#families.add(key);
    const current = this.store.get(key);
    const written = isThenable(current) ? current.then(merge) : merge(current);
    settle(written);
    return written;
  }

  /**
   * Freshens a stored response with the fields of a 304 (or a HEAD response) and keeps it, if it may
   * still be stored: those fields may now say `no-store` or `private`, or take away what let a
   * response to a request with Authorization be stored (RFC 9111 sections 3, 3.5, 4.3.4 and 4.3.5).
   * Otherwise the variant is removed. Answers the freshened response, and the store's write of it.
   */
  keepFreshened(key: string, stored: Entry, update: readonly string[], req: IncomingMessage, requestTime: number, responseTime: number): { entry: Entry; written: MaybePromise<void> } {
    const refreshed = this.entryOf(this.#tagged(freshen(stored.response, update, requestTime, responseTime)));
    const authorization = req.headers.authorization ?? (refreshed.response.authorized === true ? '' : undefined);
    const storable = isWorthStoring({
      method: req.method ?? 'GET',
      status: refreshed.response.status,
      requestHeaders: { 'cache-control': req.headers['cache-control'], authorization },
      responseHeaders: refreshed.view.headers,
      requestUri: key,
      responseTime,
      independentOf: refreshed.response.independentOf,
    });
    return { entry: refreshed, written: this.keep(key, storable ? refreshed.response : undefined, req.headers) };
  }
}

/** Lets a store's write run on its own: its failure is the store's to report, not the request's. */
function settle(work: void | PromiseLike<void>): void {
  if (isThenable(work)) work.then(undefined, () => undefined);
}

/**
 * The header lines to store, with a Date: Node adds one to a response only as it writes it, out of
 * the cache's sight, and a recipient that stores a response without Date must add the time it
 * received it (RFC 9110 section 6.6.1). Replayed without it, a hit would get the Date of its
 * replay from Node, and a downstream cache would count the Age twice.
 */
function withDate(lines: string[], responseTime: number): string[] {
  for (let i = 0; i < lines.length; i += 2) if (lines[i]!.toLowerCase() === 'date') return lines;
  return [...lines, 'Date', formatHttpDate(responseTime)];
}
