import { channel, tracingChannel } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How the router is mounted: `router.middleware()` in an Express app, or `router.wrap(listener)`
 * in front of one.
 */
export type RouterMount = 'middleware' | 'wrap';

/** The route a request was given to, as declared. */
export interface SelectedRoute {
  /**
   * The route's full path template, the router's prefix included, its placeholders named without
   * their patterns (`/users/{id}` for `/users/{id:\d+}`, `/files/{*rest}`): the same for every
   * request it answers, never the path sent. An Express mount path in front of
   * `router.middleware()` (`app.use('/api', ...)`) is not part of it.
   */
  readonly template: string;
  /** The methods the route answers, as declared; empty when it answers any. */
  readonly methods: readonly string[];
}

/**
 * What the `represent:request` channels publish: one object per request the router answers, the
 * same object from its start to its end, filled in as the request goes (`route` once one is
 * selected, `error` when the router answers with a problem, `status` at the end).
 */
export interface RequestMessage {
  /** The request, node's (Express's under `router.middleware()`). */
  readonly request: IncomingMessage;
  /** Its response: the key a subscriber keeps its state under, which every channel's message carries. */
  readonly response: ServerResponse;
  /** How the router answering it is mounted. */
  readonly mount: RouterMount;
  /** The route selected, once it is; never set for an answer the router makes without one (404, 405, 406, 400 bad Host). */
  route?: SelectedRoute;
  /**
   * The error the router answered with a problem document (an `HttpError`, or a fault answered
   * 500), at `error`: published once the problem is written, when `response.statusCode` is its
   * status (or, when part of a response had gone out, once the connection is being cut).
   */
  error?: unknown;
  /** The status the response was sent with, at `asyncEnd`. */
  status?: number;
  /** Whether the connection closed before the response was complete, at `asyncEnd`. */
  aborted?: boolean;
}

/** What `represent:handler` and `represent:body` publish: the request's message, the route and the handler's `ctx`. */
export interface RouteStepMessage {
  /** The request, as in its {@link RequestMessage}. */
  readonly request: IncomingMessage;
  /** Its response, as in its {@link RequestMessage}. */
  readonly response: ServerResponse;
  /** The route whose step this is. */
  readonly route: SelectedRoute;
  /** The handler's context (`ctx`), as it is passed to the handler. */
  readonly context: object;
  /** What the step returned or resolved to, at `end` or `asyncEnd`. */
  result?: unknown;
  /** True at `end` when the step answered with a promise: `asyncStart` and `asyncEnd` follow when it settles. */
  pending?: boolean;
  /** What the step threw or rejected with, at `error`. */
  error?: unknown;
}

/** The shared cache's outcome, in the words of its status header. */
export type CacheOutcome = 'HIT' | 'MISS' | 'REVALIDATED' | 'STALE';

/** What `represent:cache` publishes: how the shared cache answered one request. */
export interface CacheMessage {
  /** The request the cache answered, or sent on to the handler. */
  readonly request: IncomingMessage;
  /** Its response, as in its {@link RequestMessage} when the router answers it too. */
  readonly response: ServerResponse;
  /** HIT: a fresh stored response; STALE: a stale one; REVALIDATED: a stored one the origin confirmed; MISS: the handler's answer. */
  readonly outcome: CacheOutcome;
  /** This cache's member of the `Cache-Status` field it sent (RFC 9211), when it sends one. */
  readonly cacheStatus: string | undefined;
}

/**
 * The request's life as the router answers it (a TracingChannel, `tracing:represent:request:*`):
 * `start` when the router takes the request (a route's path matches it, its Host is invalid, or
 * `fallthrough: false`), `end` when the dispatch's synchronous part returns, `error` when it
 * answers with a problem, `asyncStart`/`asyncEnd` when the response is finished or the connection closed.
 * A request that goes on to the app (no route matches) publishes nothing.
 */
export const requestChannel = tracingChannel<object, RequestMessage>('represent:request');

/** The route selected for a request (`represent:route`), with its template; the request's {@link RequestMessage}. */
export const routeChannel = channel('represent:route');

/** The route's handler (a TracingChannel, `tracing:represent:handler:*`), around its call and, when it answers with a promise, its settling. */
export const handlerChannel = tracingChannel<object, RouteStepMessage>('represent:handler');

/** Reading and converting the request body (a TracingChannel, `tracing:represent:body:*`), for a route that declares one. */
export const bodyChannel = tracingChannel<object, RouteStepMessage>('represent:body');

/** The shared cache's outcome for a request (`represent:cache`), published where it decides it. */
export const cacheChannel = channel('represent:cache');

/** The request's message, kept on its response while someone listens, for the steps that publish after its start. */
const kMessage = Symbol('represent.diagnostics.request');

type Marked = ServerResponse & { [kMessage]?: RequestMessage };

/**
 * Publishes the start of a request the router answers, when the request channels have subscribers,
 * and its end when the response closes; `undefined` (and nothing done) otherwise.
 */
export function startRequest(request: IncomingMessage, response: ServerResponse, mount: RouterMount): RequestMessage | undefined {
  if (!requestChannel.hasSubscribers) return undefined;
  const message: RequestMessage = { request, response, mount };
  (response as Marked)[kMessage] = message;
  response.once('close', () => {
    message.status = response.statusCode;
    message.aborted = !response.writableFinished;
    requestChannel.asyncStart.publish(message);
    requestChannel.asyncEnd.publish(message);
  });
  requestChannel.start.publish(message);
  return message;
}

/** Publishes the end of the dispatch's synchronous part, for a request {@link startRequest} published. */
export function endDispatch(message: RequestMessage | undefined): void {
  if (message !== undefined) requestChannel.end.publish(message);
}

/** The message of the request `response` answers, when its start was published. */
export function requestMessageOf(response: ServerResponse): RequestMessage | undefined {
  return (response as Marked)[kMessage];
}

/** Publishes the route selected for the request `response` answers, when its start was published. */
export function publishRoute(response: ServerResponse, route: SelectedRoute): void {
  const message = (response as Marked)[kMessage];
  if (message === undefined) return;
  message.route = route;
  if (routeChannel.hasSubscribers) routeChannel.publish(message);
}

/** Publishes the error the router answers the request with, when its start was published. */
export function publishRequestError(response: ServerResponse, error: unknown): void {
  const message = (response as Marked)[kMessage];
  if (message === undefined) return;
  message.error = error;
  requestChannel.error.publish(message);
}
