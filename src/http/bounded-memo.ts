/** How much a {@link BoundedMemo} keeps. */
export interface MemoBounds<V> {
  /** The most entries kept. */
  readonly entries: number;
  /** The most bytes kept, keys and values, as {@link MemoBounds.sizeOf} estimates them. Default {@link MEMO_BYTES}. */
  readonly bytes?: number;
  /** Keys longer than this (UTF-16 code units) are computed each time and never kept. Default {@link LONGEST_KEY}. */
  readonly longestKey?: number;
  /**
   * The approximate bytes a value holds beyond its key; it must answer the same each time for the
   * same entry (the memo asks again when it forgets it). Default: {@link BYTES_PER_KEY_CHARACTER}
   * per character of the key, which values parsed from their key come to.
   */
  readonly sizeOf?: (value: V, key: string) => number;
}

/** The default budget of one memo: 1 MiB. */
export const MEMO_BYTES = 1024 * 1024;

/**
 * The default longest key kept: 512 characters. Header values clients repeat are far shorter (a
 * browser's Accept is about 100 characters, a Content-Type with a multipart boundary about 70);
 * longer ones are computed per request, which costs their (linear) parse and keeps nothing.
 */
export const LONGEST_KEY = 512;

/**
 * What an entry costs besides its key and value: the map's slot and the value's header, about.
 * Measured with `--expose-gc` on node 22, 200 remembered Accept fields of 5 ranges held 1.57 KB
 * each, 64 ranges 13.2 KB each.
 */
const ENTRY_BYTES = 100;

/** Bytes a parsed value holds per character of the text it was parsed from, about (objects cost more than their text). */
export const BYTES_PER_KEY_CHARACTER = 16;

function bytesFromKey(_value: unknown, key: string): number {
  return BYTES_PER_KEY_CHARACTER * key.length;
}

/**
 * Results remembered per key, bounded in entries and in bytes; the oldest go first when either is
 * full. For parses and lookups that run on every request over the few distinct values clients send
 * (Accept headers, entity tags, Content-Types), so a stream of distinct values costs no more memory.
 * Bounded in bytes, not only in entries (issue 17, finding 5: 1,000 distinct 13 KB Accept fields
 * held 412 MiB); keys longer than {@link MemoBounds.longestKey} are never kept, so a long value
 * costs its computation and nothing after.
 */
export class BoundedMemo<K extends string, V> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;
  readonly #budget: number;
  readonly #longestKey: number;
  readonly #sizeOf: (value: V, key: string) => number;
  #bytes = 0;

  /** `bounds` as a number: that many entries, the default bytes and longest key. */
  constructor(bounds: number | MemoBounds<V>) {
    const { entries, bytes = MEMO_BYTES, longestKey = LONGEST_KEY, sizeOf = bytesFromKey } = typeof bounds === 'number' ? { entries: bounds } : bounds;
    this.#limit = entries;
    this.#budget = bytes;
    this.#longestKey = longestKey;
    this.#sizeOf = sizeOf;
  }

  /** The remembered value for `key`, or `compute(key)`, remembered unless too large. `undefined` is remembered too. */
  get(key: K, compute: (key: K) => V): V {
    if (key.length > this.#longestKey) return compute(key);
    const entries = this.#entries;
    if (entries.has(key)) return entries.get(key) as V;
    const value = compute(key);
    const bytes = this.#bytesOf(key, value);
    if (bytes > this.#budget) return value;
    while (entries.size > 0 && (entries.size >= this.#limit || this.#bytes + bytes > this.#budget)) this.#forgetOldest();
    entries.set(key, value);
    this.#bytes += bytes;
    return value;
  }

  /** How many entries are kept. */
  get size(): number {
    return this.#entries.size;
  }

  /** The approximate bytes kept, keys and values. */
  get bytes(): number {
    return this.#bytes;
  }

  #bytesOf(key: K, value: V): number {
    return ENTRY_BYTES + 2 * key.length + this.#sizeOf(value, key);
  }

  #forgetOldest(): void {
    const [key, value] = this.#entries.entries().next().value as [K, V];
    this.#entries.delete(key);
    this.#bytes -= this.#bytesOf(key, value);
  }
}
