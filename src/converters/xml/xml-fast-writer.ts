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
/** A character outside {@link SIMPLE_TEXT}, or one of `&`, `<` and `>`: text without one is written as it is. */
const NEEDS_CARE = /[^\t\n\x20-\x25\x27-\x3b\x3d\x3f-\x7e\u00a0-\ud7ff\ue000-\ufffd]/;
const MARKUP = /[&<>]/g;
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
/**
 * Objects open at once beyond which the Builder writes the document: the cycle check looks
 * through the open ones, which stays cheap only for the shallow values APIs answer.
 */
const MAX_OPEN = 64;

/**
 * Text as the Builder writes it (xmlbuilder's `textEscape`, for text without `\r`): one test
 * decides for most text that it goes out as it is; otherwise text the fast path cannot write gives
 * up, and `&`, `<` and `>` are escaped in one pass, so user text never becomes markup.
 */
function escapeText(text: string): string {
  if (!NEEDS_CARE.test(text)) return text;
  if (!SIMPLE_TEXT.test(text)) throw GIVE_UP;
  return text.replace(MARKUP, (c) => ESCAPES[c]!);
}

/** Raised inside the writer to give up on the fast path; never escapes this module. */
const GIVE_UP = Symbol('give up');

class PlainXmlWriter {
  /** The objects and arrays being written, outermost first: a value among them is a cycle. */
  readonly #open: object[] = [];

  /** `<name>content</name>`, or `<name/>` when the content is empty. */
  element(name: string, raw: unknown): string {
    const content = this.content(raw);
    return content === '' ? `<${name}/>` : `<${name}>${content}</${name}>`;
  }

  content(raw: unknown): string {
    const value = jsonValue(raw);
    if (typeof value === 'string') return escapeText(value);
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw GIVE_UP;
      return String(value);
    }
    if (typeof value === 'boolean') return String(value);
    const open = this.#open;
    if (typeof value !== 'object' || value === null || open.length === MAX_OPEN || open.includes(value)) throw GIVE_UP;
    open.push(value);
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
          if (open.includes(field)) throw GIVE_UP;
          for (const item of field) out += this.element(key, item ?? null);
        } else out += this.element(key, field);
      }
    }
    open.pop();
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
