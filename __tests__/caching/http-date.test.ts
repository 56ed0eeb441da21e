import { formatHttpDate, parseHttpDate } from '../../src/caching/http-date';

const NOV_6_1994 = Date.UTC(1994, 10, 6, 8, 49, 37);
const NOW = Date.UTC(2025, 0, 1);

describe('parseHttpDate(text)', () => {
  describe.each([
    ['IMF-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT', NOV_6_1994],
    ['the obsolete RFC 850 form', 'Sunday, 06-Nov-94 08:49:37 GMT', NOV_6_1994],
    ['the obsolete asctime form', 'Sun Nov  6 08:49:37 1994', NOV_6_1994],
    ['asctime with a two-digit day', 'Thu Aug 18 02:01:18 2050', Date.UTC(2050, 7, 18, 2, 1, 18)],
    ['a leap second', 'Wed, 31 Dec 2008 23:59:60 GMT', Date.UTC(2008, 11, 31, 23, 59, 59)],
  ])('when given %s', (_, text, expected) => {
    it('should answer its time', () => expect(parseHttpDate(text, NOW)).toBe(expected));
  });

  it('should keep a four-digit year below 100 as written', () => {
    expect(new Date(parseHttpDate('Sat, 01 Jan 0050 00:00:00 GMT', NOW)!).getUTCFullYear()).toBe(50);
  });

  it('should read an RFC 850 year more than 50 years ahead as the past century', () => {
    expect(new Date(parseHttpDate('Thursday, 18-Aug-99 02:01:18 GMT', NOW)!).getUTCFullYear()).toBe(1999);
    expect(new Date(parseHttpDate('Thursday, 18-Aug-50 02:01:18 GMT', NOW)!).getUTCFullYear()).toBe(2050);
  });

  it.each([
    ['0', '0'],
    ['an empty string', ''],
    ['UTC instead of GMT', 'Thu, 18 Aug 2050 02:01:18 UTC'],
    ['another zone', 'Thu, 18 Aug 2050 02:01:18 AEST'],
    ['a lower-case zone', 'Thu, 18 Aug 2050 02:01:18 gMT'],
    ['an upper-case day name', 'THU, 18 Aug 2050 02:01:18 GMT'],
    ['an upper-case month', 'Thu, 18 AUG 2050 02:01:18 GMT'],
    ['a two-digit year in IMF-fixdate', 'Thu, 18 Aug 50 02:01:18 GMT'],
    ['a missing comma', 'Thu 18 Aug 2050 02:01:18 GMT'],
    ['doubled spaces', 'Thu, 18  Aug  2050 02:01:18 GMT'],
    ['dashes in IMF-fixdate', 'Thu, 18-Aug-2050 02:01:18 GMT'],
    ['periods in the time', 'Thu, 18 Aug 2050 02.01.18 GMT'],
    ['a one-digit hour', 'Thu, 18 Aug 2050 2:01:18 GMT'],
    ['hour 24', 'Thu, 18 Aug 2050 24:00:00 GMT'],
    ['31 February', 'Thu, 31 Feb 2050 02:01:18 GMT'],
    ['an ISO date', '2050-08-18T02:01:18Z'],
  ])('should answer undefined for %s', (_, text) => {
    expect(parseHttpDate(text, NOW)).toBeUndefined();
  });

  it('should answer undefined for no text', () => expect(parseHttpDate(undefined)).toBeUndefined());
});

describe('formatHttpDate(time)', () => {
  it('should write IMF-fixdate', () => {
    expect(formatHttpDate(NOV_6_1994)).toBe('Sun, 06 Nov 1994 08:49:37 GMT');
    expect(formatHttpDate(new Date(NOV_6_1994))).toBe('Sun, 06 Nov 1994 08:49:37 GMT');
  });

  it('should round-trip through parseHttpDate to the second', () => {
    const time = Date.UTC(2031, 5, 9, 12, 0, 1);
    expect(parseHttpDate(formatHttpDate(time + 999))).toBe(time);
  });
});
