/**
 * Items kept in the order of `compare`, so that a listing reads a slice instead of sorting: an
 * insertion or removal finds its place by binary search (log n comparisons, then one move of the
 * items after it), a page costs what it holds. Items that compare equal are the same item.
 */
export class SortedList<T> {
  readonly #items: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number) {}

  /** How many items there are. */
  get size(): number {
    return this.#items.length;
  }

  /** Adds `item`, or replaces the one that compares equal to it. */
  insert(item: T): void {
    const at = this.#search(item);
    if (at < this.#items.length && this.compare(this.#items[at]!, item) === 0) this.#items[at] = item;
    else this.#items.splice(at, 0, item);
  }

  /** Removes the item that compares equal to `item`; false when there is none. */
  remove(item: T): boolean {
    const at = this.#search(item);
    if (at === this.#items.length || this.compare(this.#items[at]!, item) !== 0) return false;
    this.#items.splice(at, 1);
    return true;
  }

  /** Removes every item. */
  clear(): void {
    this.#items.length = 0;
  }

  /** At most `limit` items from the `offset`th, in order. */
  slice(offset = 0, limit = Infinity): T[] {
    return this.#items.slice(offset, offset + limit);
  }

  /** The last `count` items, the last first. */
  lastFirst(count: number): T[] {
    return this.#items.slice(Math.max(0, this.#items.length - count)).reverse();
  }

  /** Every item, in order. */
  [Symbol.iterator](): Iterator<T> {
    return this.#items[Symbol.iterator]();
  }

  /** The first place whose item is not before `item`. */
  #search(item: T): number {
    let low = 0;
    let high = this.#items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.#items[middle]!, item) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * At most `limit` items from the `offset`th of the merge of `lists` (each sorted by `compare`,
 * no item in two): walks offset + limit items, never the rest.
 */
export function mergedSlice<T>(lists: readonly SortedList<T>[], compare: (a: T, b: T) => number, offset: number, limit: number): T[] {
  if (lists.length === 1) return lists[0]!.slice(offset, limit);
  const cursors = lists.map((list) => list[Symbol.iterator]());
  const heads = cursors.map((cursor) => cursor.next());
  const page: T[] = [];
  for (let index = 0; index < offset + limit; index++) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      if (heads[i]!.done !== true && (best === -1 || compare(heads[i]!.value as T, heads[best]!.value as T) < 0)) best = i;
    }
    if (best === -1) break;
    if (index >= offset) page.push(heads[best]!.value as T);
    heads[best] = cursors[best]!.next();
  }
  return page;
}
