import { Readable } from 'node:stream';
import type { MediaType } from '../../http/media-type';
import type { BodyConverter, ReadOptions, StreamReadOptions, WrittenBody } from '../body-converter';
import type { BodyKind } from '../body-kind';
import type { Form } from '../form/form';
import { mediaTypes, supportsRead } from '../media-type-support';
import type { Multipart } from './multipart';
import { type DEFAULT_MULTIPART_LIMITS, type MultipartLimits, multipartLimits } from './multipart-limits';
import { MultipartParts } from './multipart-parts';
import { readMultipartParts } from './multipart-reader';
import { readMultipart, storeMultipart } from './stored-multipart';

/** Options of a {@link MultipartConverter}. */
export interface MultipartConverterOptions {
  /** The limits on parts, files and fields (each answered 413); the defaults are {@link DEFAULT_MULTIPART_LIMITS}. */
  readonly limits?: MultipartLimits;
  /** Where each body's temporary folder is made: `os.tmpdir()` by default. */
  readonly directory?: string;
}

/**
 * Reads `multipart/form-data` bodies (RFC 7578) into a {@link Multipart}: fields into a `Form`,
 * file parts streamed to temporary files (removed once the response is sent), as they arrive and
 * never whole in memory, under the limits of {@link MultipartLimits} and the route's body limit for
 * the whole body (each 413). Reads only; nothing is written as multipart.
 *
 * A route takes it with `.body(Multipart)` or `.body(multipartWith(schema))`. To change the limits
 * for every route, replace it in the router's registry:
 * `defaultConverters().replace('multipart', new MultipartConverter({ limits: { fileSize: 50e6 } }))`.
 */
export class MultipartConverter implements BodyConverter {
  readonly name = 'multipart';
  readonly supportedMediaTypes: readonly MediaType[] = mediaTypes('multipart/form-data');
  /** The limits in force, defaults filled in. */
  readonly limits: Required<MultipartLimits>;
  readonly #directory: string | undefined;

  constructor(options: MultipartConverterOptions = {}) {
    this.limits = multipartLimits(options.limits);
    this.#directory = options.directory;
  }

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'multipart' && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(): boolean {
    return false;
  }

  /**
   * Reads a body already in memory. Its files are stored as a streamed body's are, and stay until
   * the caller calls `dispose()` on the result (the router reads through {@link readStream}).
   */
  read(body: Buffer, options: ReadOptions): Promise<Multipart<Form>> {
    return readMultipart(Readable.from([body]), {
      mediaType: options.mediaType,
      limits: this.limits,
      totalBytes: body.length,
      ...(this.#directory !== undefined && { directory: this.#directory }),
    });
  }

  /**
   * Reads the body as it arrives; the files' storage is removed by the task handed to
   * `afterResponse` before reading starts, however the exchange ends. With `options.handOn` (a
   * route that takes {@link MultipartParts}) nothing is stored: the parts are handed on as they
   * arrive, and whatever is left unread once the response is over is thrown away.
   */
  async readStream(body: Readable, options: StreamReadOptions): Promise<Multipart<Form> | MultipartParts> {
    const reading = { mediaType: options.mediaType, limits: this.limits, totalBytes: options.limit };
    if (options.handOn !== undefined) {
      const parts = readMultipartParts(body, { ...reading, refine: options.handOn.refine });
      options.afterResponse(() => parts.abandon());
      return parts;
    }
    const stored = storeMultipart(readMultipartParts(body, reading), this.#directory);
    // Before a byte is read: the time limit, or the client leaving, may end the exchange while
    // the body is still arriving, and the files stored so far go with it.
    options.afterResponse(stored.cleanUp);
    return stored.multipart;
  }

  write(): WrittenBody {
    throw new TypeError('The multipart converter reads multipart/form-data bodies; it writes nothing');
  }
}
