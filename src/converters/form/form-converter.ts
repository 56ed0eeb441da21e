import type { MediaType } from '../../http/media-type';
import type { BodyConverter, ReadOptions, WriteOptions, WrittenBody } from '../body-converter';
import type { BodyKind } from '../body-kind';
import { Form } from './form';
import { formatFormUrlencoded, parseFormUrlencoded } from './form-urlencoded';
import { concreteWriteType, contentTypeOf, mediaTypes, supportsRead, supportsWrite } from '../media-type-support';
import { coerceToShape } from '../shape-coercion';

/**
 * Form data (`application/x-www-form-urlencoded`) to and from a {@link Form}, a multi-value map:
 * each name to the list of its values, in order. Writes `Form`s and `URLSearchParams`.
 *
 * Also reads a form into an object, for routes that declare their body with a schema (or
 * `Object`), so that an HTML form and a JSON client reach the same handler and get the same
 * validation errors: as with XML, a field sent once is its value, a repeated one the list, and
 * the route's shape turns text into numbers and booleans and single values into one-item arrays
 * (see `coerceToShape`). Objects are not written as forms: that is for a `Form`.
 */
export class FormConverter implements BodyConverter {
  readonly name = 'form';
  readonly supportedMediaTypes: readonly MediaType[] = mediaTypes('application/x-www-form-urlencoded');

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return (kind === 'form' || kind === 'object') && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'form' && supportsWrite(this.supportedMediaTypes, mediaType);
  }

  async read(body: Buffer, options: ReadOptions): Promise<unknown> {
    const form = parseFormUrlencoded(body, options.mediaType);
    if (options.kind !== 'object') return form;
    const value = Form.toObject(form);
    return options.shape === undefined ? value : coerceToShape(value, options.shape);
  }

  write(value: unknown, options: WriteOptions): WrittenBody {
    let entries: Iterable<readonly [string, string]>;
    if (value instanceof Form) entries = Form.entries(value);
    else if (value instanceof URLSearchParams) entries = value;
    else throw new TypeError('The form converter writes a Form or URLSearchParams');
    const mediaType = concreteWriteType(this.supportedMediaTypes, options.mediaType);
    // The serialization is always UTF-8 percent-encoded ASCII, and the type defines no charset
    // parameter (WHATWG URL Standard section 5), so none is sent.
    const { charset: _charset, ...parameters } = mediaType.parameters;
    return {
      body: Buffer.from(formatFormUrlencoded(entries), 'latin1'),
      contentType: contentTypeOf({ ...mediaType, parameters }),
    };
  }
}
