/**
 * Results remembered per key, at most `limit` of them; the oldest goes first when full. For
 * parses and lookups that run on every request over the few distinct values clients send
 * (Accept headers, entity tags, Content-Types), so a stream of distinct values costs no more memory.
 */
export class BoundedMemo<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The remembered value for `key`, or `compute(key)`, remembered. `undefined` is remembered too. */
  get(key: K, compute: (key: K) => V): V {
    const entries = this.#entries;
    if (entries.has(key)) return entries.get(key) as V;
    const value = compute(key);
    if (entries.size >= this.limit) entries.delete(entries.keys().next().value as K);
    entries.set(key, value);
    return value;
  }
}
