import { MAX_DELTA_SECONDS, parseDeltaSeconds } from './cache-control';
import { type HeaderValue, fieldLines, splitList } from './header-map';

/**
 * Parses an Age field (RFC 9111 section 5.1): delta-seconds, capped at 2^31. Age is a singleton:
 * of several lines or list members only the first counts, and a value that is not `1*DIGIT`
 * (negative, decimal, text) is ignored: `undefined`, as if there were no Age.
 */
export function parseAge(value: HeaderValue): number | undefined {
  const first = fieldLines(value)[0];
  if (first === undefined) return undefined;
  const member = splitList(first)[0];
  return member === undefined ? undefined : parseDeltaSeconds(member);
}

/** What the age calculation needs to know about a response when it arrived. */
export interface AgeFacts {
  /** The Age field's value in seconds (0 when absent). */
  readonly ageValue: number;
  /** The Date field's value in milliseconds since the epoch; `undefined` when absent or invalid. */
  readonly dateValue: number | undefined;
  /** When the cache sent the request that produced the response (ms). */
  readonly requestTime: number;
  /** When the cache received the response (ms). */
  readonly responseTime: number;
}

/**
 * The response's age when it arrived, in seconds (RFC 9111 section 4.2.3):
 * `max(apparent_age, age_value + response_delay)`, with apparent_age = max(0, response_time -
 * date_value). A missing Date counts as the response time (RFC 9110 section 6.6.1).
 */
export function correctedInitialAge(facts: AgeFacts): number {
  const dateValue = facts.dateValue ?? facts.responseTime;
  const apparentAge = Math.max(0, (facts.responseTime - dateValue) / 1000);
  const responseDelay = Math.max(0, (facts.responseTime - facts.requestTime) / 1000);
  return Math.min(Math.max(apparentAge, facts.ageValue + responseDelay), MAX_DELTA_SECONDS);
}

/**
 * The current age of a stored response in seconds (RFC 9111 section 4.2.3):
 * corrected_initial_age + resident_time.
 */
export function currentAge(initialAge: number, responseTime: number, now: number): number {
  return initialAge + Math.max(0, (now - responseTime) / 1000);
}

/** The Age field value to send: whole seconds, at most 2^31 (RFC 9111 sections 1.2.2 and 5.1). */
export function formatAge(age: number): string {
  return String(Math.min(Math.floor(age), MAX_DELTA_SECONDS));
}
