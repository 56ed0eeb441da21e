/**
 * The data every benchmark server answers with or reads, identical across frameworks so that
 * only the framework's work differs.
 */
import { toXml } from '../src/converters/xml/xml-writing';

/** The small object of the JSON GET cases. */
export const ITEM = Object.freeze({
  name: 'Effective TypeScript',
  author: 'Dan Vanderkam',
  year: 2024,
  price: 39.99,
  tags: ['typescript', 'programming'],
  inStock: true,
});

/** The object a GET answers for `id`: the item with its id, built per request in every variant. */
export function itemFor(id: string): Record<string, unknown> {
  return { id, ...ITEM };
}

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

/** A browser's Accept header (Firefox's default for documents), with q-values. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** The version the `.etag()` hook of the conditional case gives. */
export const VERSION = 7;
