import { surrogateKeyHeaders, surrogateKeys } from '../caching/surrogate-keys';
import type { Exchange } from './exchange';

/**
 * The surrogate key field lines of an exchange's response: the keys its route declares (fixed, then
 * computed from the handler's context) and those its handler added, each made a key once
 * (`surrogateKeys`), in every field the router names. `undefined` when the route declares none and
 * the handler added none: a route without keys pays one check.
 */
export function surrogateKeyLines(exchange: Exchange): [string, string][] | undefined {
  const declared = exchange.route.surrogateKeys;
  const added = exchange.addedSurrogateKeys;
  if (declared === undefined && added === undefined) return undefined;
  const values: (string | number)[] = [...(declared?.fixed ?? [])];
  for (const compute of declared?.computed ?? []) values.push(...compute(exchange.context));
  if (added !== undefined) values.push(...added);
  return surrogateKeyHeaders(surrogateKeys(values), exchange.route.surrogateKeyFields);
}
