/**
 * The bodies the body cases send (bench/cases.ts, in the harness's process): written with this
 * tree's converters, so that servers (bench/fixtures.ts) need none of them.
 */
import { toXml } from '../src/converters/xml/xml-writing';

/** A record of the body cases. */
function record(i: number): Record<string, unknown> {
  return { id: i, name: `Reader ${i}`, email: `reader${i}@example.org`, active: i % 2 === 0, score: (i * 37) % 1000 };
}

/** An object whose JSON is about `bytes` long: `{ records: [...] }`. */
export function payloadOf(bytes: number): { records: Record<string, unknown>[] } {
  const records: Record<string, unknown>[] = [];
  let size = 14;
  for (let i = 0; size < bytes; i++) {
    const next = record(i);
    size += JSON.stringify(next).length + 1;
    records.push(next);
  }
  return { records };
}

/** About 1 KB of JSON, for the echo cases. */
export const SMALL_PAYLOAD = payloadOf(1000);
export const SMALL_JSON = JSON.stringify(SMALL_PAYLOAD);
/** The same data as XML, as the XML object converter writes it (root `echo`). */
export const SMALL_XML = `<?xml version="1.0" encoding="UTF-8"?>${toXml(SMALL_PAYLOAD, 'echo')}`;
/** About 1 MB of JSON (under the 1 MiB default body limit), for the PUT case. */
export const LARGE_JSON = JSON.stringify(payloadOf(1_000_000));
