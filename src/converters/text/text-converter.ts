import type { MediaType } from '../../http/media-type';
import type { BodyConverter, ReadOptions, WriteOptions, WrittenBody } from '../body-converter';
import type { BodyKind } from '../body-kind';
import { DEFAULT_CHARSET, charsetOf, decodeText, encodeText } from '../charset';
import { concreteWriteType, contentTypeOf, mediaTypes, supportsRead, supportsWrite } from '../media-type-support';

/**
 * Strings from and to any textual media type: `text/plain` first, every `text/*`, and the
 * structured text formats (JSON, XML, forms), whose bodies a handler may want as raw text. A
 * string a handler returns is written as is, but not as JSON: bare text labelled
 * `application/json` is not JSON (`abc`), so the JSON converter writes it, as a JSON string
 * (`"abc"`, RFC 8259 section 7), unlike Spring MVC.
 * Text is decoded and encoded in the media type's `charset` (RFC 9110 section 8.3.2), UTF-8 when
 * there is none (RFC 6657 section 4).
 */
export class TextConverter implements BodyConverter {
  readonly name = 'text';
  readonly supportedMediaTypes: readonly MediaType[] = mediaTypes(
    'text/plain',
    'text/*',
    'application/json',
    'application/*+json',
    'application/xml',
    'application/*+xml',
    'application/x-www-form-urlencoded',
  );
  /** What strings are written as: the JSON types are the JSON converter's (see above). */
  readonly #writable = this.supportedMediaTypes.filter((type) => !(type.subtype === 'json' || type.subtype.endsWith('+json')));

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'string' && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'string' && supportsWrite(this.#writable, mediaType);
  }

  async read(body: Buffer, options: ReadOptions): Promise<string> {
    return decodeText(body, charsetOf(options.mediaType) ?? DEFAULT_CHARSET);
  }

  write(value: unknown, options: WriteOptions): WrittenBody {
    if (typeof value !== 'string') throw new TypeError(`The text converter writes strings, not ${typeof value}`);
    const mediaType = concreteWriteType(this.#writable, options.mediaType);
    const encoded = encodeText(value, charsetOf(mediaType));
    return { body: encoded.body, contentType: contentTypeOf(mediaType, encoded.charset) };
  }
}
