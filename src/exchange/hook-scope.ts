import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { ResponseHeaderMap } from '../caching/header-map';
import type { HookContext } from '../dsl/hooks';
import { type HookPoints, runHooks } from './hook-points';
import { isThenable } from './maybe-promise';
import { markNoSniff } from './no-sniff';
import { type ExpressPrototypes, lendExpress, requestTarget } from './request-exchange';

/** What `req.next(error?)` does once the request was lent Express's prototypes. */
export type PassOn = (error: unknown, req: IncomingMessage, res: ServerResponse) => void;

/**
 * Hands a request and its response to code that may write the response itself (a handler or hook
 * reading `ctx.req` or `ctx.res`, Express middleware run as a hook): the response is marked
 * `nosniff`, as everything the router writes is ({@link send}), and under `router.wrap(app)`
 * (`express` given) both are lent the app's prototypes, with `req.next` handing the request on
 * through `passOn`.
 */
export function handOver(incoming: IncomingMessage, outgoing: ServerResponse, express: ExpressPrototypes | undefined, passOn: PassOn | undefined): void {
  markNoSniff(outgoing);
  if (express === undefined) return;
  const req = lendExpress(incoming, outgoing, express);
  if (passOn !== undefined) req.next ??= (error?: unknown) => passOn(error, incoming, outgoing);
}

/** Where a response keeps the scope whose `onSend` hooks see its head before it is written. */
const SCOPE = Symbol('hook scope');

/** Where a response keeps the scope whose `onResponse` hooks its end is reported to. */
const WATCHED = Symbol('watched by a hook scope');

type Scoped = ServerResponse & { [SCOPE]?: HookScope; [WATCHED]?: HookScope };

/**
 * The constructor of a request's state: its prototype is an empty object without one, so nothing
 * is inherited (`ctx.get('constructor')` is undefined) as with `Object.create(null)`, which V8
 * keeps in dictionary mode; an object made by `new` keeps fast properties.
 */
function RequestState(): void {}
RequestState.prototype = Object.create(null) as object;
const State = RequestState as unknown as new () => Record<string, unknown>;

/** A request's state (`ctx.state`): empty, inheriting nothing. */
export function newState(): Record<string, unknown> {
  return new State();
}

function responseFinished(this: ServerResponse): void {
  HookScope.finished(this, true);
}

function responseClosed(this: ServerResponse): void {
  HookScope.finished(this, false);
}

/**
 * The headers `send` writes, after the `onSend` hooks of the request's scope (when it has any) had
 * their say: the one place every response the router writes passes. `headers` is the response's
 * final set, made for it alone ({@link finaliseHeaders} makes a new one per response), so the hooks
 * change it in place rather than a copy.
 */
export function headBeforeSend(res: ServerResponse, status: number, headers: ResponseHeaderMap): ResponseHeaderMap {
  const scope = (res as Scoped)[SCOPE];
  return scope === undefined ? headers : scope.beforeSend(status, headers);
}

/**
 * A request's hooks and what they share: its state (`ctx.state`, `ctx.get`, `ctx.set`), Express's
 * request and response (lent the app's prototypes on first read under `router.wrap(app)`), its
 * arrival time, and the hook points in force (the router's, then the route's once it is
 * selected). Made only for a request that has hooks: a route without any pays nothing.
 */
export class HookScope implements HookContext<Record<string, unknown>> {
  /** The hook points in force: the router's until a route is selected, then the route's (the router's and its own). */
  points: HookPoints;
  #state: Record<string, unknown> | undefined;
  readonly #express: ExpressPrototypes | undefined;
  #handedOver = false;
  #watching = false;
  readonly #arrived: number;

  constructor(
    readonly incoming: IncomingMessage,
    readonly outgoing: ServerResponse,
    points: HookPoints,
    express: ExpressPrototypes | undefined,
    private readonly passOn: PassOn | undefined,
  ) {
    this.points = points;
    this.#express = express;
    this.#arrived = performance.now();
    this.enter(points);
  }

