import type { ServerResponse } from 'node:http';
import { type Context, type Span, context, createContextKey, trace } from '@opentelemetry/api';

/**
 * What `@opentelemetry/instrumentation-http` keeps in the context of a request it traces (through
 * `@opentelemetry/core`'s `setRPCMetadata`): its server span, and the route a framework names for
 * it, which it puts in the span's name, its `http.route` and its duration metric's. The key is
 * made as `@opentelemetry/core` makes it (`createContextKey` is `Symbol.for`), so this integration
 * needs only `@opentelemetry/api`.
 */
export interface HttpRpcMetadata {
  readonly type: 'http';
  readonly span: Span;
  route?: string;
}

const RPC_METADATA = createContextKey('OpenTelemetry SDK Context Key RPC_METADATA');

/** The request's span as instrumentation-http made it, when it traces this request. */
export function httpRpcMetadata(active: Context): HttpRpcMetadata | undefined {
  const metadata = active.getValue(RPC_METADATA) as { type?: string; span?: Span } | undefined;
  return metadata?.type === 'http' && metadata.span !== undefined ? (metadata as HttpRpcMetadata) : undefined;
}

/** One request's telemetry, from the router's start to the response's end. */
export interface RequestTelemetry {
  /** The request's server span: this integration's, or instrumentation-http's (`rpc`). */
  readonly span: Span;
  /** The context the request's work runs under: its server span's. */
  readonly context: Context;
  /** instrumentation-http's metadata when it made the span (which it ends itself); `undefined` when the span is this integration's. */
  readonly rpc: HttpRpcMetadata | undefined;
  /** `performance.now()` when the router took the request (for the duration metric). */
  readonly started: number;
  /** The route's template, once one is selected. */
  route?: string;
}

/** Each request's telemetry, by its response (every channel message carries it). */
const requests = new WeakMap<ServerResponse, RequestTelemetry>();

/** The context of each handler's span, by the handler's `ctx`. */
const handlers = new WeakMap<object, Context>();

/** Keeps a request's telemetry for the steps and accessors that follow. */
export function keepRequest(response: ServerResponse, telemetry: RequestTelemetry): void {
  requests.set(response, telemetry);
}

/** The telemetry of the request `response` answers, when it is traced. */
export function requestTelemetry(response: ServerResponse): RequestTelemetry | undefined {
  return requests.get(response);
}

/** Keeps the context a handler runs under (its span's), by its `ctx`. */
export function keepHandlerContext(ctx: object, active: Context): void {
  handlers.set(ctx, active);
}

/**
 * The OpenTelemetry context of a request, for spans of one's own to nest under it: given the
 * handler's `ctx`, its handler span's context; given a response (`ctx.res`, in a hook), the
 * request's server span's; else the active context.
 *
 * @example
 * ```ts
 * api.get('/users/{id}').handle((ctx) =>
 *   tracer.startActiveSpan('load user', {}, traceContext(ctx), (span) => { ... span.end(); }));
 * ```
 */
export function traceContext(target: object): Context {
  return handlers.get(target) ?? requests.get(target as ServerResponse)?.context ?? context.active();
}

/** The span the request's work runs under (see {@link traceContext}); `undefined` when none is. */
export function activeSpan(target: object): Span | undefined {
  return trace.getSpan(traceContext(target));
}

/**
 * The trace id of the request (see {@link traceContext}), 32 lowercase hex digits, to use as its
 * request id; `undefined` when the request is not traced.
 */
export function traceIdOf(target: object): string | undefined {
  const spanContext = activeSpan(target)?.spanContext();
  return spanContext === undefined || spanContext.traceId === '00000000000000000000000000000000' ? undefined : spanContext.traceId;
}
