import http, { type ServerResponse } from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { HookContext, OutgoingHead } from '../../src/dsl/hooks';
import { type PurgeTargets, purgeTargets } from '../../src/caching/purge-targets';
import { configuredOrigin } from '../../src/http/origin';
import { isSafeMethod } from '../../src/http/safe-method';

/** Options of {@link purger}. */
export interface PurgerOptions {
  /**
   * The caches in front of the service, each as the URL its purges are sent to
   * (`http://127.0.0.1:6081`: its scheme, host and port; a path is ignored). A TypeError when one
   * is not an http or https URL.
   */
  readonly targets: readonly string[];
  /** The method of every purge request: `PURGE` by default (Varnish, Squid, Fastly's URL purge); `BAN` for a VCL that bans. */
  readonly method?: string;
  /**
   * The request field a key purge names its keys in, space-separated: `Surrogate-Key` by default
   * (what deploy/varnish/represent.vcl reads); `xkey-purge` for Varnish's xkey vmod.
   */
  readonly keyHeader?: string;
  /** The response fields a write's keys are read from: `Surrogate-Key` and `Cache-Tag` by default. */
  readonly keyFields?: readonly string[];
  /** How long one purge request may take, in milliseconds: 2000 by default. */
  readonly timeout?: number;
  /** How many times a purge that got no answer, or a 5xx, is tried again: 2 by default. */
  readonly retries?: number;
  /** The wait before the first retry, in milliseconds, doubled before each next one: 100 by default. */
  readonly retryDelay?: number;
  /** The most purge requests under way (in flight or waiting to be retried): past it, new ones are dropped and logged. 1000 by default. */
  readonly maxPending?: number;
  /**
   * The service's origin as clients reach the caches (`https://api.example.com`): purged URIs are
   * taken under it, whatever Host the write came with (a write sent to an instance directly, not
   * through the cache). By default, the write's scheme and Host. Give `cache({ origin })` and
   * `createRouter({ origin })` the same.
   */
  readonly origin?: string;
  /** Where a purge that failed for good, or was dropped, is said: `console.warn` by default. */
  readonly log?: (message: string) => void;
}

/** How one purge request to one cache ended. */
export interface PurgeOutcome {
  /** The cache it was sent to. */
  readonly target: string;
  /** The URI purged, or `undefined` for a key purge. */
  readonly uri: string | undefined;
  /** The keys purged (a key purge), or none. */
  readonly keys: readonly string[];
  /** The cache's status, or `undefined` when it never answered. */
  readonly status: number | undefined;
  /** Whether the cache took it: a 2xx, 3xx or 404 (nothing was stored). */
  readonly ok: boolean;
  /** How many requests it took. */
  readonly attempts: number;
}

/**
 * A set of router hooks (`createRouter({ hooks: [purger] })`, or `api.use(purger)`) that makes the
 * caches in front of the service drop what a successful write changed (`purgeTargets`), since
 * they do not do it themselves; and `purge()` for changes made outside a request.
 */
export interface Purger {
  /** Holds a successful write's answer while its purges are sent (see {@link purger}). */
  readonly onSend: (context: HookContext, head: OutgoingHead) => void;
  /**
   * Sends the purges of `targets` (absolute URIs, and keys) to every cache now; resolves, never
   * rejects, with each request's outcome once each succeeded or failed for good.
   */
  purge(targets: PurgeTargets): Promise<PurgeOutcome[]>;
  /** Resolves once no purge is under way (retries included): before a shutdown, or in tests. */
  idle(): Promise<void>;
  /** Closes the kept-alive connections to the caches, once {@link idle}. */
  close(): Promise<void>;
}

/** One purge request: its target, the request line and fields, what it purges. */
interface PurgeRequest {
  readonly target: URL;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly uri: string | undefined;
  readonly keys: readonly string[];
}

const HELD = Symbol('held by the purger');

/**
 * The purger of the caches in front of the service: after a 2xx or 3xx answer to an unsafe method,
 * one `PURGE` request per URI (`purgeTargets`: the target URI, Location and Content-Location,
 * RFC 9111 section 4.4) to each cache, with the URI's path and query as its target and its
 * authority as its Host, and one with the keys the answer carries (`Surrogate-Key: user:7 users`,
 * target `/`, the write's Host).
 *
 * The answer is held (its head and body written only then) until every cache answered the first
 * try of each purge, or `timeout` passed: a client that reads after its write through the same
 * caches never gets the representation from before it. A purge is tried again when it got no
 * answer or a 5xx, `retries` times, in the background; one that fails for good is logged, and the
 * write's answer is never failed by it. Under `router.wrap(app)` the hook lends the app's
 * prototypes to the requests it holds.
 */
