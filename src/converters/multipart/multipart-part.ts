import type { Readable } from 'node:stream';

/** A field of a `multipart/form-data` body (a part without a file name), as it arrived. */
export interface FieldPart {
  /** What the part is: a field. */
  readonly kind: 'field';
  /** The field's name (its `name` parameter). */
  readonly name: string;
  /** Its value, as text (UTF-8). */
  readonly value: string;
}

/**
 * A file part of a `multipart/form-data` body (RFC 7578 section 4.2), handed on as it arrives: its
 * bytes are `stream`, read once, before the next part is asked for. What is left unread when the
 * next part is asked for (or the handler returns) is read and thrown away.
 */
export interface FilePart {
  /** What the part is: a file. */
  readonly kind: 'file';
  /** The form field the part was sent under (its `name` parameter). */
  readonly field: string;
  /** The client's file name, sanitised (`sanitiseFilename`): a hint to show, never a path; `''` when it gave none. */
  readonly filename: string;
  /** The part's Content-Type as the client sent it (`application/octet-stream` when none): a claim, not a check. */
  readonly mediaType: string;
  /**
   * The part's bytes, as they arrive, with backpressure: while it is not read, the rest of the
   * request body is not either. It fails with the 413 of the `fileSize` limit when the part
   * passes it, and with a 400 when the client leaves before the part's end.
   */
  readonly stream: Readable;
}

/** One part of a `multipart/form-data` body, as {@link MultipartParts} hands it on. */
export type MultipartPart = FieldPart | FilePart;
