import { createReadStream, type ReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * One file part of a `multipart/form-data` body (RFC 7578 section 4.2), stored in a temporary file
 * while the request is handled: the file is removed once the response has been sent (or the
 * client has gone), so a handler that keeps it copies or moves its bytes.
 */
export class UploadedFile {
  /**
   * @param field - the form field the part was sent under (its `name` parameter)
   * @param filename - the client's file name, sanitised (`sanitiseFilename`): a hint to show, never a path
   * @param mediaType - the part's Content-Type as the client sent it (`application/octet-stream` when none): a claim, not a check
   * @param size - how many bytes the part had
   * @param path - where the bytes are, under a temporary folder of the router's own naming
   */
  constructor(
    readonly field: string,
    readonly filename: string,
    readonly mediaType: string,
    readonly size: number,
    readonly path: string,
  ) {}

  /** The file's bytes, read into memory (mind its {@link size}). */
  bytes(): Promise<Buffer> {
    return readFile(this.path);
  }

  /** The file's bytes as a stream, for copying it elsewhere without holding it in memory. */
  stream(): ReadStream {
    return createReadStream(this.path);
  }
}
