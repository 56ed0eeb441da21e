import fc from 'fast-check';
import { z } from 'zod';
import { type OpenApiDocument, type OperationObject, type RouteBuilder, type Router, createRouter } from '../../src';
import { openApiErrorsOfEach } from '../setup/validate-openapi';

/**
 * For random route tables (paths with literals, patterned placeholders, catch-alls and matrix
 * variables; methods or none; params and headers conditions; bindings; bodies; media types;
 * policies and validators), the document api.openapi() writes validates against the OpenAPI 3.1
 * schema, and each method of each route is one operation that names the route: no more, no fewer.
 */

interface RouteSpec {
  readonly segments: readonly string[];
  readonly methods: readonly string[];
  readonly params: readonly string[];
  readonly headers: readonly string[];
  readonly query: readonly { readonly name: string; readonly type: 'string' | 'integer' | 'number' | 'boolean'; readonly array: boolean; readonly required: boolean }[];
  readonly matrix: boolean;
  readonly body: 'none' | 'string' | 'object' | 'schema';
  readonly consumes: readonly string[];
  readonly produces: readonly string[];
  readonly cached: boolean;
  readonly validators: boolean;
}

/** The methods a route without any is described under (src/openapi/openapi-document.ts). */
const ANY_METHOD = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];
const PATH_ITEM_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

const routeArb: fc.Arbitrary<RouteSpec> = fc.record({
  segments: fc
    .tuple(fc.array(fc.constantFrom('a', 'b-c', '{x}', '{d:\\d+}', '{code:[a-z]{2}}'), { maxLength: 3 }), fc.boolean())
    .map(([segments, catchAll]) => (catchAll ? [...segments, '{*rest}'] : segments)),
  methods: fc.constantFrom([], ['GET'], ['POST'], ['GET', 'POST'], ['PUT', 'DELETE'], ['PATCH'], ['HEAD'], ['OPTIONS'], ['PROPFIND']),
  params: fc.subarray(['p', 'q=1', '!r', 's!=2']),
  headers: fc.subarray(['X-A', 'X-B=1', '!X-C']),
  query: fc.uniqueArray(
    fc.record({ name: fc.constantFrom('page', 'tag', 'on'), type: fc.constantFrom('string', 'integer', 'number', 'boolean'), array: fc.boolean(), required: fc.boolean() }),
    { selector: (q) => q.name, maxLength: 2 },
  ),
  matrix: fc.boolean(),
  body: fc.constantFrom('none', 'string', 'object', 'schema'),
  consumes: fc.constantFrom([], ['application/json'], ['application/json', 'application/xml'], ['application/x-www-form-urlencoded']),
  produces: fc.constantFrom([], ['application/json'], ['application/json', 'application/xml'], ['text/plain']),
  cached: fc.boolean(),
  validators: fc.boolean(),
});

const schema = z.object({ name: z.string(), tags: z.array(z.string()).optional() });

/** Declares what can be declared; a spec the router refuses (ambiguous, unwritable) is left out. */
function build(specs: readonly RouteSpec[]): { api: Router; declared: RouteSpec[] } {
  const api = createRouter();
  const declared: RouteSpec[] = [];
  for (const spec of specs) {
    // Widened: each step below narrows the handler's context, which this test does not read.
    let builder: RouteBuilder<string, unknown, unknown, unknown, unknown, unknown> = api.route(`/${spec.segments.join('/')}`).params(...spec.params).headers(...spec.headers).consumes(...spec.consumes).produces(...spec.produces);
    if (spec.methods.length > 0) builder = builder.method(...spec.methods);
    for (const q of spec.query) builder = builder.query(q.name, { type: q.type, array: q.array, required: q.required });
    if (spec.matrix) builder = builder.matrix('m', { required: false });
    if (spec.cached) builder = builder.cache({ maxAge: 60 });
    if (spec.validators) builder = builder.etag(() => 1);
    const bodied = spec.body === 'string' ? builder.body(String) : spec.body === 'object' ? builder.body(Object) : spec.body === 'schema' ? builder.body(schema) : builder;
    try {
      bodied.handle(() => undefined);
      declared.push(spec);
    } catch {
      // Ambiguous with a route already declared, or producing a type no converter writes.
    }
  }
  return { api, declared };
}

/** Each operation of a document, with its method. */
function operations(document: OpenApiDocument): { path: string; method: string; operation: OperationObject }[] {
  return Object.entries(document.paths).flatMap(([path, item]) => {
    const standard = Object.entries(item).filter(([key]) => PATH_ITEM_METHODS.has(key.toUpperCase()));
    const additional = Object.entries((item['x-additional-operations'] ?? {}) as Record<string, OperationObject>);
    return [...standard, ...additional].map(([method, operation]) => ({ path, method: method.toUpperCase(), operation: operation as OperationObject }));
  });
}

const tableArb = fc.array(routeArb, { minLength: 1, maxLength: 8 });

describe('api.openapi() over random route tables', () => {
  it('has one operation per method of each route, naming it', () => {
    fc.assert(
      fc.property(tableArb, (specs) => {
        const { api } = build(specs);
        const document = api.openapi({ info: { title: 'random', version: '1' } });
        const found = operations(document);
        const expected = new Set<string>();
        for (const route of api.routes()) {
          const methods = route.methods.length === 0 ? ANY_METHOD : route.methods;
          for (const method of methods) {
            const holders = found.filter((o) => o.method === method && (o.operation['x-routes'] as string[]).includes(route.description));
            expect(holders).toHaveLength(1);
            expected.add(`${holders[0]!.path} ${method}`);
          }
        }
        expect(found).toHaveLength(expected.size);
        expect(new Set(found.map((o) => o.operation.operationId)).size).toBe(found.length);
      }),
      { numRuns: 200 },
    );
  });

  it('validates against the OpenAPI 3.1 schema, every reference resolving', async () => {
    const tables = fc.sample(tableArb, 100);
    const documents = tables.map((specs) => build(specs).api.openapi({ info: { title: 'random', version: '1' } }));
    const errors = await openApiErrorsOfEach(documents);
    const failures = errors.flatMap((list, i) => (list.length === 0 ? [] : [{ table: tables[i], errors: list.slice(0, 3) }]));
    expect(failures).toEqual([]);
  }, 60_000);
});
