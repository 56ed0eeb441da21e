import { correctedInitialAge, currentAge, formatAge, parseAge } from '../../src/caching/age';

describe('parseAge(value)', () => {
  it.each<[string | string[] | undefined, number | undefined]>([
    [undefined, undefined],
    ['0', 0],
    ['7200', 7200],
    ['abc', undefined],
    ['-7200', undefined],
    ['7200.0', undefined],
    ['2147483647', 2147483647],
    ['2147483649', 2147483648],
    ['7200, 0', 7200],
    ['0, 7200', 0],
    [['7200', '0'], 7200],
    [['0', '7200'], 0],
    ['7200;foo=bar', undefined],
  ])('parses %j as %j', (value, expected) => {
    expect(parseAge(value)).toBe(expected);
  });
});

describe('correctedInitialAge({ ageValue, dateValue, requestTime, responseTime })', () => {
  const t = 1_000_000_000_000;
  it.each<[string, Parameters<typeof correctedInitialAge>[0], number]>([
    ['is 0 for a response just made', { ageValue: 0, dateValue: t, requestTime: t, responseTime: t }, 0],
    ['adds the response delay to Age', { ageValue: 10, dateValue: t, requestTime: t, responseTime: t + 2000 }, 12],
    ['uses the apparent age when Date is older', { ageValue: 10, dateValue: t - 60_000, requestTime: t, responseTime: t }, 60],
    ['ignores a Date in the future', { ageValue: 0, dateValue: t + 60_000, requestTime: t, responseTime: t }, 0],
    ['uses the response time without Date', { ageValue: 5, dateValue: undefined, requestTime: t, responseTime: t }, 5],
  ])('%s', (_, facts, expected) => {
    expect(correctedInitialAge(facts)).toBe(expected);
  });

  it('adds the resident time for the current age', () => {
    expect(currentAge(12, t, t + 30_000)).toBe(42);
  });

  it('formats whole seconds, at most 2^31', () => {
    expect(formatAge(41.9)).toBe('41');
    expect(formatAge(1e12)).toBe('2147483648');
  });
});
