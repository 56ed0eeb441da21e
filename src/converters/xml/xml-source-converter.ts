import type { MediaType } from '../../http/media-type';
import type { BodyConverter, ReadOptions, WriteOptions, WrittenBody } from '../body-converter';
import type { BodyKind } from '../body-kind';
import { mediaTypes, supportsRead, supportsWrite } from '../media-type-support';
import { WriteTargets } from '../write-targets';
import { decodeXml, writeXmlText } from './xml-charset';
import { type XmlDocument, isXmlDocument } from './xml-document';
import { parseXmlDocument } from './xml-dom';
import { serializeXmlDocument } from './xml-dom-writing';

/**
 * XML source: a DOM {@link XmlDocument} (@xmldom/xmldom) from and to `application/xml`, `text/xml`
 * and every `application/*+xml`, for handlers that want the XML itself rather than an object.
 * Reading applies the same rules as the XML object converter: no DOCTYPE, bounded depth,
 * well-formed or 400.
 */
export class XmlSourceConverter implements BodyConverter {
  readonly name = 'xml-source';
  readonly supportedMediaTypes: readonly MediaType[] = mediaTypes('application/xml', 'text/xml', 'application/*+xml');
  readonly #targets = new WriteTargets(this.supportedMediaTypes);

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'xml-document' && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'xml-document' && supportsWrite(this.supportedMediaTypes, mediaType);
  }

  async read(body: Buffer, options: ReadOptions): Promise<XmlDocument> {
    return parseXmlDocument(decodeXml(body, options.mediaType), options.maxDepth);
  }

  write(value: unknown, options: WriteOptions): WrittenBody {
    if (!isXmlDocument(value)) throw new TypeError('The XML source converter writes a DOM Document');
    return writeXmlText(serializeXmlDocument(value), this.#targets.of(options.mediaType));
  }
}
