import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { RequestInfo } from '../conditions/request-info';
import type { BodyKind } from '../converters/body-kind';
import type { RequestContext } from '../dsl/request-context';
import type { MediaType } from '../http/media-type';
import type { RequestSegment } from '../http/request-path';
import type { Route } from '../routing/route';
import type { CurrentValidators } from '../validators';
import { type HookScope, type PassOn, handOver, newState } from './hook-scope';
import { notAcceptable } from '../errors/negotiation-errors';
import { type Representation, availableTypes, chooseRepresentation, producedMediaType } from './representation';
import type { ExpressPrototypes } from './request-exchange';
import type { OpenStreams } from './open-streams';
import { RequestCancellation, clientGone } from './request-cancellation';
import { declareRouteCaching } from './route-caching-notice';
import { publishRoute } from '../diagnostics/channels';

/** The context a handler (and its route's `.etag()` hook) is called with, as the pipeline holds it. */
export type Context = RequestContext<unknown, unknown, unknown, unknown, unknown, CurrentValidators | undefined, Record<string, unknown>>;

export type { PassOn } from './hook-scope';

/**
 * One request's way through the router, from dispatch to the bytes written: the request as
 * parsed, the route selected and the routes its path matched, the clock, the handler's context,
 * the representation chosen and the validators the `.etag()` hook established. Every step of the
 * pipeline (binding, preconditions, body reading, the handler, the writers) takes it, and each
 * fact is worked out once here, however many steps read it.
 *
 * Under `router.middleware()` `req` and `res` are Express's already. Under `router.wrap(app)` they
 * are node's, and become Express's (the app's prototypes, as `app.handle` sets them) the first time
 * a handler reads `ctx.req` or `ctx.res`: swapping prototypes is a third of what Express costs per
 * request, and most handlers never look.
 */
export class Exchange {
  /** The handler's context, bound from the request (the hook's too). */
  context!: Context;
  /**
   * Whether the router is writing a streamed body whose head went out: the route's time limit
   * bounds the time to the head, not the stream.
   */
  streaming = false;
  /** What the route's `.etag()` hook established: `ctx.validators`. */
  validators: CurrentValidators | undefined = undefined;
  /** The event streams open on the router serving the request, which an event stream counts against. */
  streams: OpenStreams | undefined = undefined;
  /** The request's `Idempotency-Key` on a route that opted in (`.idempotent()`); `undefined` otherwise. */
  idempotencyKey: string | undefined = undefined;
  /** The body's bytes as read, kept for a keyed request's fingerprint only. */
  requestBytes: Uint8Array | undefined = undefined;
  /** The surrogate keys the handler added (`ctx.addSurrogateKeys`), as given. */
  addedSurrogateKeys: (string | number)[] | undefined = undefined;
  #representation: Representation | undefined = undefined;
  #cancellation: RequestCancellation | undefined;
  readonly #express: ExpressPrototypes | undefined;
  #handedOver = false;
  /** The request's hooks and their state, when the router or the route has hooks. */
  scope: HookScope | undefined = undefined;
  #state: Record<string, unknown> | undefined;

  /** The route selected for the request ({@link select}); every step after dispatch reads it. */
  route!: Route;
  /** `ctx.mediaType`: the essence of the produced type Accept prefers, when the route declares produced types. */
  mediaType: string | undefined = undefined;
  /** The clock when the route was selected: Date, Expires and the policy's second. */
  now = 0;
  /** Whether the request's start was published on `represent:request` (someone listens). */
  traced = false;

  /**
   * @param incoming - node's request (Express's under `router.middleware()`)
   * @param outgoing - node's response
   * @param request - the request as the conditions read it: method, path, headers, Accept, query
   * @param candidates - every route whose path matched: the resource's GET route is among them
   * @param segments - the request path's segments, as the routes' templates match them
   * @param origin - the request's origin, `scheme://host[:port]`, from its checked Host or the router's `origin` option
   * @param sentLast - the last segment of the path as sent (a format's suffix included): what a
   *   browser would name a saved file after (the RFD guard)
   * @param express - the app's prototypes to lend, under `router.wrap(app)`
   * @param passOn - what `req.next(error?)` does once lent: Express's own methods (`res.sendFile`,
   *   `res.render`) hand their errors on through it, and no router of the app's set it
   */
  constructor(
    readonly incoming: IncomingMessage,
    readonly outgoing: ServerResponse,
    readonly request: RequestInfo,
    readonly candidates: readonly Route[],
    readonly segments: readonly RequestSegment[],
    readonly origin: string,
    readonly sentLast: RequestSegment | undefined,
    express: ExpressPrototypes | undefined,
    private readonly passOn?: PassOn,
  ) {
    this.#express = express;
  }