  /**
   * Puts `points` in force: their `onSend` hooks see every head written from now, their
   * `onResponse` hooks the end (and the scope keeps the head the router wrote, for its bytes).
   */
  enter(points: HookPoints): void {
    this.points = points;
    if (points.onSend !== undefined || points.onResponse !== undefined) (this.outgoing as Scoped)[SCOPE] = this;
    if (points.onResponse !== undefined && !this.#watching) {
      this.#watching = true;
      const res = this.outgoing as Scoped;
      if (res[WATCHED] === undefined) {
        // Listeners made once for every request (they find the scope on the response), not two
        // closures and two `once` wrappers per request: the end is reported once anyway (#finished).
        res[WATCHED] = this;
        res.on('finish', responseFinished);
        res.on('close', responseClosed);
      } else {
        // Another router's scope watches this response already (a request handed on between routers).
        res.once('finish', () => this.#finished(true));
        res.once('close', () => this.#finished(false));
      }
    }
  }

  /** Reports the end of a response to the scope watching it, from its 'finish' (`complete`) or 'close' event. */
  static finished(res: ServerResponse, complete: boolean): void {
    const scope = (res as Scoped)[WATCHED];
    if (scope !== undefined) scope.#finished(complete);
  }

  get method(): string {
    return this.incoming.method ?? 'GET';
  }

  get target(): string {
    return requestTarget(this.incoming);
  }

  get headers(): IncomingHttpHeaders {
    return this.incoming.headers;
  }

  get state(): Record<string, unknown> {
    return (this.#state ??= newState());
  }

  get(name: string): unknown {
    return this.#state?.[name];
  }

  set(name: string, value: unknown): void {
    this.state[name] = value;
  }

  /** The Express request: under `router.wrap(app)`, lent the app's prototypes on first read ({@link handOver}). */
  get req(): Request {
    this.lend();
    return this.incoming as Request;
  }

  /** The Express response. */
  get res(): Response {
    this.lend();
    return this.outgoing as Response;
  }

  /** Hands the request and response over once ({@link handOver}). */
  lend(): void {
    if (this.#handedOver) return;
    this.#handedOver = true;
    handOver(this.incoming, this.outgoing, this.#express, this.passOn);
  }

  /**
   * Runs the arrival hooks in force, then `proceed(subject)` unless one answered (or wrote the
   * response itself); a hook's failure goes to `fail(subject, error)`, to be answered as a problem.
   * The callbacks take the subject so that the dispatch need not make closures per request: a
   * closure is made only when a hook returns a promise.
   */
  arrive<S>(subject: S, proceed: (subject: S) => void, fail: (subject: S, error: unknown) => void): void {
    const arrivals = this.points.onRequest;
    if (arrivals === undefined) return proceed(subject);
    let arrived: unknown;
    try {
      arrived = runHooks(arrivals, this);
    } catch (error) {
      return fail(subject, error);
    }
    if (isThenable(arrived)) {
      arrived.then(
        (answered) => this.#proceedUnanswered(answered, subject, proceed),
        (error: unknown) => fail(subject, error),
      );
    } else this.#proceedUnanswered(arrived, subject, proceed);
  }

  #proceedUnanswered<S>(answered: unknown, subject: S, proceed: (subject: S) => void): void {
    if (answered === undefined && !this.outgoing.writableEnded) proceed(subject);
  }

  /**
   * The head `onSend` hooks leave: `headers` itself, which they may change (the final set, made for
   * this response alone: see {@link headBeforeSend}), and the status they are told.
   */
  beforeSend(status: number, headers: ResponseHeaderMap): ResponseHeaderMap {
    const hooks = this.points.onSend;
    if (hooks === undefined) return (this.#head = headers);
    const head = { status, headers };
    for (const hook of hooks) hook(this, head);
    return (this.#head = head.headers);
  }

  #finishedOnce = false;
  /**
   * The last head the router wrote for the request, as it went out (its Content-Length is added
   * after the hooks): the response itself keeps no header map when it was written in one writeHead.
   */
  #head: ResponseHeaderMap | undefined;

  #finished(complete: boolean): void {
    if (this.#finishedOnce) return;
    this.#finishedOnce = true;
    const res = this.outgoing;
    const declared = this.#head?.['content-length'] ?? res.getHeader('content-length');
    const bodiless = this.incoming.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
    const bytes = bodiless ? 0 : declared === undefined ? undefined : Number(declared);
    const finished = { status: res.statusCode, bytes, ms: performance.now() - this.#arrived, finished: complete && res.writableFinished };
    for (const hook of this.points.onResponse ?? []) {
      // Called from the response's 'finish' event: a throw here would end the process.
      try {
        hook(this, finished);
      } catch (error) {
        this.report(error);
      }
    }
  }

  /** Gives a fault to the `onError` hooks in force, or to `console.error` when there are none. */
  report(error: unknown): void {
    const hooks = this.points.onError;
    if (hooks === undefined) return void console.error(error);
    for (const hook of hooks) hook(error, this.req);
  }
}
