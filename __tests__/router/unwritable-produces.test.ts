import express from 'express';
import request from 'supertest';
import { createRouter } from '../../src';

describe('a route whose produces no converter writes', () => {
  it('throws when declared with the fluent form, naming the route and the type', () => {
    const api = createRouter();
    expect(() => api.get('/users/{id}').produces('application/jsn').handle(() => ({}))).toThrow(
      "Route GET /users/{id}: it produces 'application/jsn', which only the catch-all byte converter writes: did you mean 'application/json'?",
    );
    expect(api.routes()).toEqual([]);
  });

  it('throws when declared with the declarative form', () => {
    expect(() => createRouter().map({ path: '/users', method: 'GET', produces: ['application/json', 'application/xlm'] }, () => [])).toThrow(
      "Route GET /users: it produces 'application/xlm'",
    );
  });

  it("throws for the router's produces, when a route takes it", () => {
    const api = createRouter({ produces: ['application/jsn'] });
    expect(() => api.get('/users').handle(() => [])).toThrow("Route GET /users: it produces 'application/jsn'");
  });

  it('throws for a type the route’s own converters cannot write', () => {
    const api = createRouter();
    expect(() =>
      api
        .get('/avatar')
        .produces('image/png')
        .converters((registry) => registry.remove('byte-array'))
        .handle(() => Buffer.from('png')),
    ).toThrow("Route GET /avatar: it produces 'image/png', which no converter writes");
  });

  describe('when the type is far from every named one (bytes on purpose)', () => {
    const api = createRouter({ onError: jest.fn() });
    api.get('/avatar').produces('image/png').handle(() => Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const app = express().use(api.middleware());

    it('is declared, and answers 200 in that type', async () => {
      const res = await request(app).get('/avatar').set('Accept', 'image/png');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    });
  });
});
