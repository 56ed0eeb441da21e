import { uriFamily } from '../../src/caching/target-uri';

/**
 * The keys this cache has stored, by {@link uriFamily}: invalidating a URI removes every stored
 * spelling of it (`/bookcase`, `/bookcase/`, `/%62ookcase`, `/bookcase;x=1`), not only the one the
 * unsafe request used. It knows only what this process stored; at most `maxFamilies` families are
 * remembered, the least recently stored forgotten first (a forgotten family is invalidated by its
 * exact key alone, as a shared store's entries from other processes are).
 */
export class KeyFamilies {
  readonly #families = new Map<string, Set<string>>();

  constructor(private readonly maxFamilies = 10_000) {}

  /** Remembers a stored key. */
  add(key: string): void {
    const family = uriFamily(key);
    let keys = this.#families.get(family);
    if (keys === undefined) keys = new Set();
    else this.#families.delete(family);
    keys.add(key);
    this.#families.set(family, keys);
    if (this.#families.size > this.maxFamilies) this.#families.delete(this.#families.keys().next().value!);
  }

  /** Forgets the family of a URI and answers the keys stored in it (the URI's own among them, if stored). */
  take(uri: string): readonly string[] {
    const family = uriFamily(uri);
    const keys = this.#families.get(family);
    if (keys === undefined) return [];
    this.#families.delete(family);
    return [...keys];
  }
}
