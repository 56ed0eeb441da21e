import { STATUS_CODES } from 'node:http';
import { ProblemType } from './problem-types';

/** Members of an RFC 9457 problem document beyond the standard five. */
export type ProblemExtensions = Readonly<Record<string, unknown>>;

/** Options for {@link HttpError}. */
export interface HttpErrorOptions {
  /** A URI reference naming the problem type; `about:blank` when the status says it all. */
  readonly type?: string;
  /** A short summary of the problem type; the status phrase by default. */
  readonly title?: string;
  /** Response headers that belong to this error, such as `Allow` for 405. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Extension members of the problem document. */
  readonly extensions?: ProblemExtensions;
  /** The error that led to this one, kept as `Error.cause` for logs; never sent to the client. */
  readonly cause?: unknown;
}

/**
 * An error that a handler (or the library) throws to answer with an HTTP status and an
 * RFC 9457 problem document. Anything else thrown becomes a 500 with no details.
 *
 * @example throw new HttpError(409, 'The book is already on the shelf')
 */
export class HttpError extends Error {
  /** The response status, 400 to 599; also the problem document's `status` (RFC 9457 section 3.1.2). */
  readonly status: number;
  /** The problem type URI (RFC 9457 section 3.1.1); `about:blank` when the status says it all. */
  readonly type: string;
  /** A short summary of the problem type (RFC 9457 section 3.1.3); the status phrase by default. */
  readonly title: string;
  /** What went wrong with this request, for the client (RFC 9457 section 3.1.4). */
  readonly detail: string;
  /** Response headers sent with the problem, such as `Allow` for 405 or `Retry-After`. */
  readonly headers: Readonly<Record<string, string>>;
  /** Extension members of the problem document (RFC 9457 section 3.2), such as `errors`. */
  readonly extensions: ProblemExtensions;

  /**
   * @param status - 400 to 599 (a RangeError otherwise)
   * @param detail - what happened, for the client; the status's title when omitted
   * @param options - the problem's `type` URI and title, extension members, headers to send with it (`Allow`, say) and a cause to log
   */
  constructor(status: number, detail?: string, options: HttpErrorOptions = {}) {
    const title = options.title ?? STATUS_CODES[status] ?? 'Error';
    super(detail ?? title, options.cause === undefined ? undefined : { cause: options.cause });
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`HttpError status must be 400..599, got ${status}`);
    }
    this.name = new.target.name;
    this.status = status;
    this.type = options.type ?? 'about:blank';
    this.title = title;
    this.detail = detail ?? title;
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }
}

/** Options for the subclasses of {@link HttpError}: as {@link HttpErrorOptions}, the title being the status phrase. */
export type SubclassOptions = Omit<HttpErrorOptions, 'title'>;

/** 400: the request is malformed or misses something required. */
export class BadRequest extends HttpError {
  /**
   * @param detail - what happened, for the client; the status phrase when omitted
   * @param options - the problem's `type` URI, extension members, headers and a cause
   */
  constructor(detail?: string, options?: SubclassOptions) {
    super(400, detail, options);
  }
}

/** 404: no such resource. */
export class NotFound extends HttpError {
  /**
   * @param detail - what happened, for the client; the status phrase when omitted
   * @param options - the problem's `type` URI, extension members, headers and a cause
   */
  constructor(detail?: string, options?: SubclassOptions) {
    super(404, detail, options);
  }
}

/** 405: the resource exists but does not answer this method; `allow` lists the methods it does. */
export class MethodNotAllowed extends HttpError {
  /**
   * @param allow - the methods the resource answers, sent as `Allow` (RFC 9110 section 15.5.6)
   * @param detail - what happened, for the client
   * @param options - the problem's `type` URI, extension members, other headers and a cause
   */
  constructor(
    /** The methods the resource answers; the `Allow` header lists them. */
    readonly allow: readonly string[],
    detail?: string,
    options?: SubclassOptions,
  ) {
    super(405, detail, { ...options, headers: { ...options?.headers, Allow: allow.join(', ') } });
  }
}

