import { startTelemetry } from './telemetry';

/**
 * The service's telemetry, started as this module is loaded: routes/server.ts imports it first,
 * before anything requires node's http (see {@link startTelemetry}).
 */
export const telemetry = startTelemetry(process.env);
