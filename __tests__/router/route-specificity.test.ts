import request from 'supertest';
import type { Router } from '../../src';
import { serve } from '../setup/app-fixture';

type Declare = (api: Router) => void;

/** Declares the routes in both orders, so that declaration order cannot be what decides. */
function bothOrders(a: Declare, b: Declare): [string, ReturnType<typeof serve>][] {
  return [
    ['declared first', serve((api) => (a(api), b(api)))],
    ['declared last', serve((api) => (b(api), a(api)))],
  ];
}

describe('choosing the most specific route', () => {
  describe('by path', () => {
    const cases = bothOrders(
      (api) => {
        api.get('/cars/new').handle(() => ({ route: 'literal' }));
        api.get('/cars/{id:\\d+}').handle(() => ({ route: 'constrained' }));
      },
      (api) => {
        api.get('/cars/{id}').handle(() => ({ route: 'placeholder' }));
        api.get('/cars/{*rest}').handle(() => ({ route: 'catch-all' }));
      },
    );

    describe.each(cases)('when the more specific routes are %s', (_, app) => {
      it.each([
        ['/cars/new', 'literal'],
        ['/cars/42', 'constrained'],
        ['/cars/abc', 'placeholder'],
        ['/cars/abc/def', 'catch-all'],
      ])('answers %s from the %s route', async (path, route) => {
        expect((await request(app).get(path)).body.route).toBe(route);
      });
    });
  });

  describe('by params conditions (more wins)', () => {
    describe.each(
      bothOrders(
        (api) => api.get('/cars').params('debug', 'mode=fast').handle(() => ({ route: 'two' })),
        (api) => {
          api.get('/cars').params('debug').handle(() => ({ route: 'one' }));
          api.get('/cars').handle(() => ({ route: 'none' }));
        },
      ),
    )('when the more specific route is %s', (_, app) => {
      it.each([
        ['/cars?debug&mode=fast', 'two'],
        ['/cars?debug', 'one'],
        ['/cars', 'none'],
      ])('answers %s from the route with %s', async (path, route) => {
        expect((await request(app).get(path)).body.route).toBe(route);
      });
    });
  });

  describe('by headers conditions (more wins)', () => {
    describe.each(
      bothOrders(
        (api) => api.get('/cars').headers('X-A', 'X-B=1').handle(() => ({ route: 'two' })),
        (api) => {
          api.get('/cars').headers('X-A').handle(() => ({ route: 'one' }));
          api.get('/cars').handle(() => ({ route: 'none' }));
        },
      ),
    )('when the more specific route is %s', (_, app) => {
      it.each([
        [{ 'X-A': '1', 'X-B': '1' }, 'two'],
        [{ 'X-A': '1', 'X-B': '2' }, 'one'],
        [{}, 'none'],
      ])('answers headers %j from the route with %s', async (headers, route) => {
        expect((await request(app).get('/cars').set(headers)).body.route).toBe(route);
      });
    });
  });

  describe('by the conditions that name a value, when the counts are equal (as in Spring)', () => {
    describe.each(
      bothOrders(
        (api) => {
          api.get('/modes').params('mode=fast').handle(() => ({ route: 'value' }));
          api.get('/modes').headers('X-V=1').handle(() => ({ route: 'header value' }));
        },
        (api) => {
          api.get('/modes').params('mode').handle(() => ({ route: 'present' }));
          api.get('/modes').headers('X-V').handle(() => ({ route: 'header present' }));
        },
      ),
    )('when the value routes are %s', (_, app) => {
      it.each([
        ['/modes?mode=fast', {}, 'value'],
        ['/modes?mode=slow', {}, 'present'],
        ['/modes', { 'X-V': '1' }, 'header value'],
        ['/modes', { 'X-V': '2' }, 'header present'],
      ])('answers %s with headers %j from the %s route', async (path, headers, route) => {
        expect((await request(app).get(path).set(headers)).body.route).toBe(route);
      });
    });
  });

  describe('by consumes (more specific wins)', () => {
    describe.each(
      bothOrders(
        (api) => api.post('/cars').consumes('application/json').handle(() => ({ route: 'json' })),
        (api) => {
          api.post('/cars').consumes('application/*').handle(() => ({ route: 'application' }));
          api.post('/cars').handle(() => ({ route: 'any' }));
        },
      ),
    )('when the more specific route is %s', (_, app) => {
      it.each([
        ['application/json', 'json'],
        ['application/xml', 'application'],
        ['text/plain', 'any'],
      ])('answers a %s body from the %s route', async (contentType, route) => {
        expect((await request(app).post('/cars').set('Content-Type', contentType).send('{}')).body.route).toBe(route);
      });
    });
  });

  describe('by produces (the Accept weights decide)', () => {
    describe.each(
      bothOrders(
        (api) => api.get('/cars').produces('application/json').handle(() => ({ route: 'json' })),
        (api) => api.get('/cars').produces('application/problem+json').handle(() => ({ route: 'problem' })),
      ),
    )('when the JSON route is %s', (_, app) => {
      it.each([
        ['application/problem+json, application/json;q=0.5', 'problem'],
        ['application/problem+json;q=0.5, application/json', 'json'],
        ['application/*;q=0.5, application/problem+json', 'problem'],
        ['application/json', 'json'],
        // Equal weights and equally specific ranges: the earlier range in the header decides, as it
        // does between the types of one route.
        ['application/problem+json, application/json', 'problem'],
        ['application/json, application/problem+json', 'json'],
      ])('answers Accept %j from the %s route', async (accept, route) => {
        expect((await request(app).get('/cars').set('Accept', accept)).body.route).toBe(route);
      });
    });

    it('prefers a route that produces something over one that declares nothing', async () => {
      for (const [, app] of bothOrders(
        (api) => api.get('/cars').produces('application/json').handle(() => ({ route: 'json' })),
        (api) => api.get('/cars').handle(() => ({ route: 'unspecified' })),
      )) {
        expect((await request(app).get('/cars')).body.route).toBe('json');
      }
    });

    it('answers from the route declared first when Accept does not decide between disjoint produces', async () => {
      const app = serve((api) => {
        api.get('/cars').produces('application/problem+json').handle(() => ({ route: 'problem' }));
        api.get('/cars').produces('application/json').handle(() => ({ route: 'json' }));
      });
      expect((await request(app).get('/cars')).body.route).toBe('problem');
      expect((await request(app).get('/cars').set('Accept', 'application/*')).body.route).toBe('problem');
    });
  });

  describe('by declaration order, when nothing else decides', () => {
    it('answers from the route declared first when a repeated parameter meets disjoint params conditions', async () => {
      for (const [first, second] of [['fast', 'slow'], ['slow', 'fast']]) {
        const app = serve((api) => {
          api.get('/cars').params(`mode=${first}`).handle(() => ({ route: first }));
          api.get('/cars').params(`mode=${second}`).handle(() => ({ route: second }));
        });
        expect((await request(app).get('/cars?mode=fast&mode=slow')).body.route).toBe(first);
        expect((await request(app).get('/cars?mode=slow')).body.route).toBe('slow');
      }
    });
  });

  describe('by method (explicit over none)', () => {
    describe.each(
      bothOrders(
        (api) => api.get('/cars').handle(() => ({ route: 'get' })),
        (api) => api.route('/cars').handle(() => ({ route: 'any' })),
      ),
    )('when the GET route is %s', (_, app) => {
      it('answers GET from the GET route', async () => {
        expect((await request(app).get('/cars')).body.route).toBe('get');
      });

      it('answers other methods from the route without a method condition', async () => {
        expect((await request(app).delete('/cars')).body.route).toBe('any');
      });
    });
  });

  describe('in order: path, then params, then headers, then consumes, then produces, then method', () => {
    it.each<[string, Declare, Declare, string]>([
      ['a literal path beats more params', (api) => api.get('/a/x').handle(() => ({ route: 'path' })), (api) => api.get('/a/{p}').params('q').handle(() => ({ route: 'params' })), 'path'],
      ['params beat headers', (api) => api.get('/a').params('q').handle(() => ({ route: 'params' })), (api) => api.get('/a').headers('X-H', 'X-I').handle(() => ({ route: 'headers' })), 'params'],
      ['headers beat consumes', (api) => api.get('/a').headers('X-H').handle(() => ({ route: 'headers' })), (api) => api.get('/a').consumes('application/json').handle(() => ({ route: 'consumes' })), 'headers'],
      ['consumes beat produces', (api) => api.get('/a').consumes('application/json').handle(() => ({ route: 'consumes' })), (api) => api.get('/a').produces('application/json').handle(() => ({ route: 'produces' })), 'consumes'],
      ['produces beat an explicit method', (api) => api.route('/a').produces('application/json').handle(() => ({ route: 'produces' })), (api) => api.get('/a').handle(() => ({ route: 'method' })), 'produces'],
    ])('%s', async (_, a, b, winner) => {
      for (const [, app] of bothOrders(a, b)) {
        const path = winner === 'path' ? '/a/x?q' : '/a?q';
        const res = await request(app).get(path).set('X-H', '1').set('X-I', '1').set('Content-Type', 'application/json').send('{}');
        expect(res.body.route).toBe(winner);
      }
    });
  });
});
