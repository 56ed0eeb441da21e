import { Feed } from 'feed';
import type { MediaType } from '../../http/media-type';
import type { BodyConverter, ReadOptions, WriteOptions, WrittenBody } from '../body-converter';
import type { BodyKind } from '../body-kind';
import { mediaTypes, supportsRead, supportsWrite } from '../media-type-support';
import { WriteTargets } from '../write-targets';
import { decodeXml, writeXmlText } from '../xml/xml-charset';
import { parseXmlDocument } from '../xml/xml-dom';
import type { XmlDocument } from '../xml/xml-document';

/** What tells one feed format from another: its media type, how to read it, how `Feed` writes it. */
export interface FeedFormat {
  readonly name: string;
  /** The format's name in error details (`Atom`, `RSS`). */
  readonly label: string;
  readonly mediaType: string;
  readonly read: (document: XmlDocument) => Feed;
  /** The document without XML declaration, well-formed for any text; throws a `TypeError` for a text XML cannot carry. */
  readonly write: (feed: Feed) => string;
}

/**
 * A feed format from and to the `feed` package's {@link Feed}. Reading applies the XML rules of
 * every XML reader: no DOCTYPE, bounded depth, well-formed or 400.
 */
export class FeedConverter implements BodyConverter {
  readonly name: string;
  readonly supportedMediaTypes: readonly MediaType[];
  readonly #targets: WriteTargets;

  constructor(private readonly format: FeedFormat) {
    this.name = format.name;
    this.supportedMediaTypes = mediaTypes(format.mediaType);
    this.#targets = new WriteTargets(this.supportedMediaTypes);
  }

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'feed' && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'feed' && supportsWrite(this.supportedMediaTypes, mediaType);
  }

  async read(body: Buffer, options: ReadOptions): Promise<Feed> {
    const { label } = this.format;
    return this.format.read(parseXmlDocument(decodeXml(body, options.mediaType, label), options.maxDepth, label));
  }

  write(value: unknown, options: WriteOptions): WrittenBody {
    if (!(value instanceof Feed)) throw new TypeError(`The ${this.format.label} converter writes a Feed`);
    // The format's writer escapes every text and refuses one XML cannot carry, before anything is sent.
    return writeXmlText(this.format.write(value), this.#targets.of(options.mediaType));
  }
}
