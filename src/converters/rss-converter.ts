import { Feed } from 'feed';
import type { MediaType } from '../http/media-type';
import type { BodyConverter, ReadOptions, WriteOptions, WrittenBody } from './body-converter';
import type { BodyKind } from './body-kind';
import { readRssFeed } from './rss-feed-reader';
import { concreteWriteType, mediaTypes, supportsRead, supportsWrite } from './media-type-support';
import { decodeXml, stripXmlDeclaration, writeXmlText } from './xml-charset';
import { parseXmlDocument } from './xml-dom';

/**
 * RSS 2.0 feeds (`application/rss+xml`) from and to the `feed` package's {@link Feed}:
 * `Feed.rss2()` writes, {@link readRssFeed} reads the same model back. Reading applies the XML
 * rules of every XML reader: no DOCTYPE, bounded depth, well-formed or 400.
 */
export class RssConverter implements BodyConverter {
  readonly name = 'rss';
  readonly supportedMediaTypes: readonly MediaType[] = mediaTypes('application/rss+xml');

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'feed' && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'feed' && supportsWrite(this.supportedMediaTypes, mediaType);
  }

  async read(body: Buffer, options: ReadOptions): Promise<Feed> {
    return readRssFeed(parseXmlDocument(decodeXml(body, options.mediaType, 'RSS'), options.maxDepth, 'RSS'));
  }

  async write(value: unknown, options: WriteOptions): Promise<WrittenBody> {
    if (!(value instanceof Feed)) throw new TypeError('The RSS converter writes a Feed');
    const mediaType = concreteWriteType(this.supportedMediaTypes, options.mediaType);
    return writeXmlText(stripXmlDeclaration(value.rss2()), mediaType);
  }
}
