/**
 * The data every benchmark server answers with, identical across frameworks so that only the
 * framework's work differs. Server processes import this file, also against an older version of
 * the library (`npm run bench -- --baseline <ref>`): it imports nothing from src/.
 */

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

/** A browser's Accept header (Firefox's default for documents), with q-values. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** The version the `.etag()` hook of the conditional case gives. */
export const VERSION = 7;
