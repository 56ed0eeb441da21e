import type { IncomingHttpHeaders } from 'node:http';
import { createRequestInfo } from '../../src/conditions/request-info';
import { ProblemType } from '../../src/errors/problem-types';
import type { MappingAttributes } from '../../src/dsl/mapping-attributes';
import * as requestMapping from '../../src/routing/request-mapping';
import { type Selectable, type Selection, selectRoute } from '../../src/routing/route-selection';

/** A route of the given attributes, declared in this order. */
function route(attributes: MappingAttributes, order = 0): Selectable & { readonly name: string } {
  return { mapping: requestMapping.compileMapping({ path: '/items/{id}', ...attributes }, 'test'), order, name: JSON.stringify(attributes) };
}

/** The outcome in a line: the route chosen, the OPTIONS answer's Allow, or the error's status and type. */
function outcome(selection: Selection<Selectable & { readonly name: string }>): string {
  if (selection.kind === 'route') return `route ${selection.route.name}`;
  if (selection.kind === 'options') return `options ${selection.allow.join(', ')}`;
  return `${selection.error.status} ${selection.error.type}`;
}

const request = (method: string, headers: IncomingHttpHeaders = {}, url = '/items/1') => createRequestInfo(method, url, headers);

describe('selectRoute(candidates, request), one candidate', () => {
  const only = route({ method: 'GET', produces: ['application/json'], headers: 'X-Client=bench', params: 'verbose' });

  it.each<[string, ReturnType<typeof request>, string]>([
    ['its conditions all hold', request('GET', { accept: 'application/json', 'x-client': 'bench' }, '/items/1?verbose'), `route ${only.name}`],
    ['HEAD through its GET', request('HEAD', { 'x-client': 'bench' }, '/items/1?verbose'), `route ${only.name}`],
    ['another method', request('DELETE'), `405 ${ProblemType.methodNotAllowed}`],
    ['OPTIONS', request('OPTIONS'), 'options GET, HEAD, OPTIONS'],
    ['an Accept it cannot meet', request('GET', { accept: 'text/csv', 'x-client': 'bench' }, '/items/1?verbose'), `406 ${ProblemType.notAcceptable}`],
    ['a params condition unmet', request('GET', { 'x-client': 'bench' }), `400 ${ProblemType.unmetParameterCondition}`],
    ['a headers condition unmet', request('GET', { 'x-client': 'other' }, '/items/1?verbose'), `404 ${ProblemType.unmetHeaderCondition}`],
  ])('answers as the ranking of many does when %s', (_case, info, expected) => {
    expect(outcome(selectRoute([only], info))).toBe(expected);
  });

  it('answers 415 for a body in a type it does not consume', () => {
    const put = route({ method: 'PUT', consumes: 'application/json' });
    expect(outcome(selectRoute([put], request('PUT', { 'content-type': 'text/plain', 'content-length': '1' })))).toBe(`415 ${ProblemType.unsupportedMediaType}`);
  });

});

describe('selectRoute(candidates, request), several candidates', () => {
  const json = route({ method: 'GET', produces: 'application/json' }, 0);
  const xml = route({ method: 'GET', produces: 'application/xml' }, 1);

  it.each<[string, string, Selectable & { readonly name: string }]>([
    ['application/xml;q=0.9, application/json;q=0.5', 'the weightier type', xml],
    ['application/json, application/xml', 'the range first in Accept', json],
    ['*/*', 'the route declared first', json],
  ])('chooses for Accept %j %s', (accept, _why, expected) => {
    expect(outcome(selectRoute([json, xml], request('GET', { accept })))).toBe(`route ${expected.name}`);
  });

  it('explains why none matches as for one: 406 listing both types', () => {
    const selection = selectRoute([json, xml], request('GET', { accept: 'text/csv' }));
    expect(outcome(selection)).toBe(`406 ${ProblemType.notAcceptable}`);
  });
});
