/**
 * The order users are listed in, as one key per id whose code-unit (byte) order is the listing
 * order, so that every store sorts the same way: the memory store by comparing keys, a database
 * by an index on the key's bytes (`BYTEA`/`BLOB` compare bytewise in PostgreSQL and SQLite alike,
 * whatever the database's collation).
 *
 * Ids compare as a person reads them: each run of digits as the number it writes (`9` before `10`,
 * `10.5` before `12`), leading zeros aside; the rest character by character. Ids the rule finds
 * equal (`01` and `1`) then compare as plain strings, so that no two ids share a place.
 */
export function idSortKey(id: string): string {
  // A digit run becomes a space (below every character an id may hold, RFC 3986 section 2.3), its
  // length as two digits (ids have at most 64 characters), then its digits: numbers compare by
  // magnitude first. NUL separates the key from the id, which breaks ties.
  const key = id.replace(/\d+/g, (digits) => {
    const number = digits.replace(/^0+(?=\d)/, '');
    return ` ${String(number.length).padStart(2, '0')}${number}`;
  });
  return `${key}\u0000${id}`;
}

/** Compares two ids in listing order (see {@link idSortKey}). */
export function compareIds(a: string, b: string): number {
  const x = idSortKey(a);
  const y = idSortKey(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
