import { MethodsCondition } from '../../src/conditions/methods-condition';
import { runConditionContract } from './condition-contract';
import { requestInfo } from './request-info-fixture';

runConditionContract({
  name: 'MethodsCondition',
  empty: MethodsCondition.EMPTY,
  samples: [MethodsCondition.of('GET'), MethodsCondition.of('POST'), MethodsCondition.of('GET', 'PUT'), MethodsCondition.of('HEAD'), MethodsCondition.of('OPTIONS')],
  requests: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PROPFIND'].map((method) => ({ method })),
  partsOf: (condition) => condition.methods,
  emptyRejects: (request) => request.method === 'OPTIONS',
});

describe('MethodsCondition', () => {
  describe('of(...methods)', () => {
    it('should upper-case and deduplicate methods', () => {
      expect(MethodsCondition.of('get', 'GET', 'Post').methods).toEqual(['GET', 'POST']);
    });

    it('should accept extension methods', () => {
      expect(MethodsCondition.of('PROPFIND').methods).toEqual(['PROPFIND']);
    });

    it.each(['', 'GE T', 'GET\n', 'GET/'])('should reject %j', (method) => {
      expect(() => MethodsCondition.of(method)).toThrow('Invalid HTTP method');
    });
  });

  describe('match(request)', () => {
    it.each<[string[], string, string[] | undefined]>([
      [[], 'GET', []],
      [[], 'DELETE', []],
      [[], 'OPTIONS', undefined],
      [['GET'], 'GET', ['GET']],
      [['GET'], 'POST', undefined],
      [['GET', 'POST'], 'POST', ['POST']],
      [['GET'], 'HEAD', ['GET']],
      [['POST'], 'HEAD', undefined],
      [['OPTIONS'], 'OPTIONS', ['OPTIONS']],
    ])('should match %j against %s giving %j', (methods, method, expected) => {
      expect(MethodsCondition.of(...methods).match(requestInfo({ method }))?.methods).toEqual(expected);
    });
  });

  describe('compareTo(other)', () => {
    const head = requestInfo({ method: 'HEAD' });

    it('should prefer an explicit method over none', () => {
      const get = MethodsCondition.of('GET').match(requestInfo())!;
      expect(get.compareTo(MethodsCondition.EMPTY)).toBeLessThan(0);
    });

    it('should prefer an explicit HEAD over a GET answering HEAD', () => {
      const explicit = MethodsCondition.of('HEAD').match(head)!;
      const implicit = MethodsCondition.of('GET').match(head)!;
      expect(explicit.compareTo(implicit)).toBeLessThan(0);
    });
  });

  describe('allowed()', () => {
    it.each([
      [[], ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']],
      [['GET'], ['GET', 'HEAD']],
      [['POST', 'DELETE'], ['POST', 'DELETE']],
      [['GET', 'HEAD'], ['GET', 'HEAD']],
    ])('should list %j as %j', (methods, allowed) => {
      expect(MethodsCondition.of(...methods).allowed()).toEqual(allowed);
    });
  });
});