  /** Settles the route selected among the candidates, `ctx.mediaType` for it and the clock's reading. */
  select(route: Route, now: number): void {
    this.route = route;
    this.mediaType = producedMediaType(route, this.request.accept);
    this.now = now;
    if (route.caching !== undefined) declareRouteCaching(this.outgoing, route.caching);
    if (this.traced) publishRoute(this.outgoing, route.declared);
  }

  /**
   * The same request as another of the resource's routes sees it (its GET route, asked for the
   * current validators before an unsafe method changes anything): same connection, origin, clock
   * and cancellation.
   */
  towards(route: Route, request: RequestInfo): Exchange {
    const other = new Exchange(this.req, this.res, request, this.candidates, this.segments, this.origin, undefined, undefined);
    other.route = route;
    other.now = this.now;
    other.#cancellation = this.cancellation;
    return other;
  }

  /**
   * The representation of a value of `kind` (by default the kind the route answers with, before
   * its handler has run): chosen once, then the same for the hook, the 304, the 200 and its
   * `Vary`. A type the handler set (`explicitType`) is that type, not negotiated.
   */
  representation(kind: BodyKind = this.route.answerKind, explicitType?: MediaType): Representation {
    const decided = this.#representation;
    const named = this.request.format !== undefined;
    if (explicitType !== undefined) return chooseRepresentation(this.route, kind, this.request.accept, explicitType, named);
    if (decided !== undefined && decided.kind === kind) return decided;
    return (this.#representation = chooseRepresentation(this.route, kind, this.request.accept, undefined, named));
  }

  /**
   * The representation of a value of `kind` ({@link representation}), or the 406 that lists what
   * could have been produced when Accept allows none (RFC 9110 section 15.5.7): thrown by the
   * writer for the value a handler answered, and before an unsafe handler runs when the route
   * declares the kind it answers with.
   */
  acceptedRepresentation(kind: BodyKind, explicitType?: MediaType): Representation & { readonly mediaType: MediaType } {
    const representation = this.representation(kind, explicitType);
    if (representation.mediaType === undefined) throw notAcceptable(availableTypes(representation));
    return representation as Representation & { readonly mediaType: MediaType };
  }

  /**
   * Where the router is mounted: Express's `req.baseUrl` under `app.use('/api', router.middleware())`,
   * `''` at the root and under `router.wrap(app)` (the listener sees the whole path).
   */
  get mountPath(): string {
    return (this.incoming as { baseUrl?: string }).baseUrl ?? '';
  }

  /** The request's cancellation, made on first use (a time limit, or a handler asking for its signal). */
  get cancellation(): RequestCancellation {
    return (this.#cancellation ??= new RequestCancellation(this.outgoing));
  }

  /** Whether the request was cancelled: timed out, or the client left before the response was complete. */
  get aborted(): boolean {
    return this.#cancellation?.aborted ?? clientGone(this.outgoing);
  }

  /** Whether `error` is the request's cancellation coming back from a handler that passed its signal on. */
  cancelledBy(error: unknown): boolean {
    return this.#cancellation?.causedBy(error) ?? false;
  }

  /** The state the hooks set (`ctx.state`), shared with the request's hooks when it has any. */
  get state(): Record<string, unknown> {
    return this.scope?.state ?? (this.#state ??= newState());
  }

  /** The Express request (`ctx.req`). */
  get req(): Request {
    this.#lend();
    return this.incoming as Request;
  }

  /** The Express response (`ctx.res`). */
  get res(): Response {
    this.#lend();
    return this.outgoing as Response;
  }

  /** `ctx.signal`: aborted when the route's time limit passes, the client leaves, or the router ends the event stream it answered. */
  get signal(): AbortSignal {
    return this.cancellation.signal;
  }

  /** Hands the request and response over once ({@link handOver}): the scope's, when the request has hooks. */
  #lend(): void {
    if (this.scope !== undefined) return this.scope.lend();
    if (this.#handedOver) return;
    this.#handedOver = true;
    handOver(this.incoming, this.outgoing, this.#express, this.passOn);
  }
}
