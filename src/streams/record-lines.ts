/**
 * One value of a stream of records as a line of NDJSON / JSON Lines (`application/x-ndjson`,
 * `application/jsonl`, jsonlines.org): its JSON and a `\n`. JSON text has no raw line break
 * (`JSON.stringify` escapes those in strings), so each value is exactly one line. A TypeError for
 * a value JSON cannot represent (`undefined`, a function).
 */
export function formatRecordLine(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`A ${typeof value} cannot be written as a line of JSON`);
  return `${json}\n`;
}
