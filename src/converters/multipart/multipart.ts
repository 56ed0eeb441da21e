import type { Form } from '../form/form';
import type { UploadedFile } from './uploaded-file';

/**
 * A `multipart/form-data` body (RFC 7578): its fields and its files. The class doubles as the
 * body-kind token: a route declares `.body(Multipart)` to receive one, with `fields` a {@link Form}
 * (each name to its values, in order) and `files` each file part, stored in a temporary file until
 * the response is sent. `multipartWith(schema)` declares the fields with a Standard Schema instead.
 */
export class Multipart<F = Form> {
  readonly #dispose: () => Promise<void>;

  /**
   * @param fields - the fields (parts without a file name), as the route declared them
   * @param files - the file parts, in the order they came
   * @param dispose - removes the files' temporary storage
   */
  constructor(
    readonly fields: F,
    readonly files: readonly UploadedFile[],
    dispose: () => Promise<void> = async () => {},
  ) {
    this.#dispose = dispose;
  }

  /** The first file sent under `field`, or `undefined`. */
  file(field: string): UploadedFile | undefined {
    return this.files.find((file) => file.field === field);
  }

  /**
   * Removes the files' temporary storage. The router does it once the response is sent; call it
   * yourself only for a body read without the router (a converter called directly).
   */
  dispose(): Promise<void> {
    return this.#dispose();
  }

  /** The same files (and storage) with other fields: what a schema made of the {@link Form}. */
  static withFields<G>(multipart: Multipart<unknown>, fields: G): Multipart<G> {
    return new Multipart(fields, multipart.files, multipart.#dispose);
  }
}
