import { IndexedSequence } from './indexed-sequence';
import type { WorkCounter } from './work-counter';

type JsonObject = Record<string, unknown>;
type List = unknown[] | IndexedSequence<unknown>;

type Place = { readonly in: 'document' } | { readonly in: 'object'; readonly object: JsonObject; readonly name: string } | { readonly in: 'list'; readonly list: List; readonly index: number };

/** Where a pointer leads: the value found, wrapped so that a JSON `null` is found too. */
export interface Found {
  readonly value: unknown;
}

const isList = (value: unknown): value is List => Array.isArray(value) || value instanceof IndexedSequence;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !isList(value);

/** An array index in a JSON Pointer (RFC 6901 section 4): no sign, no leading zero. */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/** The index a reference token names in a list of `length` elements, or undefined when it names none below `limit`. */
function indexOf(token: string, limit: number): number | undefined {
  if (!ARRAY_INDEX.test(token)) return undefined;
  const index = Number(token);
  return index < limit ? index : undefined;
}

/** Sets an own data member, `__proto__` included, without ever reaching a prototype. */
function define(object: JsonObject, name: string, value: unknown): void {
  if (name === '__proto__') Object.defineProperty(object, name, { value, writable: true, enumerable: true, configurable: true });
  else object[name] = value;
}

/**
 * A copy of a JSON document that JSON Patch operations edit in place, each in time proportional
 * to what it names rather than to the document (RFC 6902 section 4): the target is copied once,
 * pointers follow own members and array indexes only (RFC 6901 section 4), a moved value keeps
 * its identity, and an array edited anywhere but at its end becomes an {@link IndexedSequence}.
 * {@link result} answers plain JSON again.
 */
export class WorkingDocument {
  private root: unknown;
  private sequences = 0;

  constructor(
    target: unknown,
    private readonly work: WorkCounter,
  ) {
    this.root = this.copyOf(target);
  }

  /** The value a pointer's reference tokens lead to, through own members and indexes only. */
  get(tokens: readonly string[]): Found | undefined {
    return this.walk(tokens, tokens.length);
  }

  /**
   * Adds `value` where `tokens` lead (RFC 6902 section 4.1): the whole document for no token, a
   * member of an existing object, or an index of an existing array up to its length, or `-`.
   * Answers false when the parent does not exist or the index does not fit.
   */
  add(tokens: readonly string[], value: unknown): boolean {
    const place = this.placeOf(tokens, true);
    if (place === undefined) return false;
    if (place.in === 'document') this.root = value;
    else if (place.in === 'object') define(place.object, place.name, value);
    else if (Array.isArray(place.list) && place.index === place.list.length) place.list.push(value);
    else this.sequenceAt(tokens, place.list).insert(place.index, value);
    return true;
  }

  /** Removes the value where `tokens` lead and answers it, or undefined when there is none (RFC 6902 section 4.2). */
  remove(tokens: readonly string[]): Found | undefined {
    const place = this.placeOf(tokens, false);
    if (place === undefined) return undefined;
    if (place.in === 'document') {
      const removed = { value: this.root };
      this.root = null;
      return removed;
    }
    if (place.in === 'object') {
      const value = place.object[place.name];
      delete place.object[place.name];
      return { value };
    }
    if (Array.isArray(place.list) && place.index === place.list.length - 1) return { value: place.list.pop() };
    return { value: this.sequenceAt(tokens, place.list).remove(place.index) };
  }

  /** Replaces the value where `tokens` lead; false when there is none (RFC 6902 section 4.3). */
  replace(tokens: readonly string[], value: unknown): boolean {
    const place = this.placeOf(tokens, false);
    if (place === undefined) return false;
    if (place.in === 'document') this.root = value;
    else if (place.in === 'object') define(place.object, place.name, value);
    else if (Array.isArray(place.list)) place.list[place.index] = value;
    else place.list.set(place.index, value);
    return true;
  }

