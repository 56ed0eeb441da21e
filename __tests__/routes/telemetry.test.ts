import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTelemetry } from '../../routes/http/telemetry';
import { until } from '../setup/until';
import { type ServiceProcess, call, closeConnections, startService } from './service-process';

jest.setTimeout(120_000);

/** An OTLP/JSON attribute as the exporter sends it. */
interface OtlpAttribute {
  readonly key: string;
  readonly value: { readonly stringValue?: string; readonly intValue?: string | number; readonly arrayValue?: { values: { stringValue?: string }[] } };
}
interface OtlpSpan {
  readonly name: string;
  readonly traceId: string;
  readonly parentSpanId?: string;
  readonly kind: number;
  readonly attributes: OtlpAttribute[];
}

/** A small OTLP/HTTP receiver: every JSON export it is sent, by path (`/v1/traces`, `/v1/metrics`). */
function receiver(): { server: Server; received: Map<string, unknown[]> } {
  const received = new Map<string, unknown[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const list = received.get(req.url ?? '') ?? [];
      list.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      received.set(req.url ?? '', list);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  return { server, received };
}

/** The value of an OTLP attribute, as a plain value. */
function valueOf(attribute: OtlpAttribute | undefined): unknown {
  if (attribute === undefined) return undefined;
  const { value } = attribute;
  if (value.arrayValue !== undefined) return value.arrayValue.values.map((v) => v.stringValue);
  return value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue));
}

function attributes(list: readonly OtlpAttribute[]): Record<string, unknown> {
  return Object.fromEntries(list.map((attribute) => [attribute.key, valueOf(attribute)]));
}

/** Every span exported so far, with its scope's name. */
function spansOf(received: Map<string, unknown[]>): (OtlpSpan & { scope: string })[] {
  const exports = (received.get('/v1/traces') ?? []) as { resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[] }[];
  return exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((span) => ({ ...span, scope: s.scope.name })))));
}

const DATA_DIR = mkdtempSync(join(tmpdir(), 'represent-telemetry-'));
let otlp: ReturnType<typeof receiver>;
let service: ServiceProcess;

beforeAll(async () => {
  otlp = receiver();
  await new Promise<void>((resolve) => otlp.server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(otlp.server.address() as AddressInfo).port}`;
  service = await startService({
    DATA_DIR,
    CACHE: 'on',
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'represent-e2e',
    OTEL_TRACES_SAMPLER: 'parentbased_always_on',
    // Exported at once rather than every 5 s and 60 s: the test waits for them.
    OTEL_BSP_SCHEDULE_DELAY: '50',
    OTEL_METRIC_EXPORT_INTERVAL: '200',
    OTEL_LOGS_EXPORTER: 'none',
  });
}, 120_000);

afterAll(async () => {
  closeConnections();
  service?.child.kill('SIGTERM');
  await service?.exit;
  await new Promise((resolve) => otlp?.server.close(resolve));
  rmSync(DATA_DIR, { recursive: true, force: true });
});

describe('the service with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('exports OTLP/JSON spans named after the routes, continued from traceparent, with the cache\'s answer, and the duration metric', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const user = await call(service.url, 'GET', '/users/1', { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    expect(user.status).toBe(200);
    // The request id is the trace id: one id finds the request's log lines and its spans.
    expect(user.headers['x-request-id']).toBe(traceId);
    expect((await call(service.url, 'GET', '/bookcase')).headers['x-cache']).toBe('MISS');
    expect((await call(service.url, 'GET', '/bookcase')).headers['x-cache']).toBe('HIT');

    const server = (): (OtlpSpan & { scope: string })[] => spansOf(otlp.received).filter((span) => span.kind === 2);
    await until(() => server().length >= 3, 20_000, () => JSON.stringify(server().map((span) => span.name)));
    const [traced, miss, hit] = server();
    // instrumentation-http made the server spans; represent/otel named them and added the route.
    expect(traced).toMatchObject({ name: 'GET /users/{id}', traceId, parentSpanId: '00f067aa0ba902b7', scope: '@opentelemetry/instrumentation-http' });
    expect(attributes(traced!.attributes)).toMatchObject({ 'http.route': '/users/{id}', 'http.request.method': 'GET', 'url.scheme': 'http', 'http.response.status_code': 200 });
    expect(miss!.name).toBe('GET /bookcase');
    expect(attributes(miss!.attributes)).toMatchObject({ 'represent.cache.outcome': 'miss', 'http.response.header.cache-status': [expect.stringMatching(/^represent; fwd=uri-miss/)] });
    expect(attributes(hit!.attributes)).toMatchObject({ 'represent.cache.outcome': 'hit', 'http.response.header.cache-status': [expect.stringMatching(/^represent; hit/)] });
    const handler = spansOf(otlp.received).find((span) => span.name === 'handler /users/{id}');
    expect(handler?.traceId).toBe(traceId);

    const routes = (): unknown[] => {
      const exports = (otlp.received.get('/v1/metrics') ?? []) as { resourceMetrics: { scopeMetrics: { metrics: { name: string; histogram?: { dataPoints: { attributes: OtlpAttribute[] }[] } }[] }[] }[] }[];
      return exports
        .flatMap((e) => e.resourceMetrics.flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics)))
        .filter((metric) => metric.name === 'http.server.request.duration')
        .flatMap((metric) => metric.histogram?.dataPoints.map((point) => attributes(point.attributes)['http.route']) ?? []);
    };
    await until(() => routes().includes('/users/{id}'), 20_000, () => JSON.stringify(routes()));
  });
});

describe('startTelemetry(env)', () => {
  it('starts nothing when no OTLP endpoint is set', () => {
    expect(startTelemetry({ OTEL_SERVICE_NAME: 'x', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBeUndefined();
  });
});
