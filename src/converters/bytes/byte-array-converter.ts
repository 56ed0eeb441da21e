import type { MediaType } from '../../http/media-type';
import type { BodyConverter, ReadOptions, WriteOptions, WrittenBody } from '../body-converter';
import type { BodyKind } from '../body-kind';
import { concreteWriteType, contentTypeOf, mediaTypes, supportsRead, supportsWrite } from '../media-type-support';

/**
 * Bytes (`Buffer`, any `Uint8Array`) from and to `application/octet-stream` and any other media
 * type: the body is passed through untouched, neither decoded nor copied.
 */
export class ByteArrayConverter implements BodyConverter {
  readonly name = 'byte-array';
  readonly supportedMediaTypes: readonly MediaType[] = mediaTypes('application/octet-stream', '*/*');

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'bytes' && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'bytes' && supportsWrite(this.supportedMediaTypes, mediaType);
  }

  async read(body: Buffer, _options: ReadOptions): Promise<Buffer> {
    return body;
  }

  write(value: unknown, options: WriteOptions): WrittenBody {
    if (!(value instanceof Uint8Array)) throw new TypeError('The byte-array converter writes a Buffer or Uint8Array');
    const body = Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    // Bytes have no charset to add; a charset the handler's media type names is kept as given.
    return { body, contentType: contentTypeOf(concreteWriteType(this.supportedMediaTypes, options.mediaType)) };
  }
}
