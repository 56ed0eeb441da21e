import { isForbiddenKey } from '../prototype-safety';

/** What a {@link Form} can be built from: name-value pairs, or a map to one value or several. */
export type FormInit = Iterable<readonly [string, string]> | Readonly<Record<string, string | readonly string[]>>;

/**
 * Form data as a multi-value map: each field name to the list of its values, in the order they
 * came (`a=1&b=2&a=3` is `{ a: ['1', '3'], b: ['2'] }`). The class doubles as the body-kind token:
 * a route declares `body: Form` to receive one, and a handler returns one to send
 * `application/x-www-form-urlencoded`.
 *
 * Instances have no `Object.prototype` behind them, so a field named `toString` or `hasOwnProperty`
 * is just a field; `__proto__`, `constructor` and `prototype` are dropped (see `isForbiddenKey`).
 */
export class Form {
  [name: string]: string[];

  constructor(init?: FormInit) {
    if (init === undefined) return;
    if (isIterable(init)) {
      for (const [name, value] of init) Form.append(this, name, value);
      return;
    }
    for (const name of Object.keys(init)) {
      const value = init[name]!;
      for (const one of typeof value === 'string' ? [value] : value) Form.append(this, name, one);
    }
  }

  /** Adds a value to a field, after the ones it has. Forbidden names are ignored. */
  static append(form: Form, name: string, value: string): void {
    if (isForbiddenKey(name)) return;
    const values = Object.prototype.hasOwnProperty.call(form, name) ? form[name] : undefined;
    if (values === undefined) form[name] = [value];
    else values.push(value);
  }

  /** The first value of a field, or `undefined`. */
  static first(form: Form, name: string): string | undefined {
    return Object.prototype.hasOwnProperty.call(form, name) ? form[name]?.[0] : undefined;
  }

  /**
   * The fields as a plain object, as a form is read into a route's object body: a field sent once
   * is its value, a repeated one the list of its values.
   */
  static toObject(form: Form): Record<string, string | string[]> {
    const value: Record<string, string | string[]> = {};
    for (const name of Object.keys(form)) {
      const values = form[name]!;
      value[name] = values.length === 1 ? values[0]! : [...values];
    }
    return value;
  }

  /** The fields as name-value pairs, in field order then value order. */
  static *entries(form: Form): IterableIterator<[string, string]> {
    for (const name of Object.keys(form)) {
      for (const value of form[name]!) yield [name, value];
    }
  }
}

// Cut the prototype chain below Form.prototype and drop its `constructor` link: a Form is a
// null-prototype map that `instanceof Form` still recognises.
Object.setPrototypeOf(Form.prototype, null);
delete (Form.prototype as { constructor?: unknown }).constructor;

function isIterable(value: FormInit): value is Iterable<readonly [string, string]> {
  return typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function';
}
