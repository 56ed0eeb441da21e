import { HeadersCondition } from '../../src/conditions/name-value-condition';
import { runConditionContract } from './condition-contract';
import { requestInfo } from './request-info-fixture';

runConditionContract({
  name: 'HeadersCondition',
  empty: HeadersCondition.EMPTY,
  samples: [
    HeadersCondition.of('X-Api-Version=2'),
    HeadersCondition.of('!X-Legacy'),
    HeadersCondition.of('X-Trace'),
    HeadersCondition.of('X-Api-Version!=1'),
    HeadersCondition.of('X-Trace', 'X-Api-Version=2'),
  ],
  requests: [{}, { headers: { 'x-api-version': '2' } }, { headers: { 'x-legacy': '1' } }, { headers: { 'x-trace': 'abc', 'x-api-version': '2' } }, { headers: { 'x-api-version': '1' } }],
  partsOf: (condition) => condition.expressions.map((e) => e.text),
});

describe('HeadersCondition', () => {
  describe('match(request)', () => {
    it.each<[string[], Record<string, string>, boolean]>([
      [['X-Api-Version=2'], { 'x-api-version': '2' }, true],
      [['x-api-version=2'], { 'x-api-version': ' 2 ' }, true],
      [['X-Api-Version=2'], { 'x-api-version': '3' }, false],
      [['X-Api-Version=2'], {}, false],
      [['!X-Legacy'], {}, true],
      [['!X-Legacy'], { 'x-legacy': '' }, false],
      [['X-Api-Version!=1'], {}, true],
      [['X-Api-Version!=1'], { 'x-api-version': '1' }, false],
      [['X-Trace'], { 'x-trace': '' }, true],
    ])('should match %j against headers %j: %s', (expressions, headers, matches) => {
      expect(HeadersCondition.of(...expressions).match(requestInfo({ headers })) !== undefined).toBe(matches);
    });

    it.each(['constructor', 'toString', '__proto__'])('should see no %j header when the request has none', (name) => {
      const request = requestInfo({ headers: {} });
      expect(HeadersCondition.of(name).match(request)).toBeUndefined();
      expect(HeadersCondition.of(`!${name}`).match(request)).toBeDefined();
    });
  });

  describe('of(...expressions)', () => {
    it('should compare header names case-insensitively', () => {
      expect(HeadersCondition.of('X-A=1', 'x-a=1').expressions).toHaveLength(1);
    });
  });
});
