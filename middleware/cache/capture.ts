import { STATUS_CODES, type ServerResponse } from 'node:http';
import { isThenable } from '../../src/exchange/maybe-promise';

/** The status line and header lines of a response, as it is about to be written. */
export interface ResponseHead {
  readonly status: number;
  readonly statusMessage: string;
  /** Flat `[name, value, ...]`, a repeated field on several lines, names in the case they were set. */
  readonly rawHeaders: readonly string[];
}

/**
 * What to do with a response once its head is known:
 * `pass` writes it through; `buffer` writes it through and keeps a copy of the body;
 * `swallow` writes nothing of it: the cache answers instead, when the handler ends.
 */
export type CaptureMode = 'pass' | 'buffer' | 'swallow';

/** What {@link CaptureHooks.onHead} decides for a response. */
export interface CaptureDecision {
  readonly mode: CaptureMode;
  /** Header lines to add (X-Content-Type-Options, X-Cache). */
  readonly headers?: readonly (readonly [string, string])[];
  /**
   * Whether `onEnd` may answer a promise the response must end after. A body of declared length
   * is complete for the client with its last byte, whether or not `end()` follows: that byte is
   * then held until the response ends.
   */
  readonly holdEnd?: boolean;
}

/** The decisions {@link captureResponse} asks for. */
export interface CaptureHooks {
  /** Called once, before the head is written. May name header lines to add (X-Content-Type-Options, X-Cache). */
  onHead(head: ResponseHead): CaptureDecision;
  /**
   * Called when the handler ends the response, with the whole body for `buffer` when it stayed
   * within the limit (`undefined` otherwise). For `swallow`, this is where the cache answers.
   * Otherwise it is called before the response ends, and may answer a promise (a shared store's
   * write, or its invalidation): the response ends once it settles.
   */
  onEnd(head: ResponseHead, body: Buffer | undefined): void | PromiseLike<void>;
}

/** The response's own methods, for writing past the capture. */
export interface Writers {
  writeHead(this: ServerResponse, status: number, reason: string, headers?: readonly string[]): unknown;
  end(this: ServerResponse, chunk?: Uint8Array): unknown;
}

/** The response's own methods, and a way to take the response from the handler. */
export interface Capture extends Writers {
  /**
   * Takes the response from a handler that has not started it: `answer` writes it with the
   * response's own methods, and whatever the handler does with it later (set headers, write, end)
   * does nothing, and is not seen. False, and nothing done, when the handler's head was written.
   */
  detach(answer: (writers: Writers) => void): boolean;
}

type Method = (this: ServerResponse, ...args: unknown[]) => unknown;


/**
 * A stored body's bytes live in buffers of their own: `Buffer.from` and `Buffer.concat` put small
 * ones in a share of node's 8 KiB pool, and a stored body kept alive its whole slab (a 2 KB body
 * cost 4 KB), where a stored body should cost what it is. Each chunk is copied once, as it is kept.
 */
function ownedChunk(chunk: string | ArrayBufferView, encoding: BufferEncoding): Buffer {
  if (typeof chunk === 'string') {
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(chunk, encoding));
    bytes.write(chunk, 0, encoding);
    return bytes;
  }
  const bytes = Buffer.allocUnsafeSlow(chunk.byteLength);
  bytes.set(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  return bytes;
}

