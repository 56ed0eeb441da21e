import express from 'express';
import request from 'supertest';
import { type ParameterObject, createRouter } from '../../src';

/** /things/{id} (GET, PUT) beside the literal /things/search (GET, text/plain only). */
function thingsApp() {
  const things = new Map<string, string>();
  const api = createRouter({ fallthrough: false });
  api.get('/things/search').produces('text/plain').handle(() => 'found');
  api.get('/things/{id}').produces('application/json').handle((ctx) => ({ id: ctx.path.id, name: things.get(ctx.path.id) }));
  api
    .put('/things/{id}')
    .body(String)
    .handle((ctx) => {
      things.set(ctx.path.id, ctx.body);
      return undefined;
    });
  api.get('/things/{id}/parts').handle((ctx) => ({ of: ctx.path.id }));
  return { app: express().use(api.middleware()), api };
}

describe('a placeholder beside a literal sub-resource', () => {
  const { app, api } = thingsApp();

  it('answers 405 to a write at the literal, naming its own methods, instead of creating it', async () => {
    const res = await request(app).put('/things/search').type('text/plain').send('x');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('answers 406 for the literal when Accept refuses its types, not the placeholder route', async () => {
    expect((await request(app).get('/things/search').set('Accept', 'application/json')).status).toBe(406);
  });

  it('still takes other values, and paths the literal\'s routes do not match', async () => {
    expect((await request(app).put('/things/searching').type('text/plain').send('y')).status).toBe(204);
    expect((await request(app).get('/things/search/parts')).body).toEqual({ of: 'search' });
  });

  it('describes the literal as a value the placeholder never takes', () => {
    const document = api.openapi({ info: { title: 'Things', version: '1' } });
    const id = document.paths['/things/{id}']?.put?.parameters?.find((p): p is ParameterObject => 'name' in p && p.name === 'id');
    expect(id?.schema).toEqual({ type: 'string', not: { enum: ['search'] } });
    const parts = document.paths['/things/{id}/parts']?.get?.parameters?.find((p): p is ParameterObject => 'name' in p && p.name === 'id');
    expect(parts?.schema).toEqual({ type: 'string' });
  });
});
