import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { HttpError } from '../../errors/http-error';
import { Form } from '../form/form';
import { Multipart } from './multipart';
import { type MultipartReadOptions, malformed, readMultipartParts } from './multipart-reader';
import type { MultipartParts } from './multipart-parts';
import { UploadedFile } from './uploaded-file';

/** A body whose files are being stored, and the clean-up of its storage. */
export interface StoredMultipart {
  /** The body, its files stored; rejects with what failed, what was stored removed. */
  readonly multipart: Promise<Multipart<Form>>;
  /**
   * Removes the storage, whenever it is called: while the body is still arriving (a time limit, the
   * client gone) it stops reading, waits for the file being written to be closed, then removes the
   * folder. The same as the body's `dispose()`.
   */
  readonly cleanUp: () => Promise<void>;
}

/**
 * Stores a `multipart/form-data` body as it arrives ({@link readMultipartParts}): fields into a
 * {@link Form}, each file part streamed to a file of its own in a new temporary folder made in
 * `directory` (named by its position, never by the client's file name; readable by this process
 * only), with backpressure. The clean-up exists before the first byte is read, so that whoever
 * ends the exchange can run it, whatever state the reading is in; on a failure of the body (a
 * limit, a malformed part) it runs at once.
 */
export function storeMultipart(parts: MultipartParts, directory: string = tmpdir()): StoredMultipart {
  let folder: string | undefined;
  const remove = async (): Promise<void> => {
    const made = folder;
    folder = undefined;
    if (made !== undefined) await rm(made, { recursive: true, force: true }).catch(() => {});
  };
  const store = async (): Promise<Multipart<Form>> => {
    const fields = new Form();
    const files: UploadedFile[] = [];
    let index = 0;
    try {
      for await (const part of parts) {
        if (part.kind === 'field') {
          Form.append(fields, part.name, part.value);
          continue;
        }
        folder ??= await mkdtemp(join(directory, 'represent-upload-'));
        const path = join(folder, String(index++));
        const size = await storeFile(part.stream, path);
        // An empty file input is sent as a part with no file name and no bytes: no file was chosen.
        if (part.filename === '' && size === 0) continue;
        files.push(new UploadedFile(part.field, part.filename, part.mediaType, size, path));
      }
    } catch (error) {
      await parts.abandon();
      await remove();
      throw error;
    }
    return new Multipart(fields, files, cleanUp);
  };
  const multipart = store();
  const cleanUp = async (): Promise<void> => {
    // Abandoned, a reading still under way fails (the file streams destroyed), and ends by removing
    // what it stored; one that ended left its storage to this.
    await parts.abandon();
    await multipart.catch(() => undefined);
    await remove();
  };
  return { multipart, cleanUp };
}

/**
 * Reads a `multipart/form-data` body into a {@link Multipart}, its files stored
 * ({@link storeMultipart}); the caller removes them with its `dispose()`.
 */
export function readMultipart(source: Readable, options: MultipartReadOptions & { readonly directory?: string }): Promise<Multipart<Form>> {
  return storeMultipart(readMultipartParts(source, options), options.directory).multipart;
}

/** Writes `stream` to a new file at `path`, and answers its size once the file is closed, or fails once it is closed. */
async function storeFile(stream: Readable, path: string): Promise<number> {
  const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(stream, out);
  } catch (error) {
    // Its descriptor released before the folder is removed.
    await finished(out).catch(() => undefined);
    throw error instanceof HttpError ? error : malformed((error as Error).message);
  }
  await finished(out);
  return out.bytesWritten;
}
