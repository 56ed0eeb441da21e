/**
 * The subscribers of the tracing case (docs/performance.md, "Diagnostics channels"): a subscriber
 * that does nothing on every channel of the router's, and represent/otel with a real SDK whose
 * exporter drops what it is given (the cost is the instrumentation's and the SDK's, not an
 * exporter's network). Loaded only by the servers that use them: the baseline's checkout has no
 * represent/otel (bench/baseline.ts).
 */
import { channel, tracingChannel } from 'node:diagnostics_channel';

const NOTHING = (): void => {};

/** Subscribes a subscriber that does nothing to each of the router's channels. */
export function subscribeDoingNothing(): void {
  const handlers = { start: NOTHING, end: NOTHING, asyncStart: NOTHING, asyncEnd: NOTHING, error: NOTHING };
  for (const name of ['represent:request', 'represent:handler', 'represent:body']) tracingChannel(name).subscribe(handlers);
  for (const name of ['represent:route', 'represent:cache']) channel(name).subscribe(NOTHING);
}

/**
 * OpenTelemetry as a service sets it up without instrumentation-http: AsyncLocalStorage context,
 * W3C propagation, spans batched to an exporter that drops them, the duration metric aggregated
 * (read every minute), and represent/otel making the server spans.
 */
export function startOpenTelemetry(): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { context, propagation } = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks') as typeof import('@opentelemetry/context-async-hooks');
  const { W3CTraceContextPropagator, ExportResultCode } = require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  const { BasicTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { MeterProvider, PeriodicExportingMetricReader, InMemoryMetricExporter, AggregationTemporality } = require('@opentelemetry/sdk-metrics') as typeof import('@opentelemetry/sdk-metrics');
  const { instrument } = require('../src/entries/otel') as typeof import('../src/entries/otel');
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const dropping = { export: (_spans: unknown, done: (result: { code: number }) => void) => done({ code: ExportResultCode.SUCCESS }), shutdown: () => Promise.resolve() };
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropping)] });
  const meterProvider = new MeterProvider({ readers: [new PeriodicExportingMetricReader({ exporter: new InMemoryMetricExporter(AggregationTemporality.DELTA), exportIntervalMillis: 60_000 })] });
  instrument({ tracerProvider, meterProvider });
}
