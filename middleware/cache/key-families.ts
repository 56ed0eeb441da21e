import { uriFamily } from '../../src/caching/target-uri';

/**
 * The keys this cache has stored, by {@link uriFamily}: invalidating a URI removes every stored
 * spelling of it (`/bookcase`, `/bookcase/`, `/%62ookcase`, `/bookcase;x=1`), not only the one the
 * unsafe request used. It knows only what this process stored, and it is bounded: at most
 * `maxKeys` keys in all, the least recently stored family forgotten first, and at most
 * `maxPerFamily` keys in one family, its least recently stored forgotten first (so a client that
 * stores `/a;x=1`, `/a;x=2`, ... costs a bounded memory and a bounded number of deletes). A
 * forgotten key is invalidated by its exact spelling only, as a shared store's entries from other
 * processes are.
 */
export class KeyFamilies {
  readonly #families = new Map<string, Set<string>>();
  #size = 0;

  constructor(
    private readonly maxKeys = 10_000,
    private readonly maxPerFamily = 64,
  ) {}

  /** Remembers a stored key, as the most recent of its family. */
  add(key: string): void {
    const family = uriFamily(key);
    const keys = this.#families.get(family) ?? new Set<string>();
    this.#families.delete(family);
    if (keys.delete(key)) this.#size--;
    keys.add(key);
    this.#size++;
    if (keys.size > this.maxPerFamily) {
      keys.delete(keys.values().next().value!);
      this.#size--;
    }
    this.#families.set(family, keys);
    while (this.#size > this.maxKeys) {
      const [oldest, forgotten] = this.#families.entries().next().value!;
      this.#families.delete(oldest);
      this.#size -= forgotten.size;
    }
  }

  /** Forgets the family of a URI and answers the keys stored in it (the URI's own among them, if stored). */
  take(uri: string): readonly string[] {
    const family = uriFamily(uri);
    const keys = this.#families.get(family);
    if (keys === undefined) return [];
    this.#families.delete(family);
    this.#size -= keys.size;
    return [...keys];
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.#size;
  }
}
