import type { ProducesCondition } from '../conditions/produces-condition';
import { BODY_KINDS } from '../converters/body-kind';
import type { ConverterRegistry } from '../converters/converter-registry';
import { type MediaType, essence, formatMediaType, isCompatible, suffixOf } from '../http/media-type';

/** Whether a converter's type is the catch-all `*` + `/*` (the byte converter writes a Buffer as anything). */
function isCatchAll(type: MediaType): boolean {
  return type.type === '*' && type.subtype === '*';
}

/**
 * Whether `a` becomes `b` by one edit: a character changed, added or removed, or two neighbours
 * swapped (`jsno` for `json`). Linear in the length: the strings are declared media types.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const restA = endA - start;
  const restB = endB - start;
  // One character changed, added or removed, or two neighbours swapped.
  if (restA <= 1 && restB <= 1) return true;
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}

/**
 * Why a route's produces cannot be written, or `undefined` when every type it declares can be:
 *
 * - a type (or range) no converter writes for any kind of value: the route would answer 406 with
 *   nothing to offer (RFC 9110 section 15.5.7) whatever it returned;
 * - a type only the catch-all (`*` + `/*`, bytes) writes that is one edit away from a type, or a
 *   structured-syntax suffix (RFC 6838 section 4.2.8), a converter names (`application/jsn`,
 *   `application/vnd.x+jsn`): a typo, since an object would find no writer. A type far from every
 *   named one (`image/png`, `application/pdf`) is taken as bytes on purpose.
 *
 * Worked out once, when the route is declared.
 */
export function unwritableProduces(registry: ConverterRegistry, produces: ProducesCondition): string | undefined {
  const writable = BODY_KINDS.flatMap((kind) => registry.writableMediaTypes(kind));
  const named = writable.filter((type) => !isCatchAll(type));
  for (const expression of produces.expressions) {
    if (expression.negated) continue;
    const declared = expression.mediaType;
    if (!writable.some((type) => isCompatible(type, declared))) return `'${expression.text}', which no converter writes`;
    if (named.some((type) => isCompatible(type, declared))) continue;
    const near = named.find((type) => oneEditApart(essence(declared), essence(type)) || nearSuffix(declared, type));
    if (near !== undefined) {
      return `'${expression.text}', which only the catch-all byte converter writes: did you mean '${formatMediaType(near)}'?`;
    }
  }
  return undefined;
}

/** Whether both types have a structured-syntax suffix, and they are one edit apart (`+jsn`, `+json`). */
function nearSuffix(declared: MediaType, named: MediaType): boolean {
  const mine = suffixOf(declared);
  const theirs = suffixOf(named);
  return mine !== undefined && theirs !== undefined && oneEditApart(mine, theirs);
}
