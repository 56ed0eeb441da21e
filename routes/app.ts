import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { type EventStreamLimits, type IdempotencyStore, MemoryIdempotencyStore, type OpenApiDocument, type RouteInfo, createRouter } from '../src';
import { apiDocsRoutes } from './api-docs';
import { type CacheStore, type Purger, type SharedCache, cache, purger } from '../src/entries/cache';
import { avatarRoutes } from './avatar';
import { bookcaseRoutes } from './bookcase';
import { serverError } from './http/fallback';
import { type Accounts, serviceAccounts } from './auth/accounts';
import { writeAccess } from './auth/write-access';
import { accessLog } from './http/access-log';
import { DEFAULT_LIMITS } from './http/graceful-server';
import { createLogger } from './http/request-logger';
import { requestId } from './http/request-id';
import { createMemoryStore } from './store/memory-store';
import type { ServiceStore } from './store/store';
import { userRoutes } from './user';
import { userFeedRoutes } from './user-feed';
import { userListRoutes } from './user-list';
import { usersRoutes } from './users';
import { userEventRoutes } from './user-events';
import { type ChangeSignal, UserEventFeed } from './user-event-feed';

/** Options of {@link createApp}. */
export interface AppOptions {
  /** Where the data lives; a freshly seeded in-memory store by default. */
  readonly store?: ServiceStore;
  /** Whether the shared cache sits in front of the service; true by default. */
  readonly cache?: boolean;
  /** Where the shared cache keeps responses (a TieredStore on Redis, say); in this process by default. */
  readonly cacheStore?: CacheStore;
  /** The logger; {@link createLogger}'s by default (silent under NODE_ENV=test). */
  readonly logger?: Logger;
  /**
   * The service's origin (`https://api.example.com`) behind a proxy: feed links and cache keys use
   * it instead of each request's Host. By default they use the Host, checked.
   */
  readonly origin?: string;
  /**
   * Who may write: bearer tokens and their accounts. By default {@link serviceAccounts} of the
   * environment (`ADMIN_TOKEN`, `USER_TOKEN`; the published development tokens when unset).
   */
  readonly accounts?: Accounts;
  /** How long a route may take, its body and store calls included, before it answers 503; {@link ROUTE_TIME_LIMIT} ms by default. */
  readonly routeTimeout?: number;
  /**
   * The caches in front of the service (Varnish: `http://127.0.0.1:6081`), purged after every
   * successful write of the URIs and the surrogate keys it changed; none by default.
   */
  readonly purgeUrls?: readonly string[];
  /** How often GET /users/events sends a keep-alive comment while idle, in milliseconds; 15 000 by default. */
  readonly eventKeepAlive?: number;
  /**
   * How often GET /users/events reads the store for changes no signal told of while streams are
   * open, in milliseconds: {@link CHANGE_POLL_MS} by default.
   */
  readonly eventPoll?: number;
  /** A signal the instances share (Redis pub/sub), that tells each one at once of another's writes; none by default. */
  readonly changeSignal?: ChangeSignal;
  /** Where POST /users keeps its Idempotency-Keys: shared by every instance (Redis) when they run side by side; in this process by default. */
  readonly idempotencyStore?: IdempotencyStore;
  /**
   * The bounds of GET /users/events (the router's `eventStreams`): by default the library's (20
   * per client address, 15 minutes each), with at most {@link eventStreamCap} of the server's
   * default connection limit open at once.
   */
  readonly eventStreams?: EventStreamLimits;
}

/**
 * How many event streams the service keeps open on a server of `maxConnections`: half. A stream
 * holds its connection while it lasts, and a connection delivering a response is never closed to
 * make room (`routes/http/connection-tracker.ts`): the other half stays for ordinary requests,
 * whatever the streams' clients do.
 */
export function eventStreamCap(maxConnections: number): number {
  return Math.max(1, Math.floor(maxConnections / 2));
}

/**
 * The time limit of every route, in milliseconds: a store that hangs answers 503 (a problem
 * document of type `urn:represent:problem:timeout`) instead of never. Each store call of the
 * in-memory store takes microseconds; the limit is for a store elsewhere.
 */
export const ROUTE_TIME_LIMIT = 10_000;

