import type { MediaType } from '../../http/media-type';
import type { BodyConverter, ReadOptions, WriteOptions, WrittenBody } from '../body-converter';
import type { BodyKind } from '../body-kind';
import { mediaTypes, supportsRead, supportsWrite } from '../media-type-support';
import { WriteTargets } from '../write-targets';
import { coerceToShape } from '../shape-coercion';
import { decodeXml, writeXmlText } from './xml-charset';
import { parseXmlValue } from './xml-reading';
import { toXml } from './xml-writing';

/** Options of {@link XmlObjectConverter}. */
export interface XmlObjectConverterOptions {
  /** The root element's name when the write options give none; `root` by default. */
  readonly defaultRootName?: string;
}

/**
 * Objects from and to XML (`application/xml`, `text/xml` and every `application/*+xml`, RFC 7303),
 * with xml2js, such that an object written as XML reads back as the same object written as JSON
 * does, given the route's shape:
 *
 * - the root element is the value (its name is the `rootName` write hint, `root` by default, and is
 *   ignored on reading);
 * - fields are child elements; an array field is its element repeated (Jackson's unwrapped lists),
 *   an array without a field name is a wrapper of `<item>` elements;
 * - `null` is `xsi:nil="true"`; attributes read as fields; text beside fields reads as `value`;
 * - all text reads as strings unless the {@link ReadOptions.shape} says number, integer or
 *   boolean, and a single element reads as a one-item array where the shape says array
 *   (see `coerceToShape`).
 *
 * Reading refuses any DOCTYPE (so no external entities and no entity expansion), and elements
 * nested deeper than the limit, before the parser runs.
 */
export class XmlObjectConverter implements BodyConverter {
  readonly name = 'xml-object';
  readonly supportedMediaTypes: readonly MediaType[] = mediaTypes('application/xml', 'text/xml', 'application/*+xml');
  readonly #targets = new WriteTargets(this.supportedMediaTypes);
  readonly #defaultRootName: string;

  constructor(options: XmlObjectConverterOptions = {}) {
    this.#defaultRootName = options.defaultRootName ?? 'root';
  }

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'object' && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'object' && supportsWrite(this.supportedMediaTypes, mediaType);
  }

  async read(body: Buffer, options: ReadOptions): Promise<unknown> {
    const text = decodeXml(body, options.mediaType);
    const value = await parseXmlValue(text, options.maxDepth);
    return options.shape === undefined ? value : coerceToShape(value, options.shape);
  }

  write(value: unknown, options: WriteOptions): WrittenBody {
    return writeXmlText(toXml(value, options.rootName ?? this.#defaultRootName), this.#targets.of(options.mediaType));
  }
}
