import request from 'supertest';
import type { OpenApiDocument, ParameterObject, ResponseObject } from '../../src';
import { AS_ADMIN, expectProblem, service } from '../setup/service-fixture';

/** The parameter `name` in `location` of an operation. */
function parameter(document: OpenApiDocument, path: string, method: string, location: string, name: string): ParameterObject | undefined {
  return document.paths[path]?.[method as 'get']?.parameters?.find((p): p is ParameterObject => 'name' in p && p.in === location && p.name === name);
}

function responses(document: OpenApiDocument, path: string, method: string): Record<string, unknown> {
  return document.paths[path]?.[method as 'get']?.responses ?? {};
}

/** Every `pattern` in the document. */
function patterns(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(patterns);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, member]) => (key === 'pattern' && typeof member === 'string' ? [member] : patterns(member)));
}

describe("the service's OpenAPI document states what the service enforces", () => {
  const { app, openapi } = service();

  it('gives X-Confirm its one value, and the service refuses any other', async () => {
    expect(parameter(openapi, '/user/all', 'delete', 'header', 'X-Confirm')?.schema).toMatchObject({ type: 'string', enum: ['delete-all-users'] });
    expectProblem(await request(app).delete('/user/all').set(AS_ADMIN).set('X-Confirm', 'yes'), 400);
  });

  it('enumerates the role and fields matrix variables, and the service refuses others', async () => {
    expect(parameter(openapi, '/user/all{role}', 'get', 'path', 'role')?.schema).toMatchObject({ items: { enum: ['admin', 'editor', 'viewer'] } });
    expect(parameter(openapi, '/users/{id}{fields}', 'get', 'path', 'fields')?.schema).toMatchObject({ items: { enum: ['id', 'name', 'email', 'role', 'avatar'] } });
    expectProblem(await request(app).get('/user/all;role=root'), 400);
    expectProblem(await request(app).get('/users/1;fields=password'), 400);
  });

  it('describes a JSON Patch as an array of operations (RFC 6902), and the service refuses an object', async () => {
    const content = openapi.paths['/bookcase']?.patch?.requestBody?.content;
    expect(content?.['application/json-patch+json']?.schema).toEqual({ $ref: '#/components/schemas/JsonPatch' });
    expect(openapi.components.schemas?.JsonPatch).toMatchObject({ type: 'array' });
    expect(content?.['application/merge-patch+json']?.schema).toMatchObject({ description: expect.stringContaining('RFC 7396') });
    expectProblem(await request(app).patch('/bookcase').set(AS_ADMIN).type('application/json-patch+json').send('{"op":"remove"}'), 400);
  });

  it('lists 422 on both PATCH routes, which a merge patch of null gets', async () => {
    expectProblem(await request(app).patch('/bookcase').set(AS_ADMIN).type('application/merge-patch+json').send('null'), 422);
    expect(responses(openapi, '/bookcase', 'patch')).toHaveProperty('422');
    expect(responses(openapi, '/users/{id}', 'patch')).toHaveProperty('422');
  });

  it('describes POST /users/{id} by its 404 and 405, with no success', async () => {
    expectProblem(await request(app).post('/users/zz').set(AS_ADMIN), 404);
    expectProblem(await request(app).post('/users/1').set(AS_ADMIN), 405);
    expect(Object.keys(responses(openapi, '/users/{id}', 'post')).filter((status) => status < '400')).toEqual([]);
  });

  it('says that a PUT body\'s id must be the one in the URI, and the avatar\'s signature bytes', async () => {
    expectProblem(await request(app).put('/users/7').set(AS_ADMIN).send({ id: '8', name: 'A', email: 'a@example.org', role: 'admin' }), 400);
    expect(openapi.paths['/users/{id}']?.put?.description).toMatch(/must be the id in the URI/);
    expect(openapi.paths['/users/{id}/avatar']?.put?.description).toMatch(/`avatar`[\s\S]*89 50 4E 47/);
  });

  it('lists 401 and 403 on every write, which the service answers without and with a read-only token', async () => {
    expectProblem(await request(app).put('/bookcase').send({}), 401);
    for (const [path, item] of Object.entries(openapi.paths)) {
      for (const method of ['put', 'post', 'patch', 'delete'] as const) {
        const listed = item[method]?.responses;
        if (listed !== undefined) expect([path, method, Object.keys(listed)]).toEqual([path, method, expect.arrayContaining(['401', '403'])]);
      }
    }
  });

  it('describes the avatar\'s validators, ranges and 304', () => {
    const get = responses(openapi, '/users/{id}/avatar{v}', 'get');
    expect(Object.keys(get)).toEqual(expect.arrayContaining(['200', '206', '304', '412', '416']));
    expect((get['200'] as ResponseObject).headers).toHaveProperty('ETag');
  });

  it('writes every pattern without look-around, \\u escapes or \\w, which Rust and Go read otherwise or refuse', () => {
    const written = patterns(openapi);
    expect(written.length).toBeGreaterThan(0);
    for (const pattern of written) {
      expect(pattern).not.toMatch(/\(\?[=!<]|\\u|\\w|\\p/);
      expect(() => new RegExp(pattern, 'u')).not.toThrow();
    }
  });

  it('refuses a lone surrogate in a name, which the document states in words', async () => {
    expectProblem(await request(app).put('/users/7').set(AS_ADMIN).type('application/json').send('{"name":"A\\ud800","email":"a@example.org","role":"admin"}'), 400);
    expect((await request(app).put('/users/70').set(AS_ADMIN).send({ name: 'A😀', email: 'a@example.org', role: 'admin' })).status).toBe(201);
  });
});
