import { createRouter } from '../../src';

describe('router.routes() and router.printRoutes()', () => {
  const api = createRouter({ path: '/api', produces: 'application/json' });
  api.put('/cars/{id}').consumes('application/json').handle(() => undefined);
  api.get('/cars/{id}').params('debug').headers('X-Api-Version=2').handle(() => undefined);
  api.route('/health').produces('text/plain').handle(() => ({ route: 'ok' }));
  api.map({ path: '/cars', method: ['GET', 'POST'] }, () => []);

  it('answers the route table in declaration order, with the combined conditions', () => {
    expect(api.routes()).toEqual([
      {
        methods: ['PUT'],
        path: '/api/cars/{id}',
        params: '',
        headers: '',
        consumes: ['application/json'],
        produces: ['application/json'],
        description: 'PUT /api/cars/{id} consumes: application/json produces: application/json',
      },
      {
        methods: ['GET'],
        path: '/api/cars/{id}',
        params: 'debug',
        headers: 'X-Api-Version=2',
        consumes: [],
        produces: ['application/json'],
        description: 'GET /api/cars/{id} params: debug headers: X-Api-Version=2 produces: application/json',
      },
      { methods: [], path: '/api/health', params: '', headers: '', consumes: [], produces: ['text/plain'], description: '* /api/health produces: text/plain' },
      { methods: ['GET', 'POST'], path: '/api/cars', params: '', headers: '', consumes: [], produces: ['application/json'], description: 'GET|POST /api/cars produces: application/json' },
    ]);
  });

  it('prints one aligned line per route, sorted by path then method', () => {
    expect(api.printRoutes()).toBe(
      [
        'GET|POST  /api/cars  [produces: application/json]',
        'GET       /api/cars/{id}  [params: debug; headers: X-Api-Version=2; produces: application/json]',
        'PUT       /api/cars/{id}  [consumes: application/json; produces: application/json]',
        '*         /api/health  [produces: text/plain]',
      ].join('\n'),
    );
  });

  it('prints an empty table for a router without routes', () => {
    expect(createRouter().printRoutes()).toBe('');
    expect(createRouter().routes()).toEqual([]);
  });
});