/** 406: none of the representations the resource can produce is acceptable. */
export class NotAcceptable extends HttpError {
  /**
   * @param detail - what happened, for the client; the status phrase when omitted
   * @param options - the problem's `type` URI, extension members, headers and a cause
   */
  constructor(detail?: string, options?: SubclassOptions) {
    super(406, detail, options);
  }
}

/** 409: the request conflicts with the current state of the resource. */
export class Conflict extends HttpError {
  /**
   * @param detail - what happened, for the client; the status phrase when omitted
   * @param options - the problem's `type` URI, extension members, headers and a cause
   */
  constructor(detail?: string, options?: SubclassOptions) {
    super(409, detail, options);
  }
}

/**
 * 412: a precondition (`If-Match`, `If-None-Match`, `If-Unmodified-Since`) does not hold (RFC 9110
 * section 13.1), so nothing was changed. The library throws it when a precondition fails before
 * the handler runs; a handler, or a store it calls, throws it when its own compare-and-set finds
 * the resource changed after the preconditions were checked (another request won the race). The
 * answer is the 412 problem document, of type {@link ProblemType}.preconditionFailed unless told.
 *
 * @example
 * // UPDATE ... WHERE version = $expected changed no row: someone else wrote first.
 * if (changed === 0) throw new PreconditionFailed('The book changed since you read it; nothing was changed');
 */
export class PreconditionFailed extends HttpError {
  /**
   * @param detail - what happened, for the client; says that nothing was changed when omitted
   * @param options - the problem's `type` URI (`urn:represent:problem:precondition-failed` by default), extension members, headers and a cause
   */
  constructor(detail?: string, options?: SubclassOptions) {
    super(412, detail ?? 'A precondition of the request does not hold; nothing was changed', { ...options, type: options?.type ?? ProblemType.preconditionFailed });
  }
}

/** 413: the request body is larger than the limit. */
export class ContentTooLarge extends HttpError {
  /**
   * @param detail - what happened, for the client; the status phrase when omitted
   * @param options - the problem's `type` URI, extension members, headers and a cause
   */
  constructor(detail?: string, options?: SubclassOptions) {
    super(413, detail, options);
  }
}

/** 415: the request body's media type is not one the route consumes. */
export class UnsupportedMediaType extends HttpError {
  /**
   * @param detail - what happened, for the client; the status phrase when omitted
   * @param options - the problem's `type` URI, extension members, headers and a cause
   */
  constructor(detail?: string, options?: SubclassOptions) {
    super(415, detail, options);
  }
}

/**
 * 401: the request lacks valid credentials. It carries the `WWW-Authenticate` challenge RFC 9110
 * section 15.5.2 requires of a 401 (`Bearer` unless `challenge` says otherwise, RFC 6750 section 3).
 */
export class Unauthorized extends HttpError {
  /**
   * @param detail - what happened, for the client; the status phrase when omitted
   * @param options - the challenge, the problem's `type` URI, extension members, headers and a cause
   */
  constructor(detail?: string, options: SubclassOptions & { readonly challenge?: string } = {}) {
    const { challenge = 'Bearer', ...rest } = options;
    super(401, detail, { ...rest, headers: { 'WWW-Authenticate': challenge, ...rest.headers } });
  }
}

/** 403: the credentials are understood, and do not allow this request (RFC 9110 section 15.5.4). */
export class Forbidden extends HttpError {
  /**
   * @param detail - what happened, for the client; the status phrase when omitted
   * @param options - the problem's `type` URI, extension members, headers and a cause
   */
  constructor(detail?: string, options?: SubclassOptions) {
    super(403, detail, options);
  }
}

/** An error with a 4xx or 5xx `status` (as `http-errors` makes them) as that status; others as they are. */
export function withItsStatus(error: unknown): unknown {
  if (error instanceof HttpError || typeof error !== 'object' || error === null) return error;
  const { status, statusCode, expose, message } = error as { status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 400 || code > 599) return error;
  return new HttpError(code, expose === true && typeof message === 'string' ? message : undefined, { cause: error });
}
