import type { IncomingHttpHeaders } from 'node:http';

/** The expected response fields an answer lacks or gives otherwise, each said in a line. */
export function fieldMismatches(expected: Readonly<Record<string, RegExp>>, headers: IncomingHttpHeaders): string[] {
  return Object.entries(expected).flatMap(([name, pattern]) => {
    const value = headers[name.toLowerCase()];
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (text === undefined) return [`no ${name} field (expected ${String(pattern)})`];
    return pattern.test(text) ? [] : [`${name}: ${text} does not match ${String(pattern)}`];
  });
}
