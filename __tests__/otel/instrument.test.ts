import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import request from 'supertest';
import { HttpError, createRouter } from '../../src';
import { cache } from '../../src/entries/cache';
import { type Instrumentation, instrument, traceContext, traceIdOf } from '../../src/entries/otel';
import { serverFor, underBothMounts } from '../setup/both-mounts';
import { until } from '../setup/until';

const spans = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const metricReader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
const meterProvider = new MeterProvider({ readers: [metricReader] });
const contextManager = new AsyncLocalStorageContextManager();
let instrumentation: Instrumentation;

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  instrumentation = instrument({ tracerProvider, meterProvider });
});
afterAll(async () => {
  instrumentation.disable();
  context.disable();
  propagation.disable();
  await meterProvider.shutdown();
  await tracerProvider.shutdown();
});
beforeEach(() => spans.reset());

/** The spans finished so far, once the server span (ended when the response closes) is among them. */
async function finished(count = 1): Promise<ReadableSpan[]> {
  await until(() => spans.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER).length >= count, 5_000, () => JSON.stringify(spans.getFinishedSpans().map((span) => span.name)));
  return spans.getFinishedSpans();
}

function serverSpans(all: readonly ReadableSpan[]): ReadableSpan[] {
  return all.filter((span) => span.kind === SpanKind.SERVER);
}

