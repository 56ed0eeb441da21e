import type { StoredResponse } from './store';

/** The first byte of an encoded value: a value written in another format is not read, but missed. */
const FORMAT = 1;

/** What a variant keeps besides its body, as the encoded header says it. */
interface VariantHead extends Omit<StoredResponse, 'body'> {
  readonly bodyLength: number;
}

/**
 * Encodes the variants of one cache key as one binary value, so that one read of a shared store
 * gets them all and the cache picks the one the request's Vary selects (RFC 9111 section 4.1):
 * a format byte, the length of a JSON head (4 bytes, big-endian), the head (every variant's
 * status, reason, header lines, times, selecting headers and body length), then the bodies as they
 * are. Bodies are bytes, never text: an image or a gzip body comes back byte for byte.
 */
export function encodeVariants(variants: readonly StoredResponse[]): Buffer {
  const heads: VariantHead[] = variants.map(({ body, ...head }) => ({ ...head, bodyLength: body.byteLength }));
  const head = Buffer.from(JSON.stringify(heads), 'utf8');
  const prefix = Buffer.allocUnsafe(5);
  prefix.writeUInt8(FORMAT, 0);
  prefix.writeUInt32BE(head.byteLength, 1);
  return Buffer.concat([prefix, head, ...variants.map((variant) => variant.body)]);
}

/**
 * The variants {@link encodeVariants} encoded; `undefined` for a value it did not write (another
 * format, cut short, or not this cache's), which the cache treats as a miss.
 */
export function decodeVariants(value: Uint8Array): StoredResponse[] | undefined {
  const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (bytes.byteLength < 5 || bytes.readUInt8(0) !== FORMAT) return undefined;
  const headEnd = 5 + bytes.readUInt32BE(1);
  if (headEnd > bytes.byteLength) return undefined;
  let heads: unknown;
  try {
    heads = JSON.parse(bytes.toString('utf8', 5, headEnd));
  } catch {
    return undefined;
  }
  if (!Array.isArray(heads)) return undefined;
  const variants: StoredResponse[] = [];
  let offset = headEnd;
  for (const { bodyLength, ...head } of heads as VariantHead[]) {
    if (!Number.isInteger(bodyLength) || offset + bodyLength > bytes.byteLength) return undefined;
    // A copy: the reply's buffer may be a slice of a larger one the client reuses.
    variants.push({ ...head, body: new Uint8Array(bytes.subarray(offset, offset + bodyLength)) });
    offset += bodyLength;
  }
  return offset === bytes.byteLength ? variants : undefined;
}