export function purger(options: PurgerOptions): Purger {
  const targets = options.targets.map((text) => {
    const url = URL.canParse(text) ? new URL(text) : undefined;
    if (url === undefined || url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`A purge target is an http or https URL, got '${text}'`);
    return url;
  });
  const method = options.method ?? 'PURGE';
  const keyHeader = options.keyHeader ?? 'Surrogate-Key';
  const keyFields = options.keyFields ?? ['Surrogate-Key', 'Cache-Tag'];
  const timeout = options.timeout ?? 2000;
  const retries = options.retries ?? 2;
  const retryDelay = options.retryDelay ?? 100;
  const maxPending = options.maxPending ?? 1000;
  const origin = options.origin === undefined ? undefined : configuredOrigin(options.origin);
  const log = options.log ?? ((message: string) => console.warn(message));
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const underWay = new Set<Promise<unknown>>();

  /** One try: the cache's status, or the reason it gave none. */
  function attempt(purge: PurgeRequest): Promise<number | Error> {
    const { target } = purge;
    const secure = target.protocol === 'https:';
    return new Promise((resolve) => {
      const request = (secure ? https : http).request({
        host: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port === '' ? undefined : Number(target.port),
        method,
        path: purge.path,
        headers: purge.headers,
        agent: secure ? agents.https : agents.http,
        timeout,
      });
      request.once('timeout', () => request.destroy(new Error(`no answer within ${timeout} ms`)));
      request.once('error', (error) => resolve(error));
      request.once('response', (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
        response.once('error', (error) => resolve(error));
      });
      request.end();
    });
  }

  /** Sends one purge, tried again after no answer or a 5xx; `first` settles with the first try. */
  function send(purge: PurgeRequest): { first: Promise<unknown>; done: Promise<PurgeOutcome> } {
    let firstSettled!: () => void;
    const first = new Promise<void>((resolve) => (firstSettled = resolve));
    const done = (async (): Promise<PurgeOutcome> => {
      let answer: number | Error = new Error('not sent');
      let attempts = 0;
      while (attempts <= retries) {
        if (attempts > 0) await new Promise((resolve) => setTimeout(resolve, retryDelay * 2 ** (attempts - 1)));
        answer = await attempt(purge);
        attempts++;
        if (attempts === 1) firstSettled();
        if (typeof answer === 'number' && answer < 500) break;
      }
      const ok = typeof answer === 'number' && (answer < 400 || answer === 404);
      const what = purge.uri ?? `keys ${purge.keys.join(' ')}`;
      if (!ok) log(`represent purger: ${method} ${what} at ${purge.target.origin} failed after ${attempts} attempt(s): ${typeof answer === 'number' ? `status ${answer}` : answer.message}`);
      return { target: purge.target.origin, uri: purge.uri, keys: purge.keys, status: typeof answer === 'number' ? answer : undefined, ok, attempts };
    })();
    underWay.add(done);
    void done.finally(() => underWay.delete(done));
    return { first, done };
  }

  /** The purge requests of `found`, to every cache. */
  function requestsOf(found: PurgeTargets): PurgeRequest[] {
    const requests: PurgeRequest[] = [];
    const keyHost = found.uris.length === 0 ? undefined : new URL(found.uris[0]!).host;
    for (const target of targets) {
      for (const uri of found.uris) {
        const url = new URL(uri);
        requests.push({ target, path: `${url.pathname}${url.search}`, headers: { host: url.host }, uri, keys: [] });
      }
      if (found.keys.length > 0) {
        requests.push({ target, path: '/', headers: { host: keyHost ?? target.host, [keyHeader]: found.keys.join(' ') }, uri: undefined, keys: found.keys });
      }
    }
    return requests;
  }

  /** Starts the purges of `found`, but those past `maxPending`, which are logged. */
  function start(found: PurgeTargets): { first: Promise<unknown>; done: Promise<PurgeOutcome[]> } {
    const requests = requestsOf(found);
    const room = Math.max(0, maxPending - underWay.size);
    if (requests.length > room) log(`represent purger: ${requests.length - room} purge(s) dropped, ${underWay.size} under way already`);
    const sent = requests.slice(0, room).map(send);
    return { first: Promise.all(sent.map((s) => s.first)), done: Promise.all(sent.map((s) => s.done)) };
  }

  function onSend(context: HookContext, head: OutgoingHead): void {
    // Safe methods change nothing (RFC 9110 section 9.2.1): they pay one comparison.
    if (isSafeMethod(context.method) || head.status < 200 || head.status > 399) return;
    const res = context.res as ServerResponse;
    const scheme = (res.socket as TLSSocket | null)?.encrypted === true ? 'https' : 'http';
    const requestOrigin = origin ?? `${scheme}://${context.headers.host ?? 'localhost'}`;
    const found = purgeTargets({ method: context.method, status: head.status, requestUri: `${requestOrigin}${context.target}`, responseHeaders: head.headers, keyFields });
    if (found.uris.length === 0) return;
    hold(res, start(found).first);
  }

  return {
    onSend,
    purge: (found) => start(found).done,
    async idle() {
      while (underWay.size > 0) await Promise.all([...underWay]);
    },
    async close() {
      await this.idle();
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

type Held = ServerResponse & { [HELD]?: true };
const WRITERS = ['writeHead', 'flushHeaders', 'write', 'end'] as const;

/**
 * Holds what is written on `res` (its head, its body) until `until` settles, then writes it in the
 * order it was given: the answer to a write reaches the client only after its purges.
 */
function hold(res: ServerResponse, until: Promise<unknown>): void {
  const held = res as Held;
  if (held[HELD] === true) return;
  held[HELD] = true;
  const calls: [(typeof WRITERS)[number], unknown[]][] = [];
  const own = WRITERS.map((name) => [name, Object.hasOwn(res, name) ? res[name] : undefined] as const);
  for (const name of WRITERS) {
    (res as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls.push([name, args]);
      return name === 'write' ? true : res;
    };
  }
  void until.then(() => {
    for (const [name, method] of own) {
      if (method === undefined) delete (res as unknown as Record<string, unknown>)[name];
      else (res as unknown as Record<string, unknown>)[name] = method;
    }
    delete held[HELD];
    for (const [name, args] of calls) (res[name] as (...a: unknown[]) => unknown).apply(res, args);
  });
}
