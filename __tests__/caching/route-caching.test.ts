import type { ResponsePolicy } from '../../src/caching/response-policy';
import { type RouteCaching, routeCaching } from '../../src/caching/route-caching';

describe('routeCaching(policy, producedEssences)', () => {
  it.each<[string, ResponsePolicy | undefined, string[], RouteCaching | undefined]>([
    ['says nothing for a route without a policy', undefined, ['application/json'], undefined],
    ['says nothing for a policy a shared cache reads from the fields alone', { maxAge: 60, public: true }, [], undefined],
    [
      'names the credential fields the answers do not depend on, lower-case, each once, in a fixed order',
      { maxAge: 60, independentOf: ['Authorization', 'Cookie', 'Authorization'] },
      [],
      { independentOf: ['cookie', 'authorization'], storeWithoutSetCookie: false, neverStored: false },
    ],
    ['lets answers that set cookies be stored without them', { maxAge: 60, storeWithoutSetCookie: true }, [], { independentOf: [], storeWithoutSetCookie: true, neverStored: false }],
    ['says a no-store route is never stored', { noStore: true }, ['application/json'], { independentOf: [], storeWithoutSetCookie: false, neverStored: true }],
    ['says a private route is never stored by a shared cache', { private: true, maxAge: 60 }, [], { independentOf: [], storeWithoutSetCookie: false, neverStored: true }],
    ['says a route producing only event streams is never stored', undefined, ['text/event-stream'], { independentOf: [], storeWithoutSetCookie: false, neverStored: true }],
    ['says nothing of a route producing event streams among other types', undefined, ['text/event-stream', 'application/x-ndjson'], undefined],
  ])('%s', (_, policy, essences, expected) => {
    expect(routeCaching(policy, essences)).toEqual(expected);
  });
});
