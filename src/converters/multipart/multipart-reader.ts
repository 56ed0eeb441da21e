import { PassThrough, type Readable } from 'node:stream';
import busboy from 'busboy';
import { BadRequest, ContentTooLarge, HttpError, UnsupportedMediaType } from '../../errors/http-error';
import { ProblemType } from '../../errors/problem-types';
import { type MediaType, formatMediaType } from '../../http/media-type';
import { sanitiseFilename } from './filename';
import type { FilePart, MultipartPart } from './multipart-part';
import { MultipartParts } from './multipart-parts';
import type { MultipartLimitName, MultipartLimits } from './multipart-limits';

/** What {@link readMultipartParts} needs besides the body. */
export interface MultipartReadOptions {
  /** The body's Content-Type, with its `boundary` parameter. */
  readonly mediaType: MediaType;
  /** The limits, each answered 413 when passed. */
  readonly limits: Required<MultipartLimits>;
  /** The most bytes the whole body may have. */
  readonly totalBytes: number;
  /** What a failure is answered with, once the body is handed on (the router's: the rest of the request thrown away). */
  readonly refine?: (error: unknown) => unknown;
}

const LIMIT_TEXT: Readonly<Record<MultipartLimitName, string>> = {
  fileSize: 'a file part larger than',
  files: 'more file parts than',
  fields: 'more fields than',
  fieldSize: 'a field value larger than',
  fieldNameSize: 'a field name longer than',
  parts: 'more parts than',
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
 * Reads a `multipart/form-data` body (RFC 7578) as it arrives, with busboy, and hands its parts on
 * as they come ({@link MultipartParts}): fields as text, each file part as a stream the caller reads
 * before it asks for the next part, with backpressure (busboy waits for a file's stream to be read
 * before it reads on), so memory holds a chunk whatever the body's size.
 *
 * Each limit is checked as the bytes arrive: the first passed fails the body with a 413 naming it
 * (the file streams handed on and the pull under way fail with it), stops parsing, and the caller
 * throws the rest of the body away. A body that does not parse (a malformed part header, cut short)
 * fails with 400; a Content-Type without a boundary throws its 400 at once. A failure after this
 * function has returned goes through `options.refine` first (the router's: a source's failure made a
 * problem, the rest of the request thrown away).
 */
export function readMultipartParts(source: Readable, options: MultipartReadOptions): MultipartParts {
  const { limits, totalBytes } = options;
  const refine = options.refine ?? ((error: unknown) => error);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': formatMediaType(options.mediaType) },
      // busboy ignores a part's header lines beyond headerPairs; a part needs two or three. It
      // signals `partsLimit` as the last part allowed ends, whether another follows or not: one
      // more makes the signal mean a part too many.
      limits: { ...limits, parts: limits.parts + 1, headerPairs: 20 },
      // Browsers send file names in UTF-8, unencoded (HTML's multipart/form-data encoding algorithm).
      defParamCharset: 'utf8',
    });
  } catch (error) {
    throw malformed((error as Error).message);
  }
  const queue: MultipartPart[] = [];
  /** The file streams not yet ended, failed with the body. */
  const open = new Set<Readable>();
  let waiting: { resolve: (step: IteratorResult<MultipartPart>) => void; reject: (error: unknown) => void } | undefined;
  /** The file part handed on last: what it left unread is thrown away when the next part is asked for. */
  let current: FilePart | undefined;
  let draining = false;
  let state: 'reading' | 'finished' | 'failed' = 'reading';
  let failure: unknown;
  let received = 0;
  let ended!: { resolve: () => void; reject: (error: unknown) => void };
  const end = new Promise<void>((resolve, reject) => (ended = { resolve, reject }));
  // Rejected with no one settling yet (a limit passed while the handler works): not unhandled.
  end.catch(() => undefined);

  const stop = (): void => {
    source.off('data', counting);
    source.off('error', failing);
    source.off('close', cutting);
    source.unpipe(parser);
  };
  const fail = (error: unknown): void => {
    if (state !== 'reading') return;
    state = 'failed';
    try {
      failure = refine(error);
    } catch (refining) {
      failure = refining;
    }
    stop();
    for (const stream of open) stream.destroy(failure as Error);
    open.clear();
    queue.length = 0;
    // Not from inside busboy's own callback (a limit event comes from its write): on the next turn.
    setImmediate(() => parser.destroy());
    waiting?.reject(failure);
    waiting = undefined;
    ended.reject(failure);
  };
  /**
   * A handler for busboy or the source to call: what it throws fails the body (a problem the router
   * answers) instead of escaping into the emitter, where nothing catches it and node exits.
   */
  const guarded =
    <A extends unknown[]>(handler: (...args: A) => void) =>
    (...args: A): void => {
      try {
        handler(...args);
      } catch (error) {
        fail(error);
      }
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
  const counting = guarded(count);
  const failing = guarded(failed);
  const cutting = guarded(cut);
  const hand = (part: MultipartPart): IteratorResult<MultipartPart> => {
    if (part.kind === 'file') current = part;
    return { done: false, value: part };
  };
  const arrived = (part: MultipartPart): void => {
    if (draining) return void (part.kind === 'file' && part.stream.resume());
    const pull = waiting;
    waiting = undefined;
    if (pull === undefined) queue.push(part);
    else pull.resolve(hand(part));
  };
  const drainCurrent = (): void => {
    current?.stream.resume();
    current = undefined;
  };

  // busboy limits the names of urlencoded fields only: a part's name is checked here. busboy hands
  // on a part without a name (or with an empty one) as named `undefined`, though RFC 7578
  // section 4.2 requires the name.
  /** The part's name, or what it is refused with. */
  const checkedName = (name: string | undefined): string | HttpError =>
    name === undefined || name === ''
      ? malformed('a part has no name (RFC 7578 section 4.2)')
      : Buffer.byteLength(name) > limits.fieldNameSize
        ? multipartTooLarge('fieldNameSize', limits.fieldNameSize)
        : name;
  parser.on(
    'field',
    guarded((name: string | undefined, value: string | undefined, info: busboy.FieldInfo) => {
      const named = checkedName(name);
      if (typeof named !== 'string') return fail(named);
      if (info.valueTruncated) return fail(multipartTooLarge('fieldSize', limits.fieldSize));
      // busboy gives no value for a part in a charset it cannot decode (its Content-Type's
      // charset, RFC 7578 section 4.4): as for a body in such a charset, 415.
      if (value === undefined) return fail(new UnsupportedMediaType('A multipart field is in a charset the server cannot decode', { type: ProblemType.unsupportedMediaType }));
      arrived({ kind: 'field', name: named, value });
    }),
  );
  parser.on(
    'file',
    guarded((name: string | undefined, stream: Readable, info: busboy.FileInfo) => {
      // busboy fails a file cut short (the body ends inside it) with an error of its own, which a
      // handler reading the stream would throw as a fault of the server: the body fails instead.
      stream.on('error', guarded((error: Error) => fail(malformed(error.message))));
      if (state !== 'reading') return void stream.resume();
      const named = checkedName(name);
      if (typeof named !== 'string') {
        stream.resume();
        return fail(named);
      }
      // Handed on through a stream of the reader's, which fails with the body's failure (a 400, a
      // 413) whatever failed busboy's; piped, so that backpressure still reaches the request.
      const handed = stream.pipe(new PassThrough());
      // Failed with the body, maybe before anyone reads it.
      handed.on('error', () => {});
      open.add(handed);
      handed.once('end', () => open.delete(handed));
      // At once, in busboy's event: a turn later the stream could end, truncated, as if complete.
      stream.once('limit', guarded(() => fail(multipartTooLarge('fileSize', limits.fileSize))));
      arrived({ kind: 'file', field: named, filename: sanitiseFilename(info.filename ?? ''), mediaType: info.mimeType, stream: handed });
    }),
  );
  parser.on('filesLimit', guarded(() => fail(multipartTooLarge('files', limits.files))));
  parser.on('fieldsLimit', guarded(() => fail(multipartTooLarge('fields', limits.fields))));
  parser.on('partsLimit', guarded(() => fail(multipartTooLarge('parts', limits.parts))));
  parser.on('error', guarded((error: Error) => fail(malformed(error.message))));
  parser.on(
    'finish',
    guarded(() => {
      if (state !== 'reading') return;
      state = 'finished';
      stop();
      ended.resolve();
      if (queue.length === 0) waiting?.resolve({ done: true, value: undefined });
    }),
  );
  source.on('data', counting);
  source.once('error', failing);
  source.once('close', cutting);
  source.pipe(parser);

  return new MultipartParts({
    next: () => {
      drainCurrent();
      if (state === 'failed') return Promise.reject(failure);
      const part = queue.shift();
      if (part !== undefined) return Promise.resolve(hand(part));
      if (state === 'finished') return Promise.resolve({ done: true, value: undefined });
      return new Promise((resolve, reject) => (waiting = { resolve, reject }));
    },
    settle: () => {
      draining = true;
      drainCurrent();
      for (const part of queue.splice(0)) if (part.kind === 'file') part.stream.resume();
      return end;
    },
    // A turn later: when the client left, its leaving (a 400 the handler sees) comes first.
    abandon: () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          fail(abandoned());
          resolve();
        }),
      ),
  });
}

/**
 * What the reads still pending fail with once the body is abandoned: the response is over, so it
 * reaches no client, but it is an answer, not a fault to report (the time limit's 503 went out).
 */
function abandoned(): HttpError {
  return new HttpError(503, 'The response was over before the request body was read');
}

function aborted(): BadRequest {
  return new BadRequest('The client aborted the request body', { type: ProblemType.malformedBody });
}

/** The 400 for a body that does not parse as `multipart/form-data`, saying why. */
export function malformed(reason: string): BadRequest {
  return new BadRequest(`The multipart/form-data body is malformed: ${reason}`, { type: ProblemType.malformedBody });
}