underBothMounts('instrument()', (mount) => {
  it('makes a server span named after the route template, with the stable HTTP attributes', async () => {
    const api = createRouter({ onError: jest.fn() });
    api.get('/users/{id}').handle((ctx) => ({ id: ctx.path.id }));
    await request(serverFor(mount, api)).get('/users/7?full=1').set('Host', 'api.test:8080').expect(200);
    const [server] = serverSpans(await finished());
    expect(server!.name).toBe('GET /users/{id}');
    expect(server!.attributes).toMatchObject({
      'http.route': '/users/{id}',
      'http.request.method': 'GET',
      'url.scheme': 'http',
      'url.path': '/users/7',
      'url.query': 'full=1',
      'server.address': 'api.test',
      'server.port': 8080,
      'http.response.status_code': 200,
      'network.protocol.version': '1.1',
    });
    expect(server!.status.code).toBe(SpanStatusCode.UNSET);
    const handler = spans.getFinishedSpans().find((span) => span.name === 'handler /users/{id}');
    expect(handler?.parentSpanContext?.spanId).toBe(server!.spanContext().spanId);
  });

  it.each([
    ['a 404 with fallthrough: false', 'get', '/elsewhere', '*/*', 404],
    ['a 405', 'delete', '/users/7', '*/*', 405],
    ['a 406', 'get', '/users/7', 'image/png', 406],
  ] as const)('traces %s the router makes, named after the method alone, with no http.route', async (_title, method, path, accept, status) => {
    const api = createRouter({ onError: jest.fn(), fallthrough: false });
    api.get('/users/{id}').produces('application/json').handle((ctx) => ({ id: ctx.path.id }));
    await request(serverFor(mount, api))[method](path).set('Accept', accept).expect(status);
    const [server] = serverSpans(await finished());
    expect(server!.name).toBe(method.toUpperCase());
    expect(server!.attributes['http.response.status_code']).toBe(status);
    expect(server!.attributes['http.route']).toBeUndefined();
    // A 4xx is the client's error, not the server span's (semantic conventions, HTTP spans).
    expect(server!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('traces a 400 for an invalid Host', async () => {
    const api = createRouter({ onError: jest.fn() });
    api.get('/users/{id}').handle((ctx) => ({ id: ctx.path.id }));
    await request(serverFor(mount, api)).get('/users/7').set('Host', 'bad host').expect(400);
    const [server] = serverSpans(await finished());
    expect(server!.attributes['http.response.status_code']).toBe(400);
  });

  it('marks a thrown 500 an error, with the exception, on the server span and the handler span', async () => {
    const api = createRouter({ onError: jest.fn() });
    api.get('/users/{id}').handle(() => {
      throw new TypeError('kaput');
    });
    await request(serverFor(mount, api)).get('/users/7').expect(500);
    const all = await finished();
    const [server] = serverSpans(all);
    expect(server!.name).toBe('GET /users/{id}');
    expect(server!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'kaput' });
    expect(server!.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': 'TypeError' });
    expect(server!.events).toEqual([expect.objectContaining({ name: 'exception', attributes: expect.objectContaining({ 'exception.type': 'TypeError', 'exception.message': 'kaput' }) })]);
    const handler = all.find((span) => span.name === 'handler /users/{id}');
    expect(handler?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('does not mark an HttpError a handler answers with (a 404) as the handler failing', async () => {
    const api = createRouter({ onError: jest.fn() });
    api.get('/users/{id}').handle(() => {
      throw new HttpError(404, 'No such user');
    });
    await request(serverFor(mount, api)).get('/users/7').expect(404);
    const all = await finished();
    expect(all.find((span) => span.name === 'handler /users/{id}')?.status.code).toBe(SpanStatusCode.UNSET);
    expect(serverSpans(all)[0]!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('says how the shared cache answered: a miss, then a hit, with its Cache-Status', async () => {
    const shared = cache({ now: () => 1_000_000 });
    const api = createRouter({ onError: jest.fn(), hooks: [shared] });
    api.get('/users/{id}').cache({ maxAge: 60 }).handle((ctx) => ({ id: ctx.path.id }));
    const server = serverFor(mount, api);
    await request(server).get('/users/7').set('Host', 'api.test').expect(200);
    const [miss] = serverSpans(await finished());
    spans.reset();
    await request(server).get('/users/7').set('Host', 'api.test').expect(200);
    const [hit] = serverSpans(await finished());
    expect(miss!.attributes).toMatchObject({ 'represent.cache.outcome': 'miss', 'http.response.header.cache-status': ['represent; fwd=uri-miss; fwd-status=200; ttl=60; stored'] });
    expect(hit!.attributes).toMatchObject({ 'represent.cache.outcome': 'hit', 'http.response.header.cache-status': [expect.stringMatching(/^represent; hit/)] });
    // The cache, a router hook, answers the hit on arrival, before a route is selected: no route to name.
    expect(hit!.name).toBe('GET');
    expect(miss!.name).toBe('GET /users/{id}');
  });

  it('continues the trace of the request\'s traceparent, and gives the handler its context for spans of its own', async () => {
    const tracer = tracerProvider.getTracer('test');
    const api = createRouter({ onError: jest.fn() });
    api.get('/users/{id}').handle((ctx) => {
      tracer.startActiveSpan('load user', {}, traceContext(ctx), (span) => span.end());
      return { traceId: traceIdOf(ctx) };
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await request(serverFor(mount, api)).get('/users/7').set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`).expect(200);
    expect(res.body).toEqual({ traceId });
    const all = await finished();
    const [server] = serverSpans(all);
    expect(server!.spanContext().traceId).toBe(traceId);
    expect(server!.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    const handler = all.find((span) => span.name === 'handler /users/{id}')!;
    const own = all.find((span) => span.name === 'load user')!;
    expect(own.parentSpanContext?.spanId).toBe(handler.spanContext().spanId);
    expect(own.spanContext().traceId).toBe(traceId);
  });

  it('traces reading the body, under the request\'s span', async () => {
    const api = createRouter({ onError: jest.fn() });
    api.post('/users').body(Object).handle((ctx) => ({ got: ctx.body }));
    await request(serverFor(mount, api)).post('/users').send({ a: 1 }).expect(200);
    const all = await finished();
    const body = all.find((span) => span.name === 'read body /users');
    expect(body?.parentSpanContext?.spanId).toBe(serverSpans(all)[0]!.spanContext().spanId);
  });

  it('records http.server.request.duration with http.route', async () => {
    const api = createRouter({ onError: jest.fn() });
    api.get('/books/{isbn}').handle((ctx) => ({ isbn: ctx.path.isbn }));
    await request(serverFor(mount, api)).get('/books/123').expect(200);
    await finished();
    await metricReader.forceFlush();
    const metric = metricExporter
      .getMetrics()
      .at(-1)!
      .scopeMetrics.flatMap((scope) => scope.metrics)
      .find((m) => m.descriptor.name === 'http.server.request.duration')!;
    expect(metric.descriptor.unit).toBe('s');
    const point = metric.dataPoints.find((p) => p.attributes['http.route'] === '/books/{isbn}');
    expect(point?.attributes).toEqual({ 'http.request.method': 'GET', 'url.scheme': 'http', 'http.response.status_code': 200, 'http.route': '/books/{isbn}', 'network.protocol.version': '1.1' });
  });
});
