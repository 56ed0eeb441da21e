/** Query parameters: name to values, in order. A Map: names are data, and inserting is several times faster than into a null-prototype object. */
export type QueryParameters = ReadonlyMap<string, readonly string[]>;

/** Parses a query string into name → values with `URLSearchParams` (form decoding, `+` is a space). */
export function parseQuery(search: string): QueryParameters {
  if (search === '') return NO_QUERY;
  const query = new Map<string, string[]>();
  if (isPlainQuery(search)) {
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

/** A query with nothing URLSearchParams would decode: printable ASCII without `%` and `+` ({@link isPlainCode}). */
const PLAIN_QUERY = /^[\x21-\x24\x26-\x2a\x2c-\x7e]*$/;

/** Whether a query string has nothing to decode: its text is its names and values as they are. */
function isPlainQuery(search: string): boolean {
  return PLAIN_QUERY.test(search);
}

/** A character of a plain query ({@link PLAIN_QUERY}), for a reader that checks as it goes. */
function isPlainCode(code: number): boolean {
  return code >= 0x21 && code <= 0x7e && code !== 0x25 /* % */ && code !== 0x2b /* + */;
}

/** What a {@link QueryReader} reads: the query's text, and the query parsed (on first use, once per request). */
export interface QuerySource {
  /** The query string, without the `?` that starts it; empty when the target has none. */
  readonly search: string;
  readonly query: QueryParameters;
}

/**
 * The values of the query parameters a route binds, read by a reader compiled once, when the
 * route is built, from the names it binds ({@link compileQueryReader}).
 */
export interface QueryReader {
  /**
   * The values of each name the reader was compiled for, at the same index (`undefined` for a
   * name the query lacks, and where no name was given); what {@link parseQuery} gives each name.
   */
  read(source: QuerySource): readonly (readonly string[] | undefined)[];
}

/**
 * Compiles the reader of the query parameters named in `names` (`undefined` entries are skipped:
 * the names stay aligned with a route's bindings, of which only the query's have one). A query
 * with nothing to decode is scanned once for those names alone, without parsing every parameter
 * into a map; any other query is read from `source.query`, as URLSearchParams decodes it.
 */
export function compileQueryReader(names: readonly (string | undefined)[]): QueryReader {
  return new NamedQueryReader(names);
}

class NamedQueryReader implements QueryReader {
  /** Shared by every query that holds none of the names: nothing to allocate for them. */
  readonly #none: readonly undefined[];

  constructor(readonly names: readonly (string | undefined)[]) {
    this.#none = Object.freeze(names.map(() => undefined));
  }

  read(source: QuerySource): readonly (readonly string[] | undefined)[] {
    const search = source.search;
    const names = this.names;
    let found: (string[] | undefined)[] | undefined;
    // One pass, splitting the pairs as parseQuery does (a leading `?` dropped, empty pairs
    // skipped, the name up to the first `=`), until a character URLSearchParams would decode.
    let start = search.charCodeAt(0) === 0x3f /* ? */ ? 1 : 0;
    let eq = -1;
    for (let i = start; i <= search.length; i++) {
      const code = i === search.length ? 0x26 /* & */ : search.charCodeAt(i);
      if (code === 0x26 /* & */) {
        if (i > start) {
          const nameEnd = eq === -1 ? i : eq;
          for (let index = 0; index < names.length; index++) {
            const name = names[index];
            if (name === undefined || name.length !== nameEnd - start || !search.startsWith(name, start)) continue;
            const value = eq === -1 ? '' : search.slice(eq + 1, i);
            const values = (found ??= [])[index];
            if (values === undefined) found[index] = [value];
            else values.push(value);
          }
        }
        start = i + 1;
        eq = -1;
      } else if (code === 0x3d /* = */) {
        if (eq === -1) eq = i;
      } else if (!isPlainCode(code)) {
        return this.#fromParsed(source.query);
      }
    }
    return found ?? this.#none;
  }

  #fromParsed(query: QueryParameters): readonly (readonly string[] | undefined)[] {
    return this.names.map((name) => (name === undefined ? undefined : query.get(name)));
  }
}
