import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import getRawBody from 'raw-body';
import { ContentTooLarge, HttpError } from '../errors/http-error';
import { unsupportedContentCoding } from '../errors/negotiation-errors';
import { ProblemType } from '../errors/problem-types';
import { DEFAULT_CHARSET, charsetOf, encodeText } from '../converters/charset';
import { canonicalCharset } from '../http/charset-label';
import { contentCodings, transferCodings } from '../http/content-coding';
import { type MediaType, formatMediaType, suffixOf } from '../http/media-type';

/** The default request body limit: 1 MB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The content codings a request body may come in, and how each is decoded (node's zlib). */
const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};
const SUPPORTED_CODINGS = ['gzip', 'deflate', 'br'] as const;

/** What a decoder's failure is marked with, to answer 400 rather than 500. */
interface CodingError extends Error {
  readonly type: 'encoding.invalid';
  readonly coding: string;
}

/**
 * Reads a request body into one Buffer, refusing more than `limit` bytes: a Content-Length over the
 * limit is refused before reading anything, a chunked body as soon as it passes the limit (raw-body).
 * A body in a content coding (gzip, deflate, br, or several) is decoded on the way in, and the limit
 * holds for what it decodes to as for what arrives (a small body that inflates to gigabytes is
 * refused at the limit); an unknown coding is 415 with `Accept-Encoding`, a corrupt one 400.
 */
export async function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const codings = checkedCodings(req);
  const length = req.headers['content-length'];
  try {
    if (codings.length === 0) return await getRawBody(req, { limit, length: length === undefined ? undefined : Number(length) });
    // No body at all (RFC 9112 section 6.3) is no encoded body: nothing to decode.
    if (length === '0' || (length === undefined && req.headers['transfer-encoding'] === undefined)) return Buffer.alloc(0);
    if (length !== undefined && Number(length) > limit) throw tooLarge(req, limit);
    return await getRawBody(decoded(req, codings, limit), { limit });
  } catch (error) {
    throw bodyFailure(req, error, limit);
  }
}

/**
 * The request body as a stream, for a converter that reads it as it arrives (uploads): checked as
 * {@link readRawBody} checks it (transfer codings 501, unknown content codings 415, a Content-Length
 * over the limit 413 before anything is read), decoded when it comes in a content coding. The
 * converter counts the bytes against the limit; its failures and the stream's go through
 * {@link bodyFailure}.
 */
export function openRawBody(req: IncomingMessage, limit: number): Readable {
  const codings = checkedCodings(req);
  const length = req.headers['content-length'];
  if (length !== undefined && Number(length) > limit) throw tooLarge(req, limit);
  return codings.length === 0 ? req : decoded(req, codings, limit);
}

/** The content codings of a body, refused before anything is read when one cannot be decoded (or the transfer coding is not chunked). */
function checkedCodings(req: IncomingMessage): readonly string[] {
  // Gone while the route was still checking preconditions: nothing will come, and nobody will read the answer.
  if (req.readableAborted || req.destroyed) throw aborted();
  // node's parser takes chunked off and hands the rest on still coded (RFC 9112 section 6.1: 501).
  const transferCoding = transferCodings(req.headers['transfer-encoding']).find((coding) => coding !== 'chunked');
  if (transferCoding !== undefined) {
    discard(req);
    throw new HttpError(501, `Transfer-Encoding '${transferCoding}' is not supported; only chunked is`, { type: ProblemType.unsupportedTransferCoding });
  }
  const codings = contentCodings(req.headers['content-encoding']);
  const unsupported = codings.find((coding) => DECODERS[coding] === undefined);
  if (unsupported !== undefined) {
    discard(req);
    throw unsupportedContentCoding(unsupported, SUPPORTED_CODINGS);
  }
  return codings;
}

/**
 * What a failure while reading a body is answered with: a problem for what the client sent (413
 * over the limit, 400 for a corrupt coding, a wrong length or an abort), the rest of the body
 * thrown away when the answer comes before its end; anything else as it is.
 */
export function bodyFailure(req: IncomingMessage, error: unknown, limit: number): unknown {
  const type = (error as { type?: string }).type;
  if (type === 'entity.too.large') return tooLarge(req, limit);
  if (type === 'encoding.invalid') {
    discard(req);
    const { coding, message } = error as CodingError;
    return new HttpError(400, `The request body is not valid ${coding}: ${message}`, { type: ProblemType.malformedBody });
  }
  if (type === 'request.size.invalid') {
    return new HttpError(400, 'The request body is shorter or longer than its Content-Length', { type: ProblemType.malformedBody });
  }
  if (type === 'request.aborted') return aborted();
  return error;
}

/**
 * The body a body parser mounted before the router (`app.use(express.json())`, `express.raw()`,
 * `express.text()`) already read, as the bytes the route's converter reads and their type: a Buffer
 * as it is, a string or a parsed JSON value (for a JSON Content-Type) encoded again, in the
 * Content-Type's charset when node can write it and the text fits it, else in UTF-8 with the type
 * saying so, so the route's own rules (forbidden keys, depth, schema, limit) still apply. An empty
 * body stays empty (body-parser makes `{}` of it). Anything else (a form `express.urlencoded` made
 * into an object) cannot be turned back into its bytes: that is a mistake in the app, answered 500
 * and reported with what to do.
 */
