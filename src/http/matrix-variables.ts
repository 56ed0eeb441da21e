import { decodePercent } from './percent-decoding';

/** Matrix variables of one path segment: name to values, in order. Null prototype: names are data. */
export type MatrixVariables = Readonly<Record<string, readonly string[]>>;

const EMPTY: MatrixVariables = Object.freeze(Object.create(null) as Record<string, readonly string[]>);

/**
 * Parses the matrix part of a segment (what follows the first `;`): `color=red;year=2012`,
 * `color=red,blue`, and repeated names, all collecting into arrays in order. A name without `=`
 * has no values. Returns `undefined` when percent-encoding is invalid.
 */
export function parseMatrixVariables(text: string): MatrixVariables | undefined {
  if (text === '') return EMPTY;
  const variables = Object.create(null) as Record<string, string[]>;
  for (const pair of text.split(';')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decodePercent(eq === -1 ? pair : pair.slice(0, eq));
    if (name === undefined) return undefined;
    if (name === '') continue;
    const values = (variables[name] ??= []);
    if (eq === -1) continue;
    for (const raw of pair.slice(eq + 1).split(',')) {
      const value = decodePercent(raw);
      if (value === undefined) return undefined;
      values.push(value);
    }
  }
  return variables;
}
