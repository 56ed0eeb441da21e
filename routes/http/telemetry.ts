import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { instrument } from '../../src/entries/otel';

/**
 * The standard variables that say where OTLP goes (OpenTelemetry's SDK configuration): without
 * one of them, the service exports nothing, and starts no SDK at all.
 */
const ENDPOINT_VARIABLES = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT'] as const;

/** The service's telemetry, once started: {@link Telemetry.shutdown} exports what is left. */
export interface Telemetry {
  shutdown(): Promise<void>;
}

/**
 * Starts OpenTelemetry when an OTLP endpoint is set: the SDK reads the standard variables itself
 * (`OTEL_EXPORTER_OTLP_PROTOCOL`, `http/protobuf` by default, `http/json` or `grpc`;
 * `OTEL_SERVICE_NAME`; `OTEL_TRACES_SAMPLER`; ...), instrumentation-http makes each request's
 * server span and duration metric, and represent/otel names them after the route and adds the
 * shared cache's outcome. `undefined`, with nothing started, when no endpoint is set.
 *
 * Started before Express is required: instrumentation-http patches node's http as it is loaded.
 */
export function startTelemetry(env: NodeJS.ProcessEnv): Telemetry | undefined {
  if (!ENDPOINT_VARIABLES.some((name) => (env[name] ?? '') !== '')) return undefined;
  const sdk = new NodeSDK({ instrumentations: [new HttpInstrumentation()] });
  sdk.start();
  const instrumentation = instrument();
  return {
    async shutdown(): Promise<void> {
      instrumentation.disable();
      await sdk.shutdown();
    },
  };
}
