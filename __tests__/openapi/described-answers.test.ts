import express from 'express';
import request from 'supertest';
import { type OpenApiDocument, type ResponseObject, Forbidden, HttpError, MethodNotAllowed, NotFound, Unauthorized, createRouter, hooks } from '../../src';
import { openApiErrors } from '../setup/validate-openapi';

const info = { title: 'Files', version: '1.0.0' };

/** The response of `status` an operation lists, its component resolved. */
function response(document: OpenApiDocument, path: string, method: string, status: string): ResponseObject | undefined {
  const listed = document.paths[path]?.[method as 'get']?.responses[status];
  if (listed === undefined || !('$ref' in listed)) return listed;
  return document.components.responses?.[listed.$ref.slice('#/components/responses/'.length)];
}

function statuses(document: OpenApiDocument, path: string, method: string): string[] {
  return Object.keys(document.paths[path]?.[method as 'get']?.responses ?? {}).sort();
}

/** A guard that lets reads through and asks writes for `Bearer good`: 400 malformed, 401 unknown, 403 read-only. */
const guard = hooks({
  preHandler(ctx) {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return;
    const authorization = ctx.headers.authorization;
    if (authorization === undefined) throw new Unauthorized('A token, please', { challenge: 'Bearer' });
    if (!authorization.startsWith('Bearer ')) throw new HttpError(400, 'Not a bearer token');
    if (authorization === 'Bearer reader') throw new Forbidden('Read only');
    if (authorization !== 'Bearer good') throw new Unauthorized('Unknown token', { challenge: 'Bearer error="invalid_token"' });
  },
  security: { name: 'bearer', scheme: { type: 'http', scheme: 'bearer' }, methods: ['PUT', 'PATCH', 'DELETE', 'POST'] },
});

function filesApp() {
  const files = new Map<string, Buffer>([['a', Buffer.from('0123456789')]]);
  const api = createRouter({ fallthrough: false }).use(guard);
  api.get('/files/{name}').produces('application/octet-stream').handle((ctx) => {
    const file = files.get(ctx.path.name);
    if (file === undefined) throw new NotFound('No such file');
    return file;
  });
  api
    .put('/files/{name}')
    .consumes('application/octet-stream')
    .body(Buffer)
    .handle((ctx) => {
      files.set(ctx.path.name, ctx.body);
      return undefined;
    });
  api
    .patch('/files/{name}')
    .consumes('application/merge-patch+json')
    .body(Object)
    .handle(() => {
      throw new HttpError(422, 'A file is no JSON object');
    });
  api
    .post('/files/{name}')
    .responds(404, 'No such file')
    .responds(405, 'The file exists: POST creates files elsewhere')
    .neverSucceeds()
    .handle((ctx) => {
      if (!files.has(ctx.path.name)) throw new NotFound('No such file');
      throw new MethodNotAllowed(['GET', 'HEAD', 'PUT', 'PATCH', 'OPTIONS'], 'Not here');
    });
  const app = express();
  app.use(api.middleware());
  return { app, document: api.openapi({ info }) };
}

