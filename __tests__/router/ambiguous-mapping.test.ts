import { AmbiguousMappingError, type Router, createRouter } from '../../src';

type Declare = (api: Router) => void;

describe('ambiguous mappings', () => {
  it.each<[string, Declare, Declare, string, string]>([
    ['the same route twice', (a) => a.get('/cars').handle(() => 1), (a) => a.get('/cars').handle(() => 2), 'GET /cars', 'GET /cars'],
    ['placeholders named differently', (a) => a.get('/cars/{id}').handle(() => 1), (a) => a.get('/cars/{name}').handle(() => 2), 'GET /cars/{id}', 'GET /cars/{name}'],
    ['overlapping methods', (a) => a.route('/cars').method('GET', 'POST').handle(() => 1), (a) => a.post('/cars').handle(() => 2), 'GET|POST /cars', 'POST /cars'],
    ['two routes without method', (a) => a.route('/cars').handle(() => 1), (a) => a.route('/cars/').handle(() => 2), '* /cars', '* /cars'],
    ['params on different names', (a) => a.get('/cars').params('a').handle(() => 1), (a) => a.get('/cars').params('b').handle(() => 2), 'GET /cars params: a', 'GET /cars params: b'],
    // `mode=fast` and `mode!=slow` are not ambiguous: a value match ranks above a negation (as in Spring).
    ['param values that can both hold', (a) => a.get('/cars').params('mode=fast').handle(() => 1), (a) => a.get('/cars').params('debug=on').handle(() => 2), 'GET /cars params: mode=fast', 'GET /cars params: debug=on'],
    ['the same header condition', (a) => a.get('/cars').headers('X-V=1').handle(() => 1), (a) => a.get('/cars').headers('x-v=1').handle(() => 2), 'GET /cars headers: X-V=1', 'GET /cars headers: x-v=1'],
    ['overlapping consumes', (a) => a.post('/cars').consumes('application/json', 'text/plain').handle(() => 1), (a) => a.post('/cars').consumes('text/plain').handle(() => 2), 'POST /cars consumes: application/json, text/plain', 'POST /cars consumes: text/plain'],
    ['overlapping produces', (a) => a.get('/cars').produces('application/json').handle(() => 1), (a) => a.get('/cars').produces('application/xml', 'application/json').handle(() => 2), 'GET /cars produces: application/json', 'GET /cars produces: application/xml, application/json'],
    ['the same declarative route', (a) => a.map({ path: '/cars', method: 'GET' }, () => 1), (a) => a.map({ value: '/cars', method: 'get' }, () => 2), 'GET /cars', 'GET /cars'],
  ])('rejects %s at declaration, naming both routes', (_, first, second, existing, added) => {
    const api = createRouter();
    first(api);
    expect(() => second(api)).toThrow(AmbiguousMappingError);
    expect(() => second(api)).toThrow(`Ambiguous mapping: '${added}' would tie with the already declared '${existing}' for some requests`);
  });

  it('names the routes with the router prefix', () => {
    const api = createRouter({ path: '/v1' });
    api.get('/cars').handle(() => 1);
    expect(() => api.get('/cars/').handle(() => 2)).toThrow("'GET /v1/cars' would tie with the already declared 'GET /v1/cars'");
  });

  it.each<[string, Declare, Declare]>([
    ['different methods', (a) => a.get('/cars').handle(() => 1), (a) => a.post('/cars').handle(() => 2)],
    ['an explicit method and none', (a) => a.get('/cars').handle(() => 1), (a) => a.route('/cars').handle(() => 2)],
    ['GET and an explicit HEAD', (a) => a.get('/cars').handle(() => 1), (a) => a.route('/cars').method('HEAD').handle(() => 2)],
    ['mode=fast and mode=slow', (a) => a.get('/cars').params('mode=fast').handle(() => 1), (a) => a.get('/cars').params('mode=slow').handle(() => 2)],
    ['debug and !debug', (a) => a.get('/cars').params('debug').handle(() => 1), (a) => a.get('/cars').params('!debug').handle(() => 2)],
    ['one and two params', (a) => a.get('/cars').params('a').handle(() => 1), (a) => a.get('/cars').params('a', 'b').handle(() => 2)],
    ['disjoint header values', (a) => a.get('/cars').headers('X-V=1').handle(() => 1), (a) => a.get('/cars').headers('X-V=2').handle(() => 2)],
    ['disjoint consumes', (a) => a.post('/cars').consumes('application/json').handle(() => 1), (a) => a.post('/cars').consumes('text/plain').handle(() => 2)],
    ['consumes of different specificity', (a) => a.post('/cars').consumes('application/json').handle(() => 1), (a) => a.post('/cars').consumes('application/*').handle(() => 2)],
    ['disjoint produces', (a) => a.get('/cars').produces('application/json').handle(() => 1), (a) => a.get('/cars').produces('application/xml').handle(() => 2)],
    ['different paths', (a) => a.get('/cars/{id}').handle(() => 1), (a) => a.get('/cars/{id:\\d+}').handle(() => 2)],
  ])('accepts routes with %s', (_, first, second) => {
    const api = createRouter();
    first(api);
    expect(() => second(api)).not.toThrow();
    expect(api.routes()).toHaveLength(2);
  });

  it('does not register the rejected route', () => {
    const api = createRouter();
    api.get('/cars').handle(() => 1);
    expect(() => api.get('/cars').handle(() => 2)).toThrow(AmbiguousMappingError);
    expect(api.routes()).toHaveLength(1);
  });
});
