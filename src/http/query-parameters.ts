/** Query parameters: name to values, in order. A Map: names are data, and inserting is several times faster than into a null-prototype object. */
export type QueryParameters = ReadonlyMap<string, readonly string[]>;

/** Parses a query string into name → values with `URLSearchParams` (form decoding, `+` is a space). */
export function parseQuery(search: string): QueryParameters {
  if (search === '') return NO_QUERY;
  const query = new Map<string, string[]>();
  if (PLAIN_QUERY.test(search)) {
    // Nothing to decode: split as URLSearchParams does (a leading `?` dropped, empty pairs skipped,
    // the name up to the first `=`), without building its iterator and entries.
    const pairs = (search.charCodeAt(0) === 0x3f ? search.slice(1) : search).split('&');
    for (const pair of pairs) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      add(query, eq === -1 ? pair : pair.slice(0, eq), eq === -1 ? '' : pair.slice(eq + 1));
    }
    return query;
  }
  for (const [name, value] of new URLSearchParams(search)) add(query, name, value);
  return query;
}

const NO_QUERY: QueryParameters = new Map();

function add(query: Map<string, string[]>, name: string, value: string): void {
  const values = query.get(name);
  if (values === undefined) query.set(name, [value]);
  else values.push(value);
}

/** A query with nothing URLSearchParams would decode: printable ASCII without `%` and `+`. */
const PLAIN_QUERY = /^[\x21-\x24\x26-\x2a\x2c-\x7e]*$/;
