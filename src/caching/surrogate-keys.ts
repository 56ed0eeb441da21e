import { createHash } from 'node:crypto';
import { type HeaderMap, fieldLines } from './header-map';

/**
 * Surrogate keys (cache tags): names a response is tagged with, so that a cache in front (Varnish
 * with xkey or a ban on the field, Fastly's `Surrogate-Key`, Cloudflare's `Cache-Tag`) can drop
 * every response carrying one of them at once, whatever its URI.
 *
 * A key is a token of RFC 3986's unreserved characters and `:` `/` `@`: no space or comma (the two
 * separators of the fields), no quote, no control character, no regular-expression syntax but the
 * dot, so that it is the same token in every cache's field and in a ban's regular expression.
 */
const TOKEN = /^[A-Za-z0-9\-._~:/@]+$/;
const OUTSIDE_TOKEN = /[^A-Za-z0-9\-._~:/@]/gu;

/** The longest key, in bytes (Fastly's limit for one surrogate key): longer ones are hashed. */
export const MAX_SURROGATE_KEY_BYTES = 1024;

/**
 * The longest field value of a response's keys, in bytes: Varnish's default `http_resp_hdr_len`
 * is 8 KiB for a whole field line, and a backend field longer than that fails the fetch (503).
 */
export const MAX_SURROGATE_KEYS_BYTES = 8000;

/** Whether `text` is a surrogate key as it is (and so the key {@link surrogateKey} makes of it). */
export function isSurrogateKey(text: string): boolean {
  return text.length <= MAX_SURROGATE_KEY_BYTES && TOKEN.test(text);
}

/**
 * The surrogate key of a value, however it was built (`'user:' + id`, with `id` from the request):
 * the value itself when it is a key (`isSurrogateKey`); otherwise every character outside a
 * key's is percent-encoded in UTF-8 (RFC 3986 section 2.1), `%` included, so that a space, a comma,
 * a CR or LF from the client can neither split the field nor the list, and two values never make
 * one key. One longer than 1,024 bytes (`MAX_SURROGATE_KEY_BYTES`) becomes `#` and its SHA-256 (base64url):
 * `#` is never in a key otherwise. The same value always makes the same key, so the purge of a
 * value names what its responses were tagged with. `undefined` for an empty value (no key).
 */
export function surrogateKey(value: string): string | undefined {
  if (value === '') return undefined;
  if (isSurrogateKey(value)) return value;
  const encoded = value.replace(OUTSIDE_TOKEN, percentEncoded);
  if (encoded.length <= MAX_SURROGATE_KEY_BYTES) return encoded;
  return `#${createHash('sha256').update(value, 'utf8').digest('base64url')}`;
}

function percentEncoded(character: string): string {
  let result = '';
  for (const byte of Buffer.from(character, 'utf8')) result += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return result;
}

/** The keys of a list of values ({@link surrogateKey}), each once, in order. */
export function surrogateKeys(values: Iterable<string | number>): string[] {
  const keys = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError(`A surrogate key is a string or a number, got ${typeof value}`);
    const key = surrogateKey(String(value));
    if (key !== undefined) keys.add(key);
  }
  return [...keys];
}

/**
 * The field a response's keys go in, with its separator: a space for `Surrogate-Key` (Fastly, and
 * Varnish's xkey) and `xkey`, a comma for any other name (Cloudflare's `Cache-Tag`, Akamai's
 * `Edge-Cache-Tag`: a list, RFC 9110 section 5.6.1).
 */
export interface SurrogateKeyField {
  /** The field name, lower case. */
  readonly name: string;
  readonly separator: ' ' | ', ';
}

const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The fields of a list of names; a name that is not a field name (RFC 9110 section 5.1) is a TypeError. */
export function surrogateKeyFields(names: readonly string[]): readonly SurrogateKeyField[] {
  return names.map((name) => {
    if (!FIELD_NAME.test(name)) throw new TypeError(`'${name}' is not a header field name (RFC 9110 section 5.1)`);
    const lower = name.toLowerCase();
    return { name: lower, separator: lower === 'surrogate-key' || lower === 'xkey' ? ' ' : ', ' };
  });
}

/**
 * The field lines that tag a response with `keys` (already keys, {@link surrogateKeys}): none for
 * no key. More than {@link MAX_SURROGATE_KEYS_BYTES} of them is a RangeError: a cache in front
 * would refuse the response, or drop the keys past its limit and never purge it by them; tag a
 * collection with one key (`users`) rather than each of its members.
 */
export function surrogateKeyHeaders(keys: readonly string[], fields: readonly SurrogateKeyField[]): [string, string][] {
  if (keys.length === 0) return [];
  return fields.map(({ name, separator }) => {
    const value = keys.join(separator);
    if (value.length > MAX_SURROGATE_KEYS_BYTES) {
      throw new RangeError(`A response's surrogate keys take ${value.length} bytes in ${name}, more than ${MAX_SURROGATE_KEYS_BYTES}: tag a collection with one key`);
    }
    return [name, value];
  });
}

/**
 * The keys a response carries in any of `fields` (its own `Surrogate-Key`, `Cache-Tag`): what a
 * write's purge names. Split at spaces and commas, which no key contains.
 */
export function responseSurrogateKeys(headers: HeaderMap, fields: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const name of fields) {
    for (const line of fieldLines(headers[name.toLowerCase()])) {
      for (const part of line.split(/[ ,\t]+/)) if (part !== '') keys.add(part);
    }
  }
  return [...keys];
}
