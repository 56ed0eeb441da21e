import { isForbiddenKey } from '../prototype-safety';

/**
 * The object convention between values and XML (see `XmlObjectConverter`): its names, shared by
 * the readers and the writers, and how a read element becomes a value, shared by both readers.
 */

/** The namespace of `xsi:nil`, which marks a `null` (XML Schema Part 1, section 2.6.2). */
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** Where the text of an element that also has attributes or child elements goes. */
export const TEXT_KEY = 'value';

/** The element name of each item of an array that has no field name: the root's, or an inner array's. */
export const ITEM_NAME = 'item';

/**
 * An element being read, and the value it becomes, Jackson-style and free of parser artefacts:
 *
 * - an element with neither attributes nor child elements is its text (`''` when empty);
 * - otherwise an object: attributes and child elements are fields by local name, a name that
 *   occurs more than once is an array in document order, and text beside them is the field
 *   {@link TEXT_KEY};
 * - the keys `__proto__`, `constructor` and `prototype` are dropped (they still make the element
 *   one with fields).
 *
 * (`xsi:nil="true"` is `null`, and namespaces and `xmlns`/`xsi` attributes are dropped, by the
 * reader that sees them.) Whether a single element is really a one-item array, and whether text
 * is a number, only a shape can say: see `coerceToShape`.
 */
export class ElementValue {
  #fields: Map<string, unknown[]> | undefined = undefined;
  #hasFields = false;
  #text = '';

  constructor(readonly name: string) {}

  /** An attribute or a child element's value, in document order. */
  addField(name: string, value: unknown): void {
    this.#hasFields = true;
    if (isForbiddenKey(name)) return;
    const fields = (this.#fields ??= new Map());
    const values = fields.get(name);
    if (values === undefined) fields.set(name, [value]);
    else values.push(value);
  }

  addText(text: string): void {
    this.#text += text;
  }

  /** The value of the element, once it is closed. */
  value(): unknown {
    if (!this.#hasFields) return this.#text;
    if (this.#text.trim() !== '') this.addField(TEXT_KEY, this.#text);
    const value: Record<string, unknown> = {};
    this.#fields?.forEach((values, name) => {
      value[name] = values.length === 1 ? values[0] : values;
    });
    return value;
  }
}
