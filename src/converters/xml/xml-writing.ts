import { Builder } from 'xml2js';
import { writePlainXml } from './xml-fast-writer';
import { ITEM_NAME, XSI_NAMESPACE } from './xml-convention';

// xml2js treats these keys as attributes and text. Neither is a valid XML name, so no field of
// the user's object (whose names are checked) can be mistaken for them.
const ATTRIBUTES = '@';
const TEXT = '#';

// XML 1.0 (fifth edition) section 2.3, without ':' (Namespaces in XML 1.0, NCName).
const NAME_START = 'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD';
const NAME = new RegExp(`^[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*$`);

/** Whether a field name can be an XML element name. */
export function isXmlName(name: string): boolean {
  return NAME.test(name);
}

type Content = string | { [key: string]: Content | Content[] | Readonly<Record<string, string>> };

/**
 * Writes a value as XML under the object convention (the mirror of reading):
 *
 * - the value is the content of the root element `rootName`;
 * - each field is an element of its name; an array field is the element repeated once per item
 *   (Jackson's unwrapped lists: `books: [a, b]` is `<books>a</books><books>b</books>`), so an
 *   empty array writes nothing;
 * - an array with no field name (the value itself, or an item of an array) is a wrapper element
 *   whose children are `<item>` elements;
 * - strings, numbers and booleans are text; `null` and non-finite numbers (as JSON writes them)
 *   are an empty element with `xsi:nil="true"`; `undefined`, functions and symbols are left out;
 *   `toJSON()` is honoured, so a `Date` is its ISO string, exactly as in JSON.
 *
 * Throws a `TypeError` for names that are not XML names, cycles, `bigint`s and characters XML
 * cannot carry.
 *
 * @returns the document without its XML declaration (the caller knows the charset).
 */
export function toXml(value: unknown, rootName: string): string {
  // Plain values (most API responses) are written directly, as the Builder would write them; a
  // root name the fast writer takes is a valid XML name, any other is checked by the Builder's path.
  const plain = writePlainXml(value, rootName);
  if (plain !== undefined) return plain;
  return toXmlWithBuilder(value, rootName);
}

/** @internal {@link toXml} always through xml2js's Builder: the reference the fast writer is tested against. */
export function toXmlWithBuilder(value: unknown, rootName: string): string {
  if (!isXmlName(rootName)) throw new TypeError(`'${rootName}' is not a valid XML root element name`);
  const writer = new XmlContentWriter();
  let content = writer.content(value, rootName);
  if (writer.needsXsi) {
    const object = typeof content === 'string' ? {} : content;
    const attributes = (object[ATTRIBUTES] ?? {}) as Record<string, string>;
    content = { ...object, [ATTRIBUTES]: { ...attributes, 'xmlns:xsi': XSI_NAMESPACE } };
  }
  const builder = new Builder({ attrkey: ATTRIBUTES, charkey: TEXT, headless: true, renderOpts: { pretty: false } });
  try {
    return builder.buildObject({ [rootName]: content });
  } catch (error) {
    throw new TypeError(`The value cannot be written as XML: ${(error as Error).message}`, { cause: error });
  }
}

class XmlContentWriter {
  needsXsi = false;
  readonly #ancestors = new Set<object>();

  content(raw: unknown, path: string): Content {
    const value = toJsonValue(raw, '');
    if (value === null || (typeof value === 'number' && !Number.isFinite(value))) {
      this.needsXsi = true;
      return { [ATTRIBUTES]: { 'xsi:nil': 'true' } };
    }
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value === 'bigint') throw new TypeError(`${path} is a bigint, which neither JSON nor XML can write`);
    if (typeof value !== 'object') throw new TypeError(`${path} is a ${typeof value}, which cannot be written as XML`);
    if (this.#ancestors.has(value)) throw new TypeError(`${path} refers back to itself`);
    this.#ancestors.add(value);
    try {
      if (Array.isArray(value)) {
        return { [ITEM_NAME]: value.map((item, index) => this.content(item ?? null, `${path}[${index}]`)) };
      }
      const result: { [key: string]: Content | Content[] } = {};
      for (const key of Object.keys(value)) {
        const field = toJsonValue((value as Record<string, unknown>)[key], key);
        if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
        if (!isXmlName(key)) throw new TypeError(`The field name '${key}' at ${path} is not a valid XML element name`);
        result[key] = Array.isArray(field)
          ? field.map((item, index) => this.content(item ?? null, `${path}.${key}[${index}]`))
          : this.content(field, `${path}.${key}`);
      }
      return result;
    } finally {
      this.#ancestors.delete(value);
    }
  }
}

/** What JSON.stringify would write for this value: `toJSON()` applied. */
function toJsonValue(value: unknown, key: string): unknown {
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return (value as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  return value;
}
