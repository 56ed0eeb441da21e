/** The scalar types a query parameter, header or matrix variable converts to. */
export type ValueType = 'string' | 'integer' | 'number' | 'boolean';

/** The TypeScript type a {@link ValueType} converts to. */
export type ValueOfType<T extends ValueType> = T extends 'string' ? string : T extends 'boolean' ? boolean : number;

const INTEGER = /^[+-]?\d+$/;
// One way to read each text: `\d+\.?\d*` split a run of digits between its two `\d` at every point,
// and a 100,000-digit value followed by a letter took 4.9 s to refuse.
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/** Converts one text value, or answers `undefined` when it does not convert. */
export function convertValue(text: string, type: ValueType): string | number | boolean | undefined {
  switch (type) {
    case 'string':
      return text;
    case 'integer': {
      if (!INTEGER.test(text)) return undefined;
      const value = Number(text);
      return Number.isSafeInteger(value) ? value : undefined;
    }
    case 'number': {
      if (!NUMBER.test(text)) return undefined;
      const value = Number(text);
      return Number.isFinite(value) ? value : undefined;
    }
    case 'boolean': {
      const lower = text.toLowerCase();
      if (TRUE.has(lower)) return true;
      if (FALSE.has(lower)) return false;
      return undefined;
    }
  }
}

/** How a type is named in error details. */
export function describeType(type: ValueType): string {
  return type === 'integer' ? 'an integer' : type === 'number' ? 'a number' : type === 'boolean' ? 'a boolean' : 'a string';
}
