import { charsetOf, decodeText, DEFAULT_CHARSET, isDecodable, unsupportedCharset } from '../charset';
import { Form } from './form';
import { malformedBody } from '../malformed-body';
import type { MediaType } from '../../http/media-type';

const FORMAT = 'form';

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/**
 * Decodes one name or value: `+` is a space and `%XX` a byte (WHATWG URL Standard section 5.1),
 * then the bytes are text in the charset. A `%` not followed by two hex digits is an error here,
 * where the standard passes it through: a client that sends it has not encoded its form.
 */
function decodeComponent(body: Buffer, start: number, end: number, charset: string): string {
  let plain = true;
  for (let i = start; i < end; i++) {
    const b = body[i]!;
    if (b === 0x25 /* % */ || b === 0x2b /* + */ || b > 0x7f) {
      plain = false;
      break;
    }
  }
  if (plain) return body.toString('latin1', start, end);
  const bytes = Buffer.allocUnsafe(end - start);
  let length = 0;
  for (let i = start; i < end; i++) {
    const b = body[i]!;
    if (b === 0x2b) bytes[length++] = 0x20;
    else if (b === 0x25) {
      const high = hexValue(body[i + 1]);
      const low = hexValue(body[i + 2]);
      if (high === -1 || low === -1 || i + 2 >= end) {
        throw malformedBody(FORMAT, "'%' is not followed by two hexadecimal digits", { offset: i });
      }
      bytes[length++] = (high << 4) | low;
      i += 2;
    } else bytes[length++] = b;
  }
  try {
    // A field is part of a body: a U+FEFF at its start is text, not a byte order mark.
    return decodeText(bytes.subarray(0, length), charset, FORMAT, { keepBom: true });
  } catch (error) {
    // Report where the field starts: offsets inside the decoded bytes mean nothing to the client.
    throw malformedBody(FORMAT, `the field is not valid ${charset.toUpperCase()} once percent-decoded`, { offset: start }, error);
  }
}

/**
 * Parses `application/x-www-form-urlencoded` bytes into a {@link Form}: fields are separated by
 * `&`, name and value by the first `=`; repeated names keep every value in order; empty fields
 * are skipped, as the WHATWG parser does.
 */
export function parseFormUrlencoded(body: Buffer, mediaType: MediaType): Form {
  // The type defines no parameters; a charset one is honoured for legacy clients (HTML 4 forms).
  const charset = charsetOf(mediaType) ?? DEFAULT_CHARSET;
  // Checked up front: fields in plain ASCII are never decoded, so a bad charset would go unnoticed.
  if (!isDecodable(charset)) throw unsupportedCharset(charset);
  const form = new Form();
  let start = 0;
  // The first `=` at or after `start` (-1: none left), searched for again only once passed: a
  // search from every field to the next `=` rescanned the rest of a body of `a&a&a…` at each
  // field (1 MiB of it took 7 s).
  let nextEquals = body.indexOf(0x3d /* = */);
  while (start <= body.length) {
    let end = body.indexOf(0x26 /* & */, start);
    if (end === -1) end = body.length;
    if (end > start) {
      if (nextEquals !== -1 && nextEquals < start) nextEquals = body.indexOf(0x3d, start);
      const equals = nextEquals === -1 || nextEquals > end ? end : nextEquals;
      const name = decodeComponent(body, start, equals, charset);
      const value = equals < end ? decodeComponent(body, equals + 1, end, charset) : '';
      Form.append(form, name, value);
    }
    start = end + 1;
  }
  return form;
}

/**
 * Serializes name-value pairs as `application/x-www-form-urlencoded` in UTF-8, the serializer of
 * the WHATWG URL Standard (what `URLSearchParams` produces: spaces as `+`).
 */
export function formatFormUrlencoded(entries: Iterable<readonly [string, string]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries) params.append(name, value);
  return params.toString();
}
