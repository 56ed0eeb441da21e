/**
 * `express-represent/otel`: OpenTelemetry traces and metrics for the requests the routers answer, built
 * on the router's diagnostics channels and `@opentelemetry/api` (an optional peer dependency: only
 * this entry loads it).
 * @packageDocumentation
 * @module express-represent/otel
 */
export { instrument, type InstrumentOptions, type Instrumentation } from '../otel/instrument';
export { traceContext, activeSpan, traceIdOf } from '../otel/request-telemetry';
export { CACHE_OUTCOME_ATTRIBUTE } from '../otel/http-server-attributes';
