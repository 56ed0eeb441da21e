import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { BadRequest, ContentTooLarge } from '../../errors/http-error';
import { ProblemType } from '../../errors/problem-types';
import { type MediaType, formatMediaType } from '../../http/media-type';
import { Form } from '../form/form';
import { sanitiseFilename } from './filename';
import { Multipart } from './multipart';
import type { MultipartLimitName, MultipartLimits } from './multipart-limits';
import { UploadedFile } from './uploaded-file';

/** What {@link readMultipart} needs besides the body. */
export interface MultipartReadOptions {
  /** The body's Content-Type, with its `boundary` parameter. */
  readonly mediaType: MediaType;
  /** The limits, each answered 413 when passed. */
  readonly limits: Required<MultipartLimits>;
  /** The most bytes the whole body may have. */
  readonly totalBytes: number;
  /** The folder the temporary folder of the body's files is made in. */
  readonly directory?: string;
}

const LIMIT_TEXT: Readonly<Record<MultipartLimitName, string>> = {
  fileSize: 'a file part larger than',
  files: 'more file parts than',
  fields: 'more fields than',
  fieldSize: 'a field value larger than',
  fieldNameSize: 'a field name longer than',
  totalBytes: 'more bytes than',
};

/** The 413 for one limit passed, naming it (`exceeded`) and its value (`limit`). */
export function multipartTooLarge(exceeded: MultipartLimitName, limit: number): ContentTooLarge {
  return new ContentTooLarge(`The multipart body has ${LIMIT_TEXT[exceeded]} the limit of ${limit}`, {
    type: ProblemType.bodyTooLarge,
    extensions: { limit, exceeded },
  });
}

/**
 * Reads a `multipart/form-data` body (RFC 7578) as it arrives, with busboy: fields into a
 * {@link Form}, each file part streamed to a file of its own in a new temporary folder (named by
 * its position, never by the client's file name; readable by this process only), with
 * backpressure, so memory holds a chunk per part whatever the body's size.
 *
 * Each limit is checked as the bytes arrive: the first passed rejects with a 413 naming it, stops
 * parsing (the caller throws the rest of the body away) and removes what was stored. A body that
 * does not parse (no boundary, a malformed part header, cut short) rejects with 400.
 */
export function readMultipart(source: Readable, options: MultipartReadOptions): Promise<Multipart<Form>> {
  const { limits, totalBytes } = options;
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': formatMediaType(options.mediaType) },
        // busboy ignores a part's header lines beyond headerPairs; a part needs two or three.
        limits: { ...limits, headerPairs: 20 },
        // Browsers send file names in UTF-8, unencoded (HTML's multipart/form-data encoding algorithm).
        defParamCharset: 'utf8',
      });
    } catch (error) {
      reject(malformed(error));
      return;
    }
    const fields = new Form();
    const stored: Array<UploadedFile | undefined> = [];
    const writes: Array<Promise<void>> = [];
    const open = new Set<Readable>();
    let directory: Promise<string> | undefined;
    let settled = false;
    let received = 0;

    const dispose = async (): Promise<void> => {
      const made = directory;
      directory = undefined;
      if (made !== undefined) await rm(await made, { recursive: true, force: true }).catch(() => {});
    };
    const stop = (): void => {
      settled = true;
      source.off('data', count);
      source.off('error', failed);
      source.off('close', cut);
      source.unpipe(parser);
    };
    const fail = (error: unknown): void => {
      if (settled) return;
      stop();
      // Not from inside busboy's own callback (a limit event comes from its write): on the next turn.
      setImmediate(() => {
        parser.destroy();
        // With an error: busboy's file streams emit no 'close', so a plain destroy would leave the pipeline waiting.
        for (const stream of open) stream.destroy(new Error('The body was refused'));
        void Promise.allSettled(writes).then(dispose);
      });
      reject(error);
    };
    const count = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > totalBytes) fail(multipartTooLarge('totalBytes', totalBytes));
    };
    // A failure of the source marked with what it was (a decoder's) goes to the caller as it is.
    const failed = (error: Error & { type?: string }): void => fail(error.type === undefined ? aborted() : error);
    // Gone before the end (the client left): nothing more will come.
    const cut = (): void => {
      if (!source.readableEnded) fail(aborted());
    };

    // busboy limits the names of urlencoded fields only: a part's name is checked here.
    const nameTooLong = (name: string): boolean => Buffer.byteLength(name) > limits.fieldNameSize;
    parser.on('field', (name, value, info) => {
      if (nameTooLong(name)) return fail(multipartTooLarge('fieldNameSize', limits.fieldNameSize));
      if (info.valueTruncated) return fail(multipartTooLarge('fieldSize', limits.fieldSize));
      Form.append(fields, name, value);
    });
    parser.on('file', (name, stream, info) => {
      if (settled) return void stream.resume();
      if (nameTooLong(name)) {
        stream.resume();
        return fail(multipartTooLarge('fieldNameSize', limits.fieldNameSize));
      }
      const index = stored.length;
      stored.push(undefined);
      open.add(stream);
      // Destroyed with the parser when the body is refused, maybe before its file is opened.
      stream.on('error', () => {});
      stream.once('limit', () => fail(multipartTooLarge('fileSize', limits.fileSize)));
      directory ??= mkdtemp(join(options.directory ?? tmpdir(), 'represent-upload-'));
      const made = directory;
      writes.push(
        (async () => {
          const path = join(await made, String(index));
          const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
          await pipeline(stream, out);
          open.delete(stream);
          const size = out.bytesWritten;
          // An empty file input is sent as a part with no file name and no bytes: no file was chosen.
          if (info.filename === undefined && size === 0) return;
          stored[index] = new UploadedFile(name, sanitiseFilename(info.filename ?? ''), info.mimeType, size, path);
        })().catch((error: Error) => fail(malformed(error))),
      );
    });
    parser.on('filesLimit', () => fail(multipartTooLarge('files', limits.files)));
    parser.on('fieldsLimit', () => fail(multipartTooLarge('fields', limits.fields)));
    parser.on('error', (error: Error) => fail(malformed(error)));
    parser.on('finish', () => {
      void Promise.all(writes).then(() => {
        if (settled) return;
        stop();
        const files = stored.filter((file): file is UploadedFile => file !== undefined);
        resolve(new Multipart(fields, files, dispose));
      });
    });
    source.on('data', count);
    source.once('error', failed);
    source.once('close', cut);
    source.pipe(parser);
  });
}

function aborted(): BadRequest {
  return new BadRequest('The client aborted the request body', { type: ProblemType.malformedBody });
}

function malformed(error: unknown): BadRequest {
  return new BadRequest(`The multipart/form-data body is malformed: ${(error as Error).message}`, { type: ProblemType.malformedBody });
}
