import { ParamsCondition } from '../../src/conditions/name-value-condition';
import { runConditionContract } from './condition-contract';
import { requestInfo } from './request-info-fixture';

runConditionContract({
  name: 'ParamsCondition',
  empty: ParamsCondition.EMPTY,
  samples: [
    ParamsCondition.of('debug'),
    ParamsCondition.of('!legacy'),
    ParamsCondition.of('mode=fast'),
    ParamsCondition.of('mode!=slow'),
    ParamsCondition.of('debug', 'mode=fast'),
  ],
  requests: ['/', '/?debug', '/?legacy=1', '/?mode=fast', '/?mode=slow', '/?debug&mode=fast'].map((url) => ({ url })),
  partsOf: (condition) => condition.expressions.map((e) => e.text),
});

describe('ParamsCondition', () => {
  describe('match(request)', () => {
    it.each<[string[], string, boolean]>([
      [['debug'], '/?debug', true],
      [['debug'], '/?debug=', true],
      [['debug'], '/?debugger=1', false],
      [['!legacy'], '/', true],
      [['!legacy'], '/?legacy', false],
      [['mode=fast'], '/?mode=fast', true],
      [['mode=fast'], '/?mode=Fast', false],
      [['mode=fast'], '/?mode=slow&mode=fast', true],
      [['mode=a b'], '/?mode=a+b', true],
      [['mode=fast'], '/', false],
      [['mode!=slow'], '/', true],
      [['mode!=slow'], '/?mode=fast', true],
      [['mode!=slow'], '/?mode=slow', false],
      [['Debug'], '/?debug', false],
      [['debug', 'mode=fast'], '/?debug', false],
      [['debug', 'mode=fast'], '/?mode=fast&debug=1', true],
    ])('should match %j against %s: %s', (expressions, url, matches) => {
      expect(ParamsCondition.of(...expressions).match(requestInfo({ url })) !== undefined).toBe(matches);
    });
  });

  describe('unmet(request)', () => {
    it('should list the expressions the request does not satisfy', () => {
      const unmet = ParamsCondition.of('debug', '!legacy', 'mode=fast').unmet(requestInfo({ url: '/?legacy&mode=fast' }));
      expect(unmet.map((e) => e.text)).toEqual(['debug', '!legacy']);
    });
  });

  describe('compareTo(other)', () => {
    it('should prefer more expressions', () => {
      expect(ParamsCondition.of('a', 'b').compareTo(ParamsCondition.of('c'))).toBeLessThan(0);
      expect(ParamsCondition.of('c').compareTo(ParamsCondition.of('a', 'b'))).toBeGreaterThan(0);
    });
  });

  describe('combine(other)', () => {
    it('should add the expressions up, without duplicates', () => {
      expect(ParamsCondition.of('a', 'b').combine(ParamsCondition.of('b', 'c')).toString()).toBe('a && b && c');
    });

    it('should keep `name` and `name=` (empty value) apart', () => {
      expect(ParamsCondition.of('debug', 'debug=').expressions).toHaveLength(2);
      expect(ParamsCondition.of('!mode', 'mode!=').expressions).toHaveLength(2);
    });
  });
});
