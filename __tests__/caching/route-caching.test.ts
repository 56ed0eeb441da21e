import type { ResponsePolicy } from '../../src/caching/response-policy';
import { type RouteCaching, routeCaching } from '../../src/caching/route-caching';

describe('routeCaching(policy)', () => {
  it.each<[string, ResponsePolicy | undefined, RouteCaching | undefined]>([
    ['says nothing for a route without a policy', undefined, undefined],
    ['says nothing for a policy a shared cache reads from the fields alone', { maxAge: 60, public: true }, undefined],
    [
      'names the credential fields the answers do not depend on, lower-case, each once, in a fixed order',
      { maxAge: 60, independentOf: ['Authorization', 'Cookie', 'Authorization'] },
      { independentOf: ['cookie', 'authorization'], storeWithoutSetCookie: false },
    ],
    ['lets answers that set cookies be stored without them', { maxAge: 60, storeWithoutSetCookie: true }, { independentOf: [], storeWithoutSetCookie: true }],
  ])('%s', (_, policy, expected) => {
    expect(routeCaching(policy)).toEqual(expected);
  });
});