describe('router.openapi(): every answer the library gives is described', () => {
  const { app, document } = filesApp();

  it('validates, every reference resolving', async () => {
    expect(await openApiErrors(document)).toEqual([]);
  });

  describe('an operation whose hooks declare security', () => {
    it.each([
      [undefined, 401],
      ['Basic abc', 400],
      ['Bearer bad', 401],
      ['Bearer reader', 403],
    ])('answers Authorization %j with %i, and lists it', async (authorization, status) => {
      const sent = request(app).put('/files/b').type('application/octet-stream').send(Buffer.from('x'));
      const res = await (authorization === undefined ? sent : sent.set('Authorization', authorization));
      expect(res.status).toBe(status);
      expect(statuses(document, '/files/{name}', 'put')).toContain(String(status));
    });

    it('says that a 401 carries its challenge', () => {
      expect(response(document, '/files/{name}', 'put', '401')?.headers).toHaveProperty('WWW-Authenticate');
    });

    it('lists none of them on a read the guard lets through', () => {
      expect(statuses(document, '/files/{name}', 'get')).not.toContain('401');
      expect(statuses(document, '/files/{name}', 'get')).not.toContain('403');
    });
  });

  it('lists 422 on a PATCH with a body (RFC 5789 section 2.2)', async () => {
    const res = await request(app).patch('/files/a').set('Authorization', 'Bearer good').type('application/merge-patch+json').send('null');
    expect(res.status).toBe(422);
    expect(response(document, '/files/{name}', 'patch', '422')?.description).toMatch(/RFC 5789/);
  });

  it('describes a route that never succeeds by its declared answers, with no success', async () => {
    const missing = await request(app).post('/files/zz').set('Authorization', 'Bearer good');
    const existing = await request(app).post('/files/a').set('Authorization', 'Bearer good');
    expect([missing.status, existing.status]).toEqual([404, 405]);
    const listed = statuses(document, '/files/{name}', 'post');
    expect(listed.filter((status) => status.startsWith('2'))).toEqual([]);
    expect(response(document, '/files/{name}', 'post', '404')?.description).toBe('No such file');
    expect(response(document, '/files/{name}', 'post', '405')?.content).toHaveProperty(['application/problem+json']);
  });

  it('lists 405, with Allow, on each operation of a path that refuses some method', async () => {
    const res = await request(app).delete('/files/a').set('Authorization', 'Bearer good');
    expect(res.status).toBe(405);
    for (const method of ['get', 'put', 'patch']) expect(statuses(document, '/files/{name}', method)).toContain('405');
    expect(response(document, '/files/{name}', 'get', '405')?.headers).toHaveProperty('Allow');
    expect(document.paths['/files/{name}']).not.toHaveProperty('x-method-not-allowed');
  });

  describe('a GET of bytes', () => {
    it('answers Range with 206 and 416, and describes Range, If-Range, Accept-Ranges, 206 and 416', async () => {
      const partial = await request(app).get('/files/a').set('Range', 'bytes=0-3');
      const outside = await request(app).get('/files/a').set('Range', 'bytes=100-');
      expect([partial.status, outside.status]).toEqual([206, 416]);
      expect(partial.headers['accept-ranges']).toBe('bytes');
      const get = document.paths['/files/{name}']?.get;
      expect(get?.parameters).toEqual(expect.arrayContaining([{ $ref: '#/components/parameters/Range' }, { $ref: '#/components/parameters/IfRange' }]));
      expect(response(document, '/files/{name}', 'get', '206')?.headers).toHaveProperty('Content-Range');
      expect(response(document, '/files/{name}', 'get', '200')?.headers).toHaveProperty('Accept-Ranges');
      expect(response(document, '/files/{name}', 'get', '416')?.headers).toHaveProperty('Content-Range');
    });

    it('answers If-None-Match with 304 from the ETag of its bytes, and describes both', async () => {
      const first = await request(app).get('/files/a');
      const again = await request(app).get('/files/a').set('If-None-Match', first.headers.etag!);
      expect(again.status).toBe(304);
      expect(response(document, '/files/{name}', 'get', '200')?.headers).toHaveProperty('ETag');
      expect(statuses(document, '/files/{name}', 'get')).toEqual(expect.arrayContaining(['304', '412']));
    });
  });

  it('evaluates an unsafe request\'s preconditions against the GET, and describes If-Match and 412', async () => {
    const res = await request(app).put('/files/a').set('Authorization', 'Bearer good').set('If-Match', '"other"').type('application/octet-stream').send(Buffer.from('x'));
    expect(res.status).toBe(412);
    expect(document.paths['/files/{name}']?.put?.parameters).toEqual(expect.arrayContaining([{ $ref: '#/components/parameters/IfMatch' }, { $ref: '#/components/parameters/IfUnmodifiedSince' }]));
    expect(statuses(document, '/files/{name}', 'put')).toContain('412');
  });

  it('describes the problem+xml errors element as it is written, wrapped', async () => {
    const api = createRouter();
    api.get('/n').query('n', { type: 'integer' }).handle(() => 'ok');
    const local = express().use(api.middleware());
    const res = await request(local).get('/n?n=x').set('Accept', 'application/problem+xml');
    expect(res.text).toMatch(/<errors><i>/);
    const problem = api.openapi({ info }).components.schemas?.Problem as { properties: { errors: { xml: unknown } } };
    expect(problem.properties.errors.xml).toEqual({ name: 'errors', wrapped: true });
  });

  it('defines only the components the operations refer to', () => {
    const api = createRouter();
    api.get('/plain').produces('text/plain').cache({ noStore: true }).handle(() => 'x');
    const { components } = api.openapi({ info });
    expect(Object.keys(components.responses ?? {})).toEqual(['MethodNotAllowed', 'NotAcceptable']);
    expect(components.parameters).toEqual({});
    expect(Object.keys(components.headers ?? {})).toEqual(['VaryAccept']);
  });

  it('describes .body(Object) in the patch formats by their RFCs, and bytes in each type, each route\'s description kept', async () => {
    const api = createRouter();
    api.patch('/doc').consumes('application/json-patch+json').description('JSON Patch.').body(Object).handle(() => undefined);
    api.patch('/doc').consumes('application/merge-patch+json').description('Merge patch.').body(Object).handle(() => undefined);
    api.put('/image').consumes('image/png').body(Buffer).handle(() => undefined);
    const patched = api.openapi({ info });
    const patch = patched.paths['/doc']?.patch;
    expect(patch?.requestBody?.content['application/json-patch+json']?.schema).toEqual({ $ref: '#/components/schemas/JsonPatch' });
    expect(patched.components.schemas?.JsonPatch).toMatchObject({ type: 'array', items: { oneOf: expect.any(Array) } });
    expect(patch?.requestBody?.content['application/merge-patch+json']?.schema).toMatchObject({ description: expect.stringContaining('RFC 7396') });
    expect(patch?.description).toMatch(/^JSON Patch\.\n\nMerge patch\./);
    expect(patched.paths['/image']?.put?.requestBody?.content['image/png']?.schema).toMatchObject({ contentMediaType: 'image/png' });
    expect(await openApiErrors(patched)).toEqual([]);
  });

  it('lists the values a binding enumerates', () => {
    const api = createRouter();
    api.get('/list').query('sort', { values: ['name', 'date'] }).handle(() => []);
    const sort = api.openapi({ info }).paths['/list']?.get?.parameters?.[0];
    expect(sort).toMatchObject({ name: 'sort', schema: { type: 'string', enum: ['name', 'date'] } });
  });
});
