/**
 * HTTP-date (RFC 9110 section 5.6.7). Senders generate only IMF-fixdate; recipients also accept
 * the obsolete RFC 850 and asctime forms. Anything else, including `Date.parse`'s many lenient
 * forms (`UTC`, other zones, lower-case `gmt`, one-digit hours), is not an HTTP-date: a cache
 * must treat such an `Expires` as already expired (RFC 9111 section 5.3).
 */

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

// The grammar is case-sensitive (RFC 9110 section 5.6.7: "HTTP-date is case sensitive").
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
const RFC850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

/**
 * Parses an HTTP-date into milliseconds since the epoch, or `undefined` when the text is not one
 * of the three forms or names an impossible date (31 Feb, hour 24).
 *
 * @param now - for RFC 850's two-digit years: a year more than 50 years in the future is taken
 *   as the most recent past year with the same last two digits (RFC 9110 section 5.6.7).
 */
export function parseHttpDate(text: string | undefined, now: number = Date.now()): number | undefined {
  if (text === undefined) return undefined;
  let m = IMF_FIXDATE.exec(text);
  if (m !== null) return toEpoch(m[3], m[2], m[1], m[4], m[5], m[6]);
  m = RFC850_DATE.exec(text);
  if (m !== null) {
    const nowYear = new Date(now).getUTCFullYear();
    let year = Math.floor(nowYear / 100) * 100 + Number(m[3]);
    if (year > nowYear + 50) year -= 100;
    return toEpoch(String(year), m[2], m[1], m[4], m[5], m[6]);
  }
  m = ASCTIME_DATE.exec(text);
  if (m !== null) return toEpoch(m[6], m[1], m[2], m[3], m[4], m[5]);
  return undefined;
}

function toEpoch(
  yearText: string | undefined,
  monthName: string | undefined,
  dayText: string | undefined,
  hourText: string | undefined,
  minuteText: string | undefined,
  secondText: string | undefined,
): number | undefined {
  const year = Number(yearText);
  const month = MONTHS.indexOf(monthName as (typeof MONTHS)[number]);
  const day = Number(dayText?.trim());
  const hour = Number(hourText);
  const minute = Number(minuteText);
  // 60 is allowed for leap seconds (RFC 9110 section 5.6.7, `second = 2DIGIT` with 00-60 noted).
  const second = Number(secondText);
  if (month < 0 || day < 1 || hour > 23 || minute > 59 || second > 60) return undefined;
  // setUTCFullYear, not Date.UTC, which maps years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  // It rolls 31 Feb over into March: reject dates that do not exist.
  if (date.getUTCDate() !== day) return undefined;
  return date.setUTCHours(hour, minute, Math.min(second, 59), 0);
}

let lastSecond = Number.NaN;
let lastText = '';

/**
 * Formats a time as IMF-fixdate, the only form a sender generates (RFC 9110 section 5.6.7). The
 * text of the last second formatted is kept: every response carries a Date, and under load most
 * of them fall in the same second.
 */
export function formatHttpDate(time: Date | number): string {
  if (typeof time !== 'number') return time.toUTCString();
  const second = Math.floor(time / 1000);
  if (second !== lastSecond) {
    lastText = new Date(time).toUTCString();
    lastSecond = second;
  }
  return lastText;
}
