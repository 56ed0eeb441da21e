import { ITEM_NAME } from './xml-convention';

/**
 * A fast writer for the common case of `toXml`: byte for byte what xml2js's Builder writes for
 * the object convention (see xml-writing.ts), for values made of strings, finite numbers,
 * booleans, plain objects and arrays with ASCII field names and text of ordinary characters.
 * Anything else (a `null`, which needs `xsi:nil`; `toJSON` other than a Date's; a cycle; a name or
 * a character the Builder would check or escape differently) answers `undefined`, and the Builder
 * writes the document (or reports the error) as before.
 */

/** Names written here: ASCII XML names, a subset of what `isXmlName` accepts. */
const SIMPLE_NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;
/** Text written here: tab, newline and printable characters, no surrogates, no C1 controls. */
const SIMPLE_TEXT = /^[\t\n\x20-\x7e\u00a0-\ud7ff\ue000-\ufffd]*$/;
const ESCAPED = /[&<>]/;

/** The Builder's text escaping (xmlbuilder's `textEscape`) for text without `\r`. */
function escapeText(text: string): string {
  return ESCAPED.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text;
}

/** Raised inside the writer to give up on the fast path; never escapes this module. */
const GIVE_UP = Symbol('give up');

class PlainXmlWriter {
  readonly #ancestors = new Set<object>();

  /** `<name>content</name>`, or `<name/>` when the content is empty. */
  element(name: string, raw: unknown): string {
    const content = this.content(raw);
    return content === '' ? `<${name}/>` : `<${name}>${content}</${name}>`;
  }

  content(raw: unknown): string {
    const value = jsonValue(raw);
    if (typeof value === 'string') {
      if (!SIMPLE_TEXT.test(value)) throw GIVE_UP;
      return escapeText(value);
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw GIVE_UP;
      return String(value);
    }
    if (typeof value === 'boolean') return String(value);
    if (typeof value !== 'object' || value === null || this.#ancestors.has(value)) throw GIVE_UP;
    this.#ancestors.add(value);
    let out = '';
    if (Array.isArray(value)) {
      for (const item of value) out += this.element(ITEM_NAME, item ?? null);
    } else {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const field = jsonValue(record[key]);
        if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
        // `__proto__` is not a field to the Builder's path (assigning it sets a prototype).
        if (!SIMPLE_NAME.test(key) || key === '__proto__') throw GIVE_UP;
        if (Array.isArray(field)) {
          if (this.#ancestors.has(field)) throw GIVE_UP;
          for (const item of field) out += this.element(key, item ?? null);
        } else out += this.element(key, field);
      }
    }
    this.#ancestors.delete(value);
    return out;
  }
}

/**
 * What JSON.stringify would write for a value, where that needs no call to user code: a `Date`
 * (whose `toJSON` is its ISO string) is fine; any other `toJSON` gives up, so that the Builder's
 * path calls it once, as before.
 */
function jsonValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date && value.toJSON === Date.prototype.toJSON) return value.toJSON();
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') throw GIVE_UP;
  return value;
}

/** The document `toXml(value, rootName)` writes, or `undefined` when only the Builder can write it. */
export function writePlainXml(value: unknown, rootName: string): string | undefined {
  if (!SIMPLE_NAME.test(rootName)) return undefined;
  try {
    return new PlainXmlWriter().element(rootName, value);
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}
