import { type HeaderMap, fieldValue } from '../src/caching/header-map';

/** The expected response fields an answer lacks or gives otherwise, each said in a line. */
export function fieldMismatches(expected: Readonly<Record<string, RegExp>>, headers: HeaderMap): string[] {
  return Object.entries(expected).flatMap(([name, pattern]) => {
    const text = fieldValue(headers, name.toLowerCase());
    if (text === undefined) return [`no ${name} field (expected ${String(pattern)})`];
    return pattern.test(text) ? [] : [`${name}: ${text} does not match ${String(pattern)}`];
  });
}
