import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { z } from 'zod';
import { type OpenApiDocument, type OperationObject, type ParameterObject, createRouter } from '../../src';
import { openApiErrors } from '../setup/validate-openapi';

const info = { title: 'Cars', version: '1.0.0' };

function parameter(operation: OperationObject | undefined, location: string, name: string): ParameterObject | undefined {
  return operation?.parameters?.find((p): p is ParameterObject => 'name' in p && p.in === location && p.name === name);
}

function refs(operation: OperationObject | undefined): string[] {
  return (operation?.parameters ?? []).flatMap((p) => ('$ref' in p ? [p.$ref] : []));
}

describe('router.openapi({ info, servers })', () => {
  const carSchema = z.object({ make: z.string(), year: z.number().int().min(1886) });
  const api = createRouter({ path: '/api' });
  api.get('/cars/{id:\\d+}').produces('application/json', 'application/xml').cache({ maxAge: 60 }).etag(() => 1).handle(() => ({}));
  api
    .put('/cars/{id:\\d+}')
    .consumes('application/json', 'application/xml', 'application/x-www-form-urlencoded')
    .body(carSchema)
    .etag(() => 1)
    .handle(() => undefined);
  api.get('/files/{*rest}').produces('application/octet-stream').handle(() => Buffer.alloc(0));
  api
    .get('/cars')
    .produces('application/json')
    .query('page', { type: 'integer', min: 1, max: 100, defaultValue: 1 })
    .query('tag', { array: true, required: false })
    .header('X-Tenant', { required: true })
    .matrix('color', { array: true, required: false })
    .handle(() => []);
  api.get('/garage').produces('application/json').cookie('session').cookie('seen', { array: true, required: false }).handle(() => []);
  api.get('/search').params('mode=fast').headers('X-Beta').produces('text/plain').handle(() => 'fast');
  api.get('/search').params('mode=slow').produces('text/plain').handle(() => 'slow');
  api.delete('/cars/{id:\\d+}').params('!force').timeout(1000, { status: 504 }).handle(() => undefined);
  api.route('/echo').body(String).handle((ctx) => ctx.body);
  const document = api.openapi({ info, servers: [{ url: 'https://cars.example' }] });
  const paths = document.paths;

  it('validates against the OpenAPI 3.1 schema, every reference resolving', async () => {
    expect(document.openapi).toBe('3.1.1');
    expect(document.info).toEqual(info);
    expect(document.servers).toEqual([{ url: 'https://cars.example' }]);
    expect(await openApiErrors(document)).toEqual([]);
  });

  it('describes each placeholder as a path parameter with its pattern, anchored', () => {
    expect(Object.keys(paths)).toContain('/api/cars/{id}');
    expect(parameter(paths['/api/cars/{id}']?.get, 'path', 'id')).toEqual({ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^(?:\\d+)$' } });
  });

  it('describes a catch-all as a path parameter that takes the rest of the path', () => {
    const rest = parameter(paths['/api/files/{rest}']?.get, 'path', 'rest');
    expect(rest).toMatchObject({ required: true, 'x-catch-all': true, schema: { type: 'string' } });
    expect(rest?.description).toMatch(/rest of the path/);
  });

  it('describes query and header bindings with their types, bounds, defaults and arrays', () => {
    const list = paths['/api/cars{color}']?.get;
    expect(parameter(list, 'query', 'page')).toEqual({ name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 1 } });
    expect(parameter(list, 'query', 'tag')).toEqual({ name: 'tag', in: 'query', required: false, style: 'form', explode: true, schema: { type: 'array', items: { type: 'string' } } });
    expect(parameter(list, 'header', 'X-Tenant')).toEqual({ name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } });
  });

  it('describes cookie bindings as parameters in: cookie, and their Vary: Cookie', () => {
    const garage = paths['/api/garage']?.get;
    expect(parameter(garage, 'cookie', 'session')).toEqual({ name: 'session', in: 'cookie', required: true, schema: { type: 'string' } });
    expect(parameter(garage, 'cookie', 'seen')).toEqual({ name: 'seen', in: 'cookie', required: false, style: 'form', explode: false, schema: { type: 'array', items: { type: 'string' } } });
    expect(garage?.responses['200']).toMatchObject({ headers: { Vary: { example: 'Cookie' } } });
  });

  it('describes a matrix variable as a path parameter of style matrix, in the path', () => {
    expect(parameter(paths['/api/cars{color}']?.get, 'path', 'color')).toMatchObject({ in: 'path', required: true, style: 'matrix', explode: false, schema: { type: 'array' } });
  });

  it('says that a route exists only for its params and headers conditions', () => {
    const search = paths['/api/search']?.get;
    expect(search?.['x-routes']).toEqual(['GET /api/search params: mode=fast headers: X-Beta produces: text/plain', 'GET /api/search params: mode=slow produces: text/plain']);
    expect(search?.description).toMatch(/2 routes answer this operation/);
    // Required: every variant needs it; its values choose the variant.
    expect(parameter(search, 'query', 'mode')).toMatchObject({ required: true, schema: { type: 'string', enum: ['fast', 'slow'] }, 'x-condition': ['mode=fast', 'mode=slow'] });
    expect(parameter(search, 'header', 'x-beta')).toMatchObject({ required: false, 'x-condition': ['X-Beta'] });
    const remove = paths['/api/cars/{id}']?.delete;
    expect(parameter(remove, 'query', 'force')).toMatchObject({ required: false, 'x-condition': ['!force'] });
    expect(parameter(remove, 'query', 'force')?.description).toMatch(/only requests without this query parameter/);
  });

  it('describes the request body per consumed type with the JSON Schema zod gives, XML and forms included', () => {
    const body = paths['/api/cars/{id}']?.put?.requestBody;
    const schema = { type: 'object', properties: { make: { type: 'string' }, year: { type: 'integer', minimum: 1886, maximum: Number.MAX_SAFE_INTEGER } }, required: ['make', 'year'] };
    expect(body?.required).toBe(true);
    expect(Object.keys(body?.content ?? {})).toEqual(['application/json', 'application/xml', 'application/x-www-form-urlencoded']);
    for (const media of Object.values(body?.content ?? {})) expect(media.schema).toEqual(schema);
  });

  it('describes a String body in every type the converters read it from', () => {
    const body = paths['/api/echo']?.post?.requestBody;
    expect(body?.content['text/plain']).toEqual({ schema: { type: 'string' } });
  });

  it('describes the answer per produced type, with ETag, Last-Modified, Cache-Control and Vary', () => {
    // 200 for a GET: reference pages show an answer under a range as undocumented.
    const ok = paths['/api/cars/{id}']?.get?.responses['200'];
    expect(ok).toMatchObject({ content: { 'application/json': { schema: {} }, 'application/xml': { schema: {} } } });
    expect(ok && 'headers' in ok ? Object.keys(ok.headers ?? {}) : []).toEqual(['ETag', 'Last-Modified', 'Cache-Control', 'Vary']);
    expect(ok && 'headers' in ok ? ok.headers?.['Cache-Control'] : undefined).toMatchObject({ example: 'max-age=60' });
  });

  it('describes the answer in each type the route declares, whatever the handler returns', () => {
    expect(paths['/api/search']?.get?.responses['200']).toMatchObject({ content: { 'text/plain': { schema: {} } } });
    expect(paths['/api/files/{rest}']?.get?.responses['200']).toMatchObject({ content: { 'application/octet-stream': { schema: {} } } });
  });

  it('says that PUT answers are never stored (Cache-Control: no-store)', () => {
    const ok = paths['/api/cars/{id}']?.put?.responses['2XX'];
    expect(ok && 'headers' in ok ? ok.headers?.['Cache-Control'] : undefined).toMatchObject({ example: 'no-store' });
  });

  it('takes If-Match and If-None-Match where the route gives validators, and answers 304 to GET and 412', () => {
    const get = paths['/api/cars/{id}']?.get;
    expect(refs(get)).toEqual(['#/components/parameters/IfMatch', '#/components/parameters/IfNoneMatch', '#/components/parameters/IfModifiedSince']);
    expect(Object.keys(get?.responses ?? {})).toEqual(expect.arrayContaining(['304', '412']));
    const put = paths['/api/cars/{id}']?.put;
    expect(refs(put)).toEqual(['#/components/parameters/IfMatch', '#/components/parameters/IfNoneMatch', '#/components/parameters/IfUnmodifiedSince']);
    expect(put?.responses['304']).toBeUndefined();
    // Every answer a cache may store carries an ETag of its bytes; bytes take ranges.
    expect(refs(paths['/api/files/{rest}']?.get)).toEqual([
      '#/components/parameters/IfMatch',
      '#/components/parameters/IfNoneMatch',
      '#/components/parameters/IfModifiedSince',
      '#/components/parameters/Range',
      '#/components/parameters/IfRange',
    ]);
  });

  it.each([
    ['GET', '/api/cars/{id}', ['200', '304', '404', '405', '406', '412']],
    ['PUT', '/api/cars/{id}', ['2XX', '400', '404', '405', '412', '413', '415']],
    // Its preconditions are evaluated against the path's GET (RFC 9110 section 13.2.1).
    ['DELETE', '/api/cars/{id}', ['2XX', '400', '404', '405', '412', '504']],
    ['GET', '/api/cars{color}', ['200', '304', '400', '405', '406', '412']],
    ['GET', '/api/search', ['200', '304', '400', '404', '405', '406', '412']],
    ['GET', '/api/files/{rest}', ['200', '206', '304', '404', '405', '406', '412', '416']],
    // A route of every method: no 405.
    ['POST', '/api/echo', ['2XX', '400', '412', '413', '415']],
  ])('lists the problems %s %s may answer: %j', (method, path, statuses) => {
    const responses = paths[path]?.[method.toLowerCase() as 'get']?.responses ?? {};
    expect(Object.keys(responses).sort()).toEqual([...statuses].sort());
    for (const status of statuses.filter((s) => s >= '400')) expect(responses[status]).toHaveProperty('$ref');
  });

  it('refers every problem to one RFC 9457 schema, in JSON and XML', () => {
    const { responses, schemas } = document.components;
    for (const response of Object.values(responses ?? {})) {
      expect(response.content).toEqual({
        'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
        'application/problem+xml': { schema: { $ref: '#/components/schemas/Problem' } },
      });
    }
    expect(schemas?.Problem).toMatchObject({ required: ['type', 'title', 'status'], xml: { name: 'problem', namespace: 'urn:ietf:rfc:7807' } });
    expect(responses?.MethodNotAllowed?.headers).toHaveProperty('Allow');
    expect(paths['/api/cars/{id}']?.get?.responses['405']).toEqual({ $ref: '#/components/responses/MethodNotAllowed' });
  });

  it('describes a route that declares no method under each method it answers', () => {
    expect(Object.keys(paths['/api/echo'] ?? {}).filter((key) => !key.startsWith('x-'))).toEqual(['get', 'put', 'post', 'delete', 'patch']);
  });

  it('derives a unique operationId from the method and path', () => {
    const ids = Object.values(paths).flatMap((item) => Object.values(item).filter((op): op is OperationObject => typeof op === 'object' && op !== null && 'operationId' in op).map((op) => op.operationId));
    expect(ids).toContain('getApiCarsById');
    expect(ids).toContain('putApiCarsById');
    expect(ids).toContain('getApiFilesByRest');
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('router.openapi() with schemas of other libraries and shared definitions', () => {
  it('takes the JSON Schema of a valibot body from toStandardJsonSchema (@valibot/to-json-schema)', async () => {
    const api = createRouter();
    const schema = toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.minLength(2)) }));
    api.post('/people').consumes('application/json').body(schema).handle(() => undefined);
    const document = api.openapi({ info });
    expect(document.paths['/people']?.post?.requestBody?.content['application/json']?.schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string', minLength: 2 } },
      required: ['name'],
    });
    expect(await openApiErrors(document)).toEqual([]);
  });

  it('says when a schema offers no JSON Schema, and still validates', async () => {
    const api = createRouter();
    api.post('/people').consumes('application/json').body(v.object({ name: v.string() })).handle(() => undefined);
    const document = api.openapi({ info });
    expect(document.paths['/people']?.post?.requestBody?.content['application/json']?.schema).toMatchObject({ description: expect.stringMatching(/toStandardJsonSchema/) });
    expect(await openApiErrors(document)).toEqual([]);
  });

  it("moves a schema's $defs and its recursive references to components.schemas", async () => {
    const api = createRouter();
    const node: z.ZodType<{ name: string; children: unknown[] }> = z.object({ name: z.string(), get children() { return z.array(node); } });
    const tag = z.string().meta({ id: 'Tag' });
    api.post('/trees').consumes('application/json').body(node).handle(() => undefined);
    api.post('/posts').consumes('application/json').body(z.object({ tags: z.array(tag) })).handle(() => undefined);
    api.put('/posts').consumes('application/json').body(z.object({ tag })).handle(() => undefined);
    const document = api.openapi({ info });
    const json = JSON.stringify(document);
    expect(json).not.toContain('"#/$defs/');
    expect(json).not.toContain('"$ref":"#"');
    // One definition met in two bodies keeps one name.
    expect(document.components.schemas?.Tag).toEqual({ type: 'string' });
    expect(Object.keys(document.components.schemas ?? {}).sort()).toEqual(['Problem', 'Tag', 'zodSchema']);
    expect(document.paths['/trees']?.post?.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/zodSchema' });
    expect(await openApiErrors(document)).toEqual([]);
  });

  it('refuses two operations that declare one operationId, naming both', () => {
    const api = createRouter();
    api.get('/a').operationId('read').handle(() => 1);
    api.get('/b').operationId('read').handle(() => 1);
    expect(() => api.openapi({ info })).toThrow("operationId 'read' is declared by both GET /a and GET /b");
  });

  it('numbers a default operationId another operation holds', () => {
    const api = createRouter();
    api.get('/a-b').handle(() => 1);
    api.get('/a_b').handle(() => 1);
    const ids = Object.values(api.openapi({ info }).paths).map((item) => item.get?.operationId);
    expect(ids).toEqual(['getAB', 'getAB2']);
  });
});

export type { OpenApiDocument };
