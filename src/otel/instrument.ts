import type { ServerResponse } from 'node:http';
import {
  type Histogram,
  type MeterProvider,
  type Span,
  type Tracer,
  type TracerProvider,
  SpanKind,
  SpanStatusCode,
  context,
  metrics,
  propagation,
  trace,
} from '@opentelemetry/api';
import {
  type CacheMessage,
  type RequestMessage,
  type RouteStepMessage,
  bodyChannel,
  cacheChannel,
  handlerChannel,
  requestChannel,
  routeChannel,
} from '../diagnostics/channels';
import { CACHE_OUTCOME_ATTRIBUTE, HttpAttribute, isServerError, requestAttributes, requestMethod, serverSpanName, urlScheme } from './http-server-attributes';
import { type RequestTelemetry, httpRpcMetadata, keepHandlerContext, keepRequest, requestTelemetry } from './request-telemetry';

/** The instrumentation scope the spans and metrics are recorded under. */
const SCOPE = 'express-represent';

/**
 * The bucket boundaries the semantic conventions advise for `http.server.request.duration`, in
 * seconds.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Options of {@link instrument}. */
export interface InstrumentOptions {
  /** Where the spans go. Default: the global tracer provider (`trace.getTracerProvider()`). */
  readonly tracerProvider?: TracerProvider;
  /** Where `http.server.request.duration` goes. Default: the global meter provider. */
  readonly meterProvider?: MeterProvider;
  /** Spans for the handler and for reading the request body, under the request's span. Default: true. */
  readonly stepSpans?: boolean;
}

/** A running instrumentation: {@link Instrumentation.disable} stops it. */
export interface Instrumentation {
  /** Unsubscribes from the router's channels: requests after this are not traced. */
  disable(): void;
}

/**
 * Traces the requests every router of this process answers, under `router.middleware()` and
 * `router.wrap(app)` alike, from the router's diagnostics channels. When
 * `@opentelemetry/instrumentation-http` traces the request, its server span is enriched: named
 * `{method} {route}`, given `http.route` (which it also puts on its own duration metric), the
 * shared cache's outcome, and the exception of a 5xx. Otherwise this integration makes the server
 * span itself, continuing the request's `traceparent` (the global propagator's fields), with the
 * stable HTTP semantic conventions, and records `http.server.request.duration`.
 */
