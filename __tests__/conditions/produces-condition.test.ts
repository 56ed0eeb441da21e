import { ProducesCondition } from '../../src/conditions/produces-condition';
import * as expressions from '../../src/conditions/media-type-expression';
import { runConditionContract } from './condition-contract';
import { requestInfo } from './request-info-fixture';

const accepting = (accept?: string) => requestInfo({ headers: accept === undefined ? {} : { accept } });

runConditionContract({
  name: 'ProducesCondition',
  empty: ProducesCondition.EMPTY,
  samples: [
    ProducesCondition.of('application/json'),
    ProducesCondition.of('application/xml'),
    ProducesCondition.of('application/json', 'application/xml'),
    ProducesCondition.of('text/*'),
    ProducesCondition.of('!text/plain'),
    ProducesCondition.of('application/*+json'),
  ],
  requests: [
    {},
    { headers: { accept: 'application/json' } },
    { headers: { accept: 'application/xml, application/json;q=0.5' } },
    { headers: { accept: 'text/html' } },
    { headers: { accept: 'text/plain' } },
    { headers: { accept: 'application/*' } },
    { headers: { accept: 'application/problem+json' } },
    { headers: { accept: 'image/png' } },
  ],
  partsOf: (condition) => condition.expressions.map((e) => e.text),
});

describe('ProducesCondition', () => {
  describe('match(request)', () => {
    it.each<[string[], string | undefined, string | undefined]>([
      [['application/json'], undefined, 'application/json'],
      [['application/json'], '*/*', 'application/json'],
      [['application/json'], 'application/*', 'application/json'],
      [['application/json'], 'text/html', undefined],
      [['application/json'], 'application/json;q=0', undefined],
      [['application/json'], 'application/json;q=0, */*', undefined],
      [['application/json'], 'application/*;q=0, application/json', 'application/json'],
      [['application/json'], 'not-a-range, application/json;q=2, text/html', undefined],
      [['application/json', 'application/xml'], 'application/xml', 'application/xml'],
      [['application/json', 'application/xml'], '*/*', 'application/json, application/xml'],
      [['text/*'], 'text/csv', 'text/*'],
      [['application/*+json'], 'application/problem+json', 'application/*+json'],
      [['!text/plain'], undefined, '!text/plain'],
      [['!text/plain'], '*/*', '!text/plain'],
      [['!text/plain'], 'text/*', '!text/plain'],
      [['!text/plain'], 'application/json', '!text/plain'],
      [['!text/plain'], 'text/plain', undefined],
      [['!text/plain'], 'text/plain, */*;q=0', undefined],
    ])('should match %j against Accept %j giving %j', (mediaTypes, accept, expected) => {
      expect(ProducesCondition.of(...mediaTypes).match(accepting(accept))?.toString()).toBe(expected);
    });
  });

  describe('compareTo(other, request)', () => {
    const compare = (accept: string, a: string[], b: string[]): number => {
      const request = accepting(accept);
      const ma = ProducesCondition.of(...a).match(request)!;
      const mb = ProducesCondition.of(...b).match(request)!;
      return Math.sign(ma.compareTo(mb, request));
    };

    it.each<[string, string[], string[]]>([
      ['application/xml, application/json;q=0.5', ['application/xml'], ['application/json']],
      ['application/json;q=0.9, application/xml;q=0.8', ['application/json'], ['application/xml']],
      ['text/*;q=0.5, text/csv', ['text/csv'], ['text/html']],
      ['*/*', ['application/json'], ['application/*']],
      ['*/*', ['application/json'], []],
    ])('with Accept %j should prefer %j over %j', (accept, preferred, other) => {
      expect(compare(accept, preferred, other)).toBe(-1);
      expect(compare(accept, other, preferred)).toBe(1);
    });

    it('should leave disjoint produces equally acceptable to Accept tied (declaration order decides)', () => {
      expect(compare('*/*', ['application/json'], ['application/xml'])).toBe(0);
    });
  });

  describe('combine(other)', () => {
    it('should let the route-level condition replace the router-level one', () => {
      expect(ProducesCondition.of('application/json').combine(ProducesCondition.of('application/xml')).toString()).toBe('application/xml');
    });
  });

  describe('mediaTypes()', () => {
    it('should keep the declared order and drop negated types', () => {
      expect(ProducesCondition.of('application/xml', '!text/plain', 'application/json').mediaTypes()).toEqual(['application/xml', 'application/json']);
    });
  });
});

describe('ProducesCondition.match, per parsed Accept', () => {
  afterEach(() => jest.restoreAllMocks());

  it('weighs the expressions once per Accept list, and answers the same after', () => {
    const fits = jest.spyOn(expressions, 'fitsAccept');
    const condition = ProducesCondition.of('application/json', 'application/xml');
    const first = condition.match(accepting('application/xml'));
    const weighed = fits.mock.calls.length;
    expect(weighed).toBe(2);
    for (let i = 0; i < 5; i++) expect(condition.match(accepting('application/xml'))).toBe(first);
    expect(first?.toString()).toBe('application/xml');
    expect(fits.mock.calls.length).toBe(weighed);
  });

  it('remembers a miss as a miss', () => {
    const condition = ProducesCondition.of('application/json');
    expect(condition.match(accepting('text/csv'))).toBeUndefined();
    expect(condition.match(accepting('text/csv'))).toBeUndefined();
    expect(condition.match(accepting('application/json'))).toBe(condition);
  });
});