export function bodyReadBefore(req: IncomingMessage, mediaType: MediaType, limit: number): { body: Buffer; mediaType: MediaType } {
  if (req.headers['content-length'] === '0') return { body: Buffer.alloc(0), mediaType };
  const parsed = (req as { body?: unknown }).body;
  let read: { body: Buffer; mediaType: MediaType } | undefined;
  if (Buffer.isBuffer(parsed)) read = { body: parsed, mediaType };
  else {
    const text = typeof parsed === 'string' ? parsed : parsed !== undefined && isJsonType(mediaType) ? JSON.stringify(parsed) : undefined;
    const charset = charsetOf(mediaType) ?? DEFAULT_CHARSET;
    const encoded = text === undefined ? undefined : encodeText(text, charset);
    if (encoded !== undefined) {
      const same = encoded.charset === canonicalCharset(charset);
      read = { body: encoded.body, mediaType: same ? mediaType : { ...mediaType, parameters: { ...mediaType.parameters, charset: encoded.charset } } };
    }
  }
  if (read === undefined) {
    throw new Error(
      `The body of ${req.method} ${req.url} was read before the router by another middleware (a body parser such as express.urlencoded() mounted before it), into what cannot be read again as ${formatMediaType(mediaType)}: mount body parsers after the router, or only on the paths that need them`,
    );
  }
  if (read.body.length > limit) throw tooLarge(req, limit);
  return read;
}

function isJsonType(mediaType: MediaType): boolean {
  return (mediaType.type === 'application' && mediaType.subtype === 'json') || suffixOf(mediaType) === 'json';
}

/**
 * How long, and how many more bytes, the rest of a refused body is read and thrown away before the
 * connection is closed: closing at once would reset it before the client reads the 413 (RFC 9112
 * section 9.6), never closing it would read whatever the client goes on sending until the request's
 * time limit.
 */
const LINGER_MS = 1000;
const LINGER_BYTES = 4 * 1024 * 1024;

/** The 413; the rest of the body is not wanted: read for a moment, then the connection is closed. */
function tooLarge(req: IncomingMessage, limit: number): ContentTooLarge {
  discard(req);
  return new ContentTooLarge(`The request body is larger than the limit of ${limit} bytes`, {
    type: ProblemType.bodyTooLarge,
    extensions: { limit },
  });
}

function aborted(): HttpError {
  return new HttpError(400, 'The client aborted the request body', { type: ProblemType.malformedBody });
}

/** Closes the connection once the rest of the body has been thrown away for {@link LINGER_MS} or {@link LINGER_BYTES}, unless it ends first. */
function closeAfterLinger(req: IncomingMessage): void {
  if (req.complete) return;
  const socket = req.socket;
  let discarded = 0;
  const stop = (): void => {
    clearTimeout(timer);
    req.off('data', count);
    req.off('end', stop);
    socket.off('close', stop);
  };
  const close = (): void => {
    stop();
    if (!req.complete) socket.destroy();
  };
  const count = (chunk: Buffer): void => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) close();
  };
  const timer = setTimeout(close, LINGER_MS);
  req.on('data', count);
  req.once('end', stop);
  socket.once('close', stop);
}

/** Lets the rest of a body go unread: it is thrown away for a moment, then the connection is closed. */
export function discard(req: IncomingMessage): void {
  req.unpipe();
  req.resume();
  closeAfterLinger(req);
}

/**
 * The body decoded, the last coding applied undone first, as one stream raw-body reads; any failure
 * on the way arrives there, marked. The bytes that arrive count against the limit too (raw-body
 * counts the decoded ones): a stream of empty gzip members decodes to nothing.
 */
function decoded(req: IncomingMessage, codings: readonly string[], limit: number): PassThrough {
  const out = new PassThrough();
  // Its readers listen for its failure while they read; one that refused the body first (an
  // upload without a boundary, a limit passed) has stopped, and the decoder's failure that comes
  // after must not be an 'error' event nobody hears, which node throws and the process dies of.
  out.on('error', () => {});
  const fail = (message: string, marks: Record<string, string>): void => void out.destroy(Object.assign(new Error(message), marks));
  const decoders = codings.toReversed().map((coding) => {
    const decoder = DECODERS[coding]!();
    decoder.on('error', (error: Error) => fail(error.message, { type: 'encoding.invalid', coding }));
    return decoder;
  });
  let received = 0;
  const count = (chunk: Buffer): void => {
    received += chunk.length;
    if (received > limit) fail('too large', { type: 'entity.too.large' });
  };
  const abort = (): void => fail('aborted', { type: 'request.aborted' });
  req.on('data', count);
  req.on('aborted', abort);
  out.on('close', () => {
    req.off('data', count);
    req.off('aborted', abort);
    for (const decoder of decoders) decoder.destroy();
  });
  let source: NodeJS.ReadableStream = req;
  for (const decoder of decoders) source = source.pipe(decoder);
  source.pipe(out);
  return out;
}