/** The illustrative service, ready to listen. */
export interface App {
  readonly app: Express;
  /** The route table, for printing at start-up. */
  readonly routeTable: string;
  /** The store. */
  readonly store: ServiceStore;
  /** The users' changes as this instance follows them (GET /users/events), once it has read them. */
  readonly events: () => Promise<UserEventFeed>;
  readonly logger: Logger;
  /** The shared cache in front of the service, when it is on. */
  readonly cache: SharedCache | undefined;
  /** The purger of the caches in front, when `purgeUrls` names some: close it on shutdown. */
  readonly purger: Purger | undefined;
  /** The route table, in declaration order. */
  readonly routes: readonly RouteInfo[];
  /** The service's OpenAPI 3.1 document, as GET /openapi.json serves it. */
  readonly openapi: OpenApiDocument;
  /**
   * Ends the event streams open (each told to reconnect), refuses new ones and stops following the
   * users' changes: the first step of a shutdown.
   */
  closeEventStreams(): Promise<void>;
}

/** The `info` of the service's OpenAPI document. */
export const SERVICE_INFO = {
  title: 'represent illustrative service',
  version: '0.1.0',
  description: 'The bookcase and the users, built with the represent router; every route described from the route table alone.',
} as const;

/**
 * Builds the illustrative service as an Express app: the router, whose hooks give every answer a
 * request id and one access log line, then run the shared cache (RFC 9111; `X-Cache` says how it
 * answered), then refuse writes without an admin's bearer token, then the routes. The router
 * answers every request (`fallthrough: false`): a path no route matches gets its 404 problem
 * inside the router's lifecycle, with a request id and an access log line like any other answer.
 */
export function createApp(options: AppOptions = {}): App {
  const store = options.store ?? createMemoryStore();
  const logger = options.logger ?? createLogger();
  const purging = options.purgeUrls === undefined || options.purgeUrls.length === 0
    ? undefined
    : purger({ targets: options.purgeUrls, origin: options.origin, log: (message) => logger.warn(message) });
  const sharedCache = options.cache === false ? undefined : cache({ statusHeader: 'X-Cache', origin: options.origin, store: options.cacheStore });
  const api = createRouter({
    origin: options.origin,
    // 503, not 504: the service is no gateway; it cannot answer for now (RFC 9110 section 15.6.4).
    timeout: { ms: options.routeTimeout ?? ROUTE_TIME_LIMIT },
    fallthrough: false,
    eventStreams: { maxStreams: eventStreamCap(DEFAULT_LIMITS.maxConnections), ...options.eventStreams },
    onError: (error, req) => logger.error({ err: error, method: req.method, path: req.originalUrl }, 'handler failed'),
    // The shared cache runs as the last arrival hook, after the request id and the access log: a
    // stored response it answers with ends the request inside the router's lifecycle, so the
    // access log's onResponse sees hits as it sees everything the routes answer.
    // Writes are refused after the cache's lookup (which never answers them) and before any body is read.
    // The purger tells the caches in front after a write (PURGE_URLS).
    hooks: [
      requestId,
      accessLog(logger, sharedCache),
      ...(sharedCache === undefined ? [] : [sharedCache]),
      writeAccess(options.accounts ?? serviceAccounts()),
      ...(purging === undefined ? [] : [purging]),
    ],
  });
  bookcaseRoutes(api, store.bookcase);
  userListRoutes(api, store);
  usersRoutes(api, store, options.idempotencyStore ?? new MemoryIdempotencyStore());
  const events = followChanges(store, logger, options);
  userEventRoutes(api, events, options.eventKeepAlive === undefined ? {} : { keepAlive: options.eventKeepAlive });
  userFeedRoutes(api, store);
  userRoutes(api, store);
  avatarRoutes(api, store);
  apiDocsRoutes(api, () => openapi);
  // Every route is declared: the document describes them all, its own routes included.
  const openapi = api.openapi({ info: SERVICE_INFO });

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(api.middleware());
  app.use(serverError(logger));
  return {
    app,
    routeTable: api.printRoutes(),
    store,
    events,
    logger,
    cache: sharedCache,
    purger: purging,
    routes: api.routes(),
    openapi,
    closeEventStreams: async () => {
      await api.closeEventStreams();
      (await events().catch(() => undefined))?.close();
    },
  };
}

/**
 * The users' changes in `store`, followed from the first time they are asked for; a start that
 * fails (the database unreachable) is tried again at the next request.
 */
function followChanges(store: ServiceStore, logger: Logger, options: AppOptions): () => Promise<UserEventFeed> {
  let following: Promise<UserEventFeed> | undefined;
  const follow = () =>
    UserEventFeed.follow(store.changes, {
      pollInterval: options.eventPoll,
      signal: options.changeSignal,
      onError: (error) => logger.error({ err: error }, "reading the users' changes failed"),
    });
  return () => {
    following ??= follow().catch((error: unknown) => {
      following = undefined;
      throw error;
    });
    return following;
  };
}
