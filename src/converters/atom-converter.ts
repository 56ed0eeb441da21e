import { Feed } from 'feed';
import type { MediaType } from '../http/media-type';
import type { BodyConverter, ReadOptions, WriteOptions, WrittenBody } from './body-converter';
import type { BodyKind } from './body-kind';
import { readAtomFeed } from './atom-feed-reader';
import { concreteWriteType, mediaTypes, supportsRead, supportsWrite } from './media-type-support';
import { decodeXml, stripXmlDeclaration, writeXmlText } from './xml-charset';
import { parseXmlDocument } from './xml-dom';

/**
 * Atom feeds (`application/atom+xml`, RFC 4287) from and to the `feed` package's {@link Feed}:
 * `Feed.atom1()` writes, {@link readAtomFeed} reads the same model back. Reading applies the XML
 * rules of every XML reader: no DOCTYPE, bounded depth, well-formed or 400.
 */
export class AtomConverter implements BodyConverter {
  readonly name = 'atom';
  readonly supportedMediaTypes: readonly MediaType[] = mediaTypes('application/atom+xml');

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'feed' && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'feed' && supportsWrite(this.supportedMediaTypes, mediaType);
  }

  async read(body: Buffer, options: ReadOptions): Promise<Feed> {
    return readAtomFeed(parseXmlDocument(decodeXml(body, options.mediaType, 'Atom'), options.maxDepth, 'Atom'));
  }

  async write(value: unknown, options: WriteOptions): Promise<WrittenBody> {
    if (!(value instanceof Feed)) throw new TypeError('The Atom converter writes a Feed');
    const mediaType = concreteWriteType(this.supportedMediaTypes, options.mediaType);
    return writeXmlText(stripXmlDeclaration(value.atom1()), mediaType);
  }
}
