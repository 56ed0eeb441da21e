import type { WrittenBody } from './body-converter';

/**
 * A body written as UTF-8 text: {@link WrittenBody.text} is the text, and the bytes are encoded
 * only when something reads {@link Utf8Body.body}. The router sends and tags the text
 * (`strongEntityTag` gives the text the tag of its UTF-8 bytes), so a JSON answer is encoded once,
 * by the socket's write, instead of into a Buffer, back into a string for the head, and again.
 */
export class Utf8Body implements WrittenBody {
  #bytes: Buffer | undefined;

  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}

  /** The text's UTF-8 bytes, encoded on first read. */
  get body(): Buffer {
    return (this.#bytes ??= Buffer.from(this.text, 'utf8'));
  }
}
