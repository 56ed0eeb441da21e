import type { NextFunction, Request, Response } from 'express';
import type { ResponseEntity } from '../response-entity';
import type { RequestContext } from './request-context';
import type { RequestHead } from './request-head';
import type { StateAccess } from './request-state';

/** A value, or a promise of it: hooks may answer synchronously or not. */
export type Awaitable<T> = T | PromiseLike<T>;

/**
 * What a hook sees before the route's inputs are bound (`onRequest`), or after its response
 * (`onSend`, `onResponse`): the request's method, target and headers, Express's request and
 * response (under `router.wrap(app)` node's, lent the app's prototypes on first read, as a
 * handler's are: read `method`, `target` and `headers` where they are enough) and the request's state.
 */
export interface HookContext<T = {}> extends StateAccess<T>, RequestHead {
  /** The Express request. */
  readonly req: Request;
  /** The Express response. */
  readonly res: Response;
}

/** What a `preHandler` hook (a guard) sees: the handler's context, inputs bound, before the body is read. */
export type GuardContext<T = {}, P = Readonly<Record<string, unknown>>, Q = Readonly<Record<string, unknown>>, H = Readonly<Record<string, unknown>>, M = Readonly<Record<string, unknown>>, C = Readonly<Record<string, unknown>>> = RequestContext<P, Q, H, M, undefined, undefined, T, C>;

/** The head of a response the router is about to write, for `onSend`: add or change headers there. */
export interface OutgoingHead {
  /** The status about to be sent. */
  readonly status: number;
  /** The final header set, lower-case names: what `onSend` sets here is sent. */
  readonly headers: Record<string, string | string[]>;
}

/** What `onResponse` is told once a response is finished, or its connection closed before. */
export interface FinishedResponse {
  /** The status sent. */
  readonly status: number;
  /** The body's length in bytes as sent (`Content-Length`; 0 for HEAD, 204 and 304), `undefined` when it was not declared. */
  readonly bytes: number | undefined;
  /** Milliseconds from the request's arrival at the router to the response's last byte. */
  readonly ms: number;
  /** False when the connection closed before the response was complete. */
  readonly finished: boolean;
}

/**
 * A request's lifecycle hooks. Each may be synchronous or return a promise; `onRequest` and
 * `preHandler` end the request when they answer: by throwing an {@link HttpError} (written as an
 * RFC 9457 problem), by returning a {@link ResponseEntity} (`preHandler`), or by writing the
 * response themselves (Express middleware).
 *
 * @typeParam T - the state the hooks set, which handlers then read typed
 */
export interface HookSet<T = {}> {
  /** On arrival, before the route is selected (a router's), or as soon as it is (a route's). */
  readonly onRequest?: (context: HookContext<T>) => Awaitable<void>;
  /** The route is selected and its inputs bound, before preconditions and before the body is read: authorization. */
  readonly preHandler?: (context: GuardContext<T>) => Awaitable<void | ResponseEntity>;
  /** Before a response the router writes goes out (a representation, a 304, a problem): add headers. Synchronous. */
  readonly onSend?: (context: HookContext<T>, head: OutgoingHead) => void;
  /** After the response is finished (or its connection closed): status, bytes and duration, for access logs. */
  readonly onResponse?: (context: HookContext<T>, finished: FinishedResponse) => void;
  /** A fault (not an {@link HttpError}: an answer, not a fault) that was answered as a 500, or could not be written. */
  readonly onError?: (error: unknown, req: Request) => void;
  /** What these hooks require of a request, for the OpenAPI document: the security scheme they enforce. */
  readonly security?: HookSecurity;
}

/**
 * The security scheme a guard enforces, declared for the OpenAPI document (OpenAPI 3.1 sections
 * 4.8.27 and 4.8.30): the operations of the routes using the hooks list it as required, and
 * `components.securitySchemes` defines it. A declaration only: the hooks do the checking.
 */
export interface HookSecurity {
  /** The scheme's name in `components.securitySchemes`. */
  readonly name: string;
  /** The Security Scheme Object: `{ type: 'http', scheme: 'bearer' }`, say. */
  readonly scheme: SecurityScheme;
  /** The methods whose operations require it, upper case; every method when absent (a guard that lets reads through lists the writes). */
  readonly methods?: readonly string[];
  /** The scopes required, for `oauth2` and `openIdConnect` schemes. */
  readonly scopes?: readonly string[];
}

/** An OpenAPI Security Scheme Object (section 4.8.27): its `type` and the fields that type takes. */
export interface SecurityScheme {
  /** The kind of scheme: an API key, an HTTP authentication scheme, mutual TLS, OAuth 2 or OpenID Connect. */
  readonly type: 'apiKey' | 'http' | 'mutualTLS' | 'oauth2' | 'openIdConnect';
  /** What the scheme is, for a reader of the document (CommonMark). */
  readonly description?: string;
  /** For `http`: the scheme of the Authorization field, `bearer` or `basic`. */
  readonly scheme?: string;
  /** For `http` `bearer`: a hint of the token's format (`JWT`). */
  readonly bearerFormat?: string;
  /** For `apiKey`: the header, query parameter or cookie name. */
  readonly name?: string;
  /** For `apiKey`: where the key goes. */
  readonly in?: 'query' | 'header' | 'cookie';
  /** For `oauth2`: the flows. */
  readonly flows?: Readonly<Record<string, unknown>>;
  /** For `openIdConnect`: the discovery URL. */
  readonly openIdConnectUrl?: string;
}

/** Standard Express middleware, run unchanged as an `onRequest` hook under both mounts. */
export type ExpressMiddleware = (req: Request, res: Response, next: NextFunction) => unknown;

/** What `router.use(...)`, `createRouter({ hooks })` and a route's `.use(...)` take. */
export type HookSource<T = {}> = HookSet<T> | ExpressMiddleware;

/** The state a hook source sets: what {@link hooks} declared, none for a set declared inline or Express middleware. */
export type StateOf<H> = H extends HookSet<infer T> ? ([T] extends [never] ? {} : T) : {};

/** The intersection of the members of a union. */
export type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The state a list of hook sources sets, together. */
export type StateOfList<L extends readonly unknown[]> = number extends L['length'] ? {} : [L[number]] extends [never] ? {} : Intersection<StateOf<L[number]>>;

/**
 * Declares hooks with the state they set, so that the handlers of the routes using them read it
 * typed: `hooks<{ user: User }>({ preHandler(ctx) { ctx.set('user', verify(ctx.req)) } })`.
 */
export function hooks<T extends object = {}>(set: HookSet<T>): HookSet<T> {
  return set;
}
