import type { MappingAttributes } from '../../src/dsl/mapping-attributes';
import {
  combineMappings,
  compileMapping,
  describeMapping,
  mappingsTie,
} from '../../src/routing/request-mapping';

const compile = (attributes: MappingAttributes) => compileMapping(attributes, 'GET /test');

describe('compileMapping(attributes, routeName)', () => {
  it('should move a Content-Type header condition to consumes and an Accept header condition to produces', () => {
    const mapping = compile({ path: '/x', headers: ['Content-Type=application/json', 'Accept=text/csv,text/plain', 'X-Api-Version=2'] });
    expect(mapping.consumes.toString()).toBe('application/json');
    expect(mapping.produces.toString()).toBe('text/csv, text/plain');
    expect(mapping.headers.toString()).toBe('X-Api-Version=2');
  });

  it('should turn a negated Content-Type header condition into a negated consumes', () => {
    const mapping = compile({ path: '/x', headers: 'content-type!=text/plain' });
    expect(mapping.consumes.toString()).toBe('!text/plain');
    expect(mapping.headers.isEmpty).toBe(true);
  });

  it('should keep a bare presence condition on Content-Type as a headers condition', () => {
    expect(compile({ path: '/x', headers: 'Content-Type' }).headers.toString()).toBe('Content-Type');
  });

  it.each([
    [{ path: '/x/{id' }, "Route GET /test: Malformed path template '/x/{id'"],
    [{ path: '/x', params: 'a b' }, "Route GET /test: Invalid condition 'a b'"],
    [{ path: '/x', headers: '=x' }, "Route GET /test: Invalid condition '=x'"],
    [{ path: '/x', consumes: 'json' }, "Route GET /test: Invalid media type 'json'"],
    [{ path: '/x', produces: '*/json' }, "Route GET /test: Invalid media type '*/json'"],
    [{ path: '/x', method: 'GE T' }, "Route GET /test: Invalid HTTP method 'GE T'"],
  ])('should reject %j with a message naming the route', (attributes, message) => {
    expect(() => compile(attributes)).toThrow(message);
  });
});

describe('combineMappings(router, route)', () => {
  const router = compile({ path: '/api', method: 'GET', params: 'v', headers: 'X-A', consumes: 'application/json', produces: 'application/json' });

  it('should join the paths, add methods, params and headers, and keep the router media types when the route has none', () => {
    const combined = combineMappings(router, compile({ path: '/cars', method: 'POST', params: 'w', headers: 'X-B' }));
    expect(describeMapping(combined)).toBe(
      'GET|POST /api/cars params: v && w headers: X-A && X-B consumes: application/json produces: application/json',
    );
  });

  it('should let route-level consumes and produces replace the router ones', () => {
    const combined = combineMappings(router, compile({ path: '/cars', consumes: 'text/plain', produces: 'application/xml' }));
    expect(combined.consumes.toString()).toBe('text/plain');
    expect(combined.produces.toString()).toBe('application/xml');
  });
});

describe('mappingsTie(a, b)', () => {
  it.each<[string, MappingAttributes, MappingAttributes, boolean]>([
    ['same path, same method', { path: '/cars/{id}', method: 'GET' }, { path: '/cars/{name}', method: 'GET' }, true],
    ['same path, no method on either', { path: '/cars' }, { path: '/cars' }, true],
    ['different paths', { path: '/cars' }, { path: '/bikes' }, false],
    ['plain and constrained placeholders', { path: '/cars/{id}' }, { path: '/cars/{id:\\d+}' }, false],
    ['disjoint methods', { path: '/cars', method: 'GET' }, { path: '/cars', method: 'POST' }, false],
    ['overlapping method lists', { path: '/cars', method: ['GET', 'POST'] }, { path: '/cars', method: 'POST' }, true],
    ['a method against none (explicit wins)', { path: '/cars', method: 'GET' }, { path: '/cars' }, false],
    ['mode=fast and mode=slow', { path: '/cars', params: 'mode=fast' }, { path: '/cars', params: 'mode=slow' }, false],
    ['debug and !debug', { path: '/cars', params: 'debug' }, { path: '/cars', params: '!debug' }, false],
    ['mode=fast and mode!=fast', { path: '/cars', params: 'mode=fast' }, { path: '/cars', params: 'mode!=fast' }, false],
    // Both hold for ?mode=fast, but the value match ranks above the negation (Spring's value-match count).
    ['mode=fast and mode!=slow', { path: '/cars', params: 'mode=fast' }, { path: '/cars', params: 'mode!=slow' }, false],
    ['mode=fast and mode', { path: '/cars', params: 'mode=fast' }, { path: '/cars', params: 'mode' }, false],
    ['mode=fast and debug=on', { path: '/cars', params: 'mode=fast' }, { path: '/cars', params: 'debug=on' }, true],
    ['mode and !debug', { path: '/cars', params: 'mode' }, { path: '/cars', params: '!debug' }, true],
    ['params on different names', { path: '/cars', params: 'a' }, { path: '/cars', params: 'b' }, true],
    ['more params on one (more specific)', { path: '/cars', params: ['a', 'b'] }, { path: '/cars', params: 'a' }, false],
    ['the same header condition', { path: '/cars', headers: 'X-V=1' }, { path: '/cars', headers: 'x-v=1' }, true],
    ['different header values', { path: '/cars', headers: 'X-V=1' }, { path: '/cars', headers: 'X-V=2' }, false],
    ['the same consumes', { path: '/cars', consumes: 'application/json' }, { path: '/cars', consumes: 'application/json' }, true],
    ['disjoint consumes', { path: '/cars', consumes: 'application/json' }, { path: '/cars', consumes: 'text/plain' }, false],
    ['consumes of different specificity', { path: '/cars', consumes: 'application/json' }, { path: '/cars', consumes: 'application/*' }, false],
    ['the same produces', { path: '/cars', produces: 'application/json' }, { path: '/cars', produces: ['text/csv', 'application/json'] }, true],
    ['disjoint produces', { path: '/cars', produces: 'application/json' }, { path: '/cars', produces: 'application/xml' }, false],
    ['produces against none', { path: '/cars', produces: 'application/json' }, { path: '/cars' }, false],
    ['the same negated produces', { path: '/cars', produces: '!text/plain' }, { path: '/cars', produces: '!text/plain' }, true],
  ])('%s: %j and %j tie: %s', (_, a, b, tie) => {
    expect(mappingsTie(compile(a), compile(b))).toBe(tie);
    expect(mappingsTie(compile(b), compile(a))).toBe(tie);
  });
});