/** The kept chunks as one body: the one chunk itself, or a buffer of its own for several. */
function ownedBody(chunks: readonly Buffer[], size: number): Buffer {
  if (chunks.length === 1) return chunks[0]!;
  const body = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;
type HeaderArg = Record<string, unknown> | readonly unknown[] | undefined;

/**
 * Wraps `res.writeHead`, `res.write` and `res.end` to see the response a handler writes: its head
 * (headers exactly as they go on the wire, duplicates kept) and, when asked, its body, buffered
 * up to `maxBytes` while it streams through to the client. Answers the original methods. The head
 * is settled before the first byte of body is written, so that nothing reaches the client before
 * `onHead` decides how it is written (swallowed, or its end held).
 */
export function captureResponse(res: ServerResponse, hooks: CaptureHooks, maxBytes: number): Capture {
  const original = { writeHead: res.writeHead as Method, write: res.write as Method, end: res.end as Method };
  let detached = false;
  let head: ResponseHead | undefined;
  let mode: CaptureMode = 'pass';
  let chunks: Buffer[] = [];
  let size = 0;
  /** With a held end, the bytes of the declared Content-Length not yet written. */
  let unsent: number | undefined;
  /** The body's last byte (and anything past it), held until the response ends. */
  let tail: Buffer[] | undefined;

  const keep = (chunk: unknown, encoding: unknown): void => {
    if (mode !== 'buffer' || (typeof chunk !== 'string' && !ArrayBuffer.isView(chunk))) return;
    const buffer = ownedChunk(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += buffer.byteLength;
    if (size > maxBytes) {
      // Too large to store: keep streaming, stop keeping.
      mode = 'pass';
      chunks = [];
    } else {
      chunks.push(buffer);
    }
  };

  const settleHead = (): void => {
    if (head === undefined && !res.headersSent) res.writeHead(res.statusCode);
  };

  res.writeHead = function writeHead(this: ServerResponse, status: number, reason?: unknown, headers?: unknown) {
    if (detached) return this;
    if (head !== undefined) return mode === 'swallow' ? this : original.writeHead.apply(this, arguments as never);
    const statusMessage = typeof reason === 'string' ? reason : (this.statusMessage || STATUS_CODES[status]) ?? 'unknown';
    let given = (typeof reason === 'string' ? headers : (reason ?? headers)) as HeaderArg;
    head = { status, statusMessage, rawHeaders: effectiveHeaderLines(this, given) };
    const decision = hooks.onHead(head);
    mode = decision.mode;
    if (decision.holdEnd === true && mode !== 'swallow') unsent = declaredLength(this, head);
    if (mode === 'swallow') {
      this.statusCode = status;
      return this;
    }
    for (const header of decision.headers ?? []) given = withHeader(this, given, header);
    return given === undefined ? original.writeHead.call(this, status, statusMessage) : original.writeHead.call(this, status, statusMessage, given);
  } as ServerResponse['writeHead'];

  res.write = function write(this: ServerResponse, chunk: Chunk, encoding?: unknown, callback?: unknown) {
    // The head is settled before the first byte: it decides how the body is written.
    if (!detached) settleHead();
    if (mode === 'swallow' || detached) {
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') process.nextTick(done as Callback);
      return true;
    }
    if (unsent !== undefined) return writeHolding(this, chunk, encoding, callback);
    const ok = original.write.apply(this, arguments as never);
    keep(chunk, encoding);
    return ok;
  } as ServerResponse['write'];

  /**
   * Writes all of a body of declared length but its last byte, which {@link tail} holds for the
   * end: the client cannot take the response as complete before the cache's work is done.
   */
  const writeHolding = (res: ServerResponse, chunk: Chunk, encoding: unknown, callback: unknown): boolean => {
    keep(chunk, encoding);
    const done = (typeof encoding === 'function' ? encoding : callback) as Callback | undefined;
    const bytes = bytesOf(chunk, encoding);
    if (tail === undefined && bytes.byteLength < unsent!) {
      unsent! -= bytes.byteLength;
      return done === undefined ? original.write.call(res, bytes) as boolean : original.write.call(res, bytes, done) as boolean;
    }
    const cut = tail === undefined ? Math.max(0, unsent! - 1) : 0;
    unsent = 0;
    (tail ??= []).push(Buffer.from(bytes.subarray(cut)));
    if (cut > 0) return done === undefined ? original.write.call(res, bytes.subarray(0, cut)) as boolean : original.write.call(res, bytes.subarray(0, cut), done) as boolean;
    if (done !== undefined) process.nextTick(done);
    return true;
  };

  res.end = function end(this: ServerResponse, chunk?: unknown, encoding?: unknown) {
    if (detached) return this;
    // The head is settled before the end, so that the body is kept and onEnd runs before the response ends.
    if (head === undefined) {
      // What Node would do on end() without a head: state the length of the only chunk, or 0.
      if (!this.hasHeader('content-length') && !this.hasHeader('transfer-encoding')) {
        if (typeof chunk === 'string' || ArrayBuffer.isView(chunk)) {
          this.setHeader('Content-Length', typeof chunk === 'string' ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk.byteLength);
        } else if (this.statusCode !== 204 && this.statusCode !== 304 && this.statusCode >= 200) {
          this.setHeader('Content-Length', 0);
        }
      }
      settleHead();
    }
    if (mode === 'swallow') {
      res.writeHead = original.writeHead as ServerResponse['writeHead'];
      res.write = original.write as ServerResponse['write'];
      res.end = original.end as ServerResponse['end'];
      hooks.onEnd(head!, undefined);
      return this;
    }
    if (typeof chunk !== 'function') keep(chunk, encoding);
    const args = (tail === undefined ? arguments : withTail(tail, chunk, encoding)) as never;
    const before = head === undefined ? undefined : hooks.onEnd(head, mode === 'buffer' ? ownedBody(chunks, size) : undefined);
    if (!isThenable(before)) return original.end.apply(this, args);
    // What another instance reads once this client has its answer must be written by then.
    const finish = (): unknown => original.end.apply(this, args);
    before.then(finish, finish);
    return this;
  } as ServerResponse['end'];

  const detach = (answer: (writers: Writers) => void): boolean => {
    if (head !== undefined || res.headersSent) return false;
    detached = true;
    answer(original as Writers);
    // The handler goes on as if the response were its own: what it sets is dropped, not thrown at it.
    res.setHeader = function setHeader(this: ServerResponse) {
      return this;
    } as ServerResponse['setHeader'];
    res.appendHeader = res.setHeader as ServerResponse['appendHeader'];
    res.removeHeader = () => undefined;
    res.flushHeaders = () => undefined;
    return true;
  };
  return { ...(original as Writers), detach };
}

/** A chunk's bytes (a view of them, not a copy, for bytes). */
function bytesOf(chunk: Chunk | ArrayBufferView, encoding: unknown): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** The arguments of `end(chunk, encoding, callback)` with the held tail of the body before its chunk. */
function withTail(tail: readonly Buffer[], chunk: unknown, encoding: unknown): unknown[] {
  const data = typeof chunk === 'string' || ArrayBuffer.isView(chunk);
  const last = data ? [...tail, bytesOf(chunk, encoding)] : tail;
  const callback = [chunk, encoding].find((arg) => typeof arg === 'function');
  const body = Buffer.concat(last);
  return callback === undefined ? [body] : [body, callback];
}

/**
 * The Content-Length of a response that has a body (RFC 9110 section 8.6): none for HEAD, 1xx,
 * 204 and 304, nor when the field is not one decimal number.
 */
function declaredLength(res: ServerResponse, head: ResponseHead): number | undefined {
  if (res.req?.method === 'HEAD' || head.status < 200 || head.status === 204 || head.status === 304) return undefined;
  for (let i = 0; i < head.rawHeaders.length; i += 2) {
    if (head.rawHeaders[i]!.toLowerCase() === 'content-length') return /^\d+$/.test(head.rawHeaders[i + 1]!) ? Number(head.rawHeaders[i + 1]) : undefined;
  }
  return undefined;
}

/**
 * The header lines `writeHead(status, given)` puts on the wire: `given` alone when nothing was
 * set with setHeader (Node writes it as is, duplicates included); otherwise the set headers, each
 * name in `given` replacing them, as Node's writeHead does with setHeader.
 */
function effectiveHeaderLines(res: ServerResponse, given: HeaderArg): string[] {
  const setNames = res.getHeaderNames();
  if (setNames.length === 0 && given !== undefined) return headerLines(given);
  const byName = new Map<string, [string, unknown]>();
  // getRawHeaderNames (Node 15.13+) is missing from @types/node's ServerResponse.
  const rawNames = (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
  setNames.forEach((name, i) => byName.set(name, [rawNames[i] ?? name, res.getHeader(name)]));
  if (given !== undefined) {
    const lines = headerLines(given);
    for (let i = 0; i < lines.length; i += 2) byName.set(lines[i]!.toLowerCase(), [lines[i]!, lines[i + 1]]);
  }
  const lines: string[] = [];
  for (const [name, value] of byName.values()) pushLines(lines, name, value);
  return lines;
}

/** Header lines of a writeHead argument: an object, a flat `[name, value, ...]` or `[[name, value], ...]`. */
function headerLines(given: Exclude<HeaderArg, undefined>): string[] {
  const lines: string[] = [];
  if (Array.isArray(given)) {
    if (given.length > 0 && Array.isArray(given[0])) {
      for (const pair of given as readonly (readonly unknown[])[]) pushLines(lines, String(pair[0]), pair[1]);
    } else {
      for (let i = 0; i < given.length; i += 2) pushLines(lines, String(given[i]), given[i + 1]);
    }
  } else {
    for (const [name, value] of Object.entries(given)) pushLines(lines, name, value);
  }
  return lines;
}

function pushLines(lines: string[], name: string, value: unknown): void {
  if (value === undefined) return;
  if (Array.isArray(value)) for (const line of value) lines.push(name, String(line));
  else lines.push(name, String(value));
}

/**
 * Adds one header line to what writeHead will write, in the form it was given, after the lines of
 * that field the response has (a Cache-Status from behind the cache is kept, RFC 9211 section 2).
 */
function withHeader(res: ServerResponse, given: HeaderArg, [name, value]: readonly [string, string]): HeaderArg {
  if (given === undefined) {
    const present = res.getHeader(name);
    res.setHeader(name, present === undefined ? value : [...(Array.isArray(present) ? present : [String(present)]), value]);
    return undefined;
  }
  if (Array.isArray(given)) return given.length > 0 && Array.isArray(given[0]) ? [...given, [name, value]] : [...given, name, value];
  const lower = name.toLowerCase();
  const same = Object.keys(given).find((key) => key.toLowerCase() === lower);
  if (same === undefined) return { ...given, [name]: value };
  const present = (given as Record<string, unknown>)[same];
  return { ...given, [same]: [...(Array.isArray(present) ? present.map(String) : [String(present)]), value] };
}