  /**
   * Whether the value found equals `expected` as JSON (RFC 6902 section 4.6): walked along
   * `expected`, so a test costs what its value holds, whatever the size of what it is compared to.
   */
  equals(found: unknown, expected: unknown): boolean {
    this.work.steps++;
    if (Array.isArray(expected)) {
      if (!isList(found) || found.length !== expected.length) return false;
      const items = Array.isArray(found) ? found : found.toArray();
      return expected.every((item, index) => this.equals(items[index], item));
    }
    if (isObject(expected)) {
      if (!isObject(found)) return false;
      // Counting `found`'s members costs no more than the walk: a test that passes compares as many.
      const names = Object.keys(expected);
      if (Object.keys(found).length !== names.length) return false;
      return names.every((name) => Object.hasOwn(found, name) && this.equals(found[name], expected[name]));
    }
    return found === expected;
  }

  /** A deep copy of a value of this document (or of any JSON value), in plain arrays and objects. */
  copyOf(value: unknown): unknown {
    this.work.steps++;
    if (isList(value)) return (Array.isArray(value) ? value : value.toArray()).map((item) => this.copyOf(item));
    if (!isObject(value)) return value;
    const copy: JsonObject = {};
    for (const name of Object.keys(value)) define(copy, name, this.copyOf(value[name]));
    return copy;
  }

  /** The document as plain JSON: every {@link IndexedSequence} an array again, in one walk when there is any. */
  result(): unknown {
    return this.sequences === 0 ? this.root : this.plain(this.root);
  }

  private plain(value: unknown): unknown {
    this.work.steps++;
    if (isList(value)) {
      const items = Array.isArray(value) ? value : value.toArray();
      for (let i = 0; i < items.length; i++) items[i] = this.plain(items[i]);
      return items;
    }
    if (isObject(value)) for (const name of Object.keys(value)) define(value, name, this.plain(value[name]));
    return value;
  }

  /**
   * Where `tokens` lead in their parent: the whole document, a member of an object, or an index of
   * a list. An existing member or index only, unless `adding`: then any member of an existing
   * object, and an index up to the list's length, or `-` (RFC 6902 section 4.1).
   */
  private placeOf(tokens: readonly string[], adding: boolean): Place | undefined {
    if (tokens.length === 0) return { in: 'document' };
    const parent = this.walk(tokens, tokens.length - 1)?.value;
    const last = tokens[tokens.length - 1]!;
    if (isObject(parent)) return adding || Object.hasOwn(parent, last) ? { in: 'object', object: parent, name: last } : undefined;
    if (!isList(parent)) return undefined;
    const index = adding && last === '-' ? parent.length : indexOf(last, parent.length + (adding ? 1 : 0));
    return index === undefined ? undefined : { in: 'list', list: parent, index };
  }

  /** Follows the first `depth` tokens from the root. */
  private walk(tokens: readonly string[], depth: number): Found | undefined {
    let value = this.root;
    for (let i = 0; i < depth; i++) {
      this.work.steps++;
      const token = tokens[i]!;
      if (isObject(value)) {
        if (!Object.hasOwn(value, token)) return undefined;
        value = value[token];
      } else if (isList(value)) {
        const index = indexOf(token, value.length);
        if (index === undefined) return undefined;
        value = Array.isArray(value) ? value[index] : value.at(index);
      } else {
        return undefined;
      }
    }
    return { value };
  }

  /**
   * The list that is the parent of `tokens`' last token, as an {@link IndexedSequence}: an array
   * is turned into one, once, the first time it is edited anywhere but at its end.
   */
  private sequenceAt(tokens: readonly string[], list: List): IndexedSequence<unknown> {
    if (list instanceof IndexedSequence) return list;
    const sequence = IndexedSequence.of(list, this.work);
    this.sequences++;
    if (tokens.length === 1) this.root = sequence;
    else this.replace(tokens.slice(0, -1), sequence);
    return sequence;
  }
}
