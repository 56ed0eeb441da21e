import type { CompiledBinding } from './value-binding';

/**
 * Request fields a cache already accounts for without Vary, so a binding of one adds none:
 * - `Host`: part of the cache key, the target URI (RFC 9111 section 2);
 * - `Cache-Control`, `Pragma`: the request's directives to the caches themselves (RFC 9111 section 5.2.1, 5.4);
 * - the conditional fields and `Range`: answered by the caches from what they store (RFC 9111
 *   sections 4.3.2 and 3.4); a 304 or a 206 is not another representation, and keying on a
 *   validator would store one copy per tag.
 *
 * `Authorization` is not among them: RFC 9111 section 3.5 keeps a shared cache from reusing an
 * answer to an authorised request only until the route allows it (`public`, `s-maxage`,
 * `must-revalidate`); an answer that reads the credentials must then be keyed by them.
 */
const KEYED_BY_CACHES: ReadonlySet<string> = new Set([
  'host',
  'cache-control',
  'pragma',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'if-range',
  'range',
]);

const NO_FIELDS: readonly string[] = Object.freeze([]);

/**
 * The request fields a route's answers vary by, from its bindings, settled when it is declared
 * (RFC 9110 section 12.5.5: a cache must reuse an answer only for a request with the same values,
 * or one client's variant is served to another): `Cookie` for a cookie binding, the declared name
 * of each header binding (the first spelling of a name kept, case-insensitively; none for the
 * fields of {@link KEYED_BY_CACHES}); `Accept`, bound, is named once beside the one the
 * representation adds.
 */
export function bindingVaryFields(bindings: readonly CompiledBinding[]): readonly string[] {
  const fields = new Map<string, string>();
  for (const binding of bindings) {
    if (binding.source === 'cookie') fields.set('cookie', 'Cookie');
    else if (binding.source === 'header' && !KEYED_BY_CACHES.has(binding.name) && !fields.has(binding.name)) fields.set(binding.name, binding.key);
  }
  return fields.size === 0 ? NO_FIELDS : Object.freeze([...fields.values()]);
}
