import { parseCacheControl } from '../../src/caching/cache-control';
import { retentionSeconds } from '../../src/caching/retention';

describe('retentionSeconds: how long a shared store keeps a response', () => {
  it.each([
    // cache-control, lifetime, age, validatable, seconds
    ['max-age=60', 60, 0, false, 60],
    ['max-age=60', 60, 20, false, 40],
    ['max-age=60', 60, 90, false, 0],
    ['max-age=60, stale-while-revalidate=30', 60, 0, false, 90],
    ['max-age=60, stale-if-error=300, stale-while-revalidate=30', 60, 0, false, 360],
    ['max-age=60, stale-if-error=300', 60, 100, false, 300],
    ['max-age=60, stale-if-error=300, must-revalidate', 60, 0, false, 60],
    ['max-age=60, stale-if-error=300, proxy-revalidate', 60, 0, false, 60],
    ['s-maxage=60, stale-if-error=300', 60, 0, false, 60],
    ['max-age=60', 60, 0, true, 660],
    ['no-cache', 0, 0, true, 600],
    ['no-cache', 0, 0, false, 0],
    ['max-age=60, stale-if-error=900', 60, 0, true, 960],
  ])('keeps "%s" (lifetime %i s, age %i s, validator %s) for %i s', (cc, lifetime, age, validatable, seconds) => {
    expect(retentionSeconds({ lifetime, age, cacheControl: parseCacheControl(cc), validatable, revalidationWindow: 600 })).toBe(seconds);
  });
});