export function instrument(options: InstrumentOptions = {}): Instrumentation {
  const tracer: Tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(SCOPE);
  const meter = (options.meterProvider ?? metrics.getMeterProvider()).getMeter(SCOPE);
  const duration: Histogram = meter.createHistogram('http.server.request.duration', {
    description: 'Duration of HTTP server requests.',
    unit: 's',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  const stepSpans = options.stepSpans ?? true;

  const requestHandlers = {
    start(message: RequestMessage): void {
      const active = context.active();
      const rpc = httpRpcMetadata(active);
      const started = performance.now();
      if (rpc !== undefined) {
        keepRequest(message.response, { span: rpc.span, context: active, rpc, started });
        return;
      }
      const { request } = message;
      const parent = propagation.extract(active, request.headers);
      const span = tracer.startSpan(serverSpanName(request.method ?? 'GET', undefined), { kind: SpanKind.SERVER, attributes: requestAttributes(request) }, parent);
      keepRequest(message.response, { span, context: trace.setSpan(parent, span), rpc: undefined, started });
    },
    end(): void {},
    asyncStart(): void {},
    error(message: RequestMessage): void {
      const telemetry = requestTelemetry(message.response);
      if (telemetry === undefined) return;
      // Published once the problem is written: the response's status is the problem's.
      const status = message.response.statusCode;
      if (!isServerError(status)) return;
      failSpan(telemetry.span, message.error, status);
    },
    asyncEnd(message: RequestMessage): void {
      const telemetry = requestTelemetry(message.response);
      // instrumentation-http ends its own span, and records its own duration metric.
      if (telemetry === undefined || telemetry.rpc !== undefined) return;
      const status = message.status ?? message.response.statusCode;
      const { span } = telemetry;
      span.setAttribute(HttpAttribute.responseStatusCode, status);
      // A problem the router wrote failed the span already (`error`), with its exception.
      if (isServerError(status) && message.error === undefined) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute(HttpAttribute.errorType, String(status));
      }
      span.end();
      const request = message.request;
      const attributes: Record<string, string | number> = {
        [HttpAttribute.requestMethod]: requestMethod(request.method ?? 'GET'),
        [HttpAttribute.urlScheme]: urlScheme(request),
        [HttpAttribute.responseStatusCode]: status,
        [HttpAttribute.protocolVersion]: request.httpVersion,
      };
      if (telemetry.route !== undefined) attributes[HttpAttribute.route] = telemetry.route;
      if (isServerError(status)) attributes[HttpAttribute.errorType] = errorType(message.error, status);
      duration.record((performance.now() - telemetry.started) / 1000, attributes, telemetry.context);
    },
  };

  const onRoute = (published: unknown): void => {
    const message = published as RequestMessage;
    const telemetry = requestTelemetry(message.response);
    if (telemetry === undefined || message.route === undefined) return;
    const template = message.route.template;
    telemetry.route = template;
    telemetry.span.updateName(serverSpanName(message.request.method ?? 'GET', template));
    telemetry.span.setAttribute(HttpAttribute.route, template);
    // instrumentation-http names its span and its metric's http.route from this when the response ends.
    if (telemetry.rpc !== undefined) telemetry.rpc.route = template;
  };

  const onCache = (published: unknown): void => {
    const message = published as CacheMessage;
    // A cache in front of the router answers before the router starts: instrumentation-http's span, if any.
    const span = requestTelemetry(message.response)?.span ?? httpRpcMetadata(context.active())?.span;
    if (span === undefined) return;
    span.setAttribute(CACHE_OUTCOME_ATTRIBUTE, message.outcome.toLowerCase());
    if (message.cacheStatus !== undefined) span.setAttribute(HttpAttribute.cacheStatusHeader, [message.cacheStatus]);
  };

  const handlerSpans = stepHandlers(tracer, 'handler', true);
  const bodySpans = stepHandlers(tracer, 'read body', false);

  requestChannel.subscribe(requestHandlers);
  routeChannel.subscribe(onRoute);
  cacheChannel.subscribe(onCache);
  if (stepSpans) {
    handlerChannel.subscribe(handlerSpans);
    bodyChannel.subscribe(bodySpans);
  }
  return {
    disable(): void {
      requestChannel.unsubscribe(requestHandlers);
      routeChannel.unsubscribe(onRoute);
      cacheChannel.unsubscribe(onCache);
      if (stepSpans) {
        handlerChannel.unsubscribe(handlerSpans);
        bodyChannel.unsubscribe(bodySpans);
      }
    },
  };
}

/** Marks a span failed by `error`, answered with the 5xx `status`: its status, `error.type` and the exception. */
function failSpan(span: Span, error: unknown, status: number): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
  span.setAttribute(HttpAttribute.errorType, errorType(error, status));
  if (error instanceof Error) span.recordException(error);
}

/**
 * `error.type`: the class of an exception the router answered 500 for, or the status code of an
 * answer the library made on purpose (an `HttpError`: a time limit's 503, say).
 */
function errorType(error: unknown, status: number): string {
  if (error instanceof Error && statusOf(error) === undefined) return error.name;
  return String(status);
}

/**
 * The status an error answers with when it carries one (`HttpError`, and `http-errors`' errors
 * as the router answers them). Read from the value, not by class: this entry is a bundle of its
 * own, so that `express-represent` never loads `@opentelemetry/api`, and its classes are not the router's.
 */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : undefined;
}

/**
 * The subscribers of a route step's TracingChannel: an internal span `{name} {route}` under the
 * request's span, from `start` to `end` (or `asyncEnd` when the step answered with a promise),
 * failed when the step throws a fault. `exposed`: the handler's `ctx` is given its span's context
 * (`traceContext(ctx)`).
 */
function stepHandlers(tracer: Tracer, name: string, exposed: boolean) {
  const spans = new WeakMap<RouteStepMessage, Span>();
  const finish = (message: RouteStepMessage): void => {
    const span = spans.get(message);
    if (span === undefined) return;
    spans.delete(message);
    const error = message.error;
    // An HttpError is an answer (a 404, a 400 for a malformed body), not the step failing.
    const status = statusOf(error);
    if (error !== undefined && (status === undefined || isServerError(status))) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
      if (error instanceof Error) span.recordException(error);
    }
    span.end();
  };
  return {
    start(message: RouteStepMessage): void {
      const telemetry: RequestTelemetry | undefined = requestTelemetry(message.response as ServerResponse);
      if (telemetry === undefined) return;
      const span = tracer.startSpan(`${name} ${message.route.template}`, { kind: SpanKind.INTERNAL, attributes: { [HttpAttribute.route]: message.route.template } }, telemetry.context);
      spans.set(message, span);
      if (exposed) keepHandlerContext(message.context, trace.setSpan(telemetry.context, span));
    },
    end(message: RouteStepMessage): void {
      if (message.pending !== true) finish(message);
    },
    asyncStart(): void {},
    asyncEnd: finish,
    error(): void {},
  };
}
