import { STATUS_CODES } from 'node:http';

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
  readonly cause?: unknown;
}

/**
 * An error that a handler (or the library) throws to answer with an HTTP status and an
 * RFC 9457 problem document. Anything else thrown becomes a 500 with no details.
 *
 * @example throw new HttpError(409, 'The book is already on the shelf')
 */
export class HttpError extends Error {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly headers: Readonly<Record<string, string>>;
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

type SubclassOptions = Omit<HttpErrorOptions, 'title'>;

/** 400: the request is malformed or misses something required. */
export class BadRequest extends HttpError {
  constructor(detail?: string, options?: SubclassOptions) {
    super(400, detail, options);
  }
}

/** 404: no such resource. */
export class NotFound extends HttpError {
  constructor(detail?: string, options?: SubclassOptions) {
    super(404, detail, options);
  }
}

/** 405: the resource exists but does not answer this method; `allow` lists the methods it does. */
export class MethodNotAllowed extends HttpError {
  constructor(readonly allow: readonly string[], detail?: string, options?: SubclassOptions) {
    super(405, detail, { ...options, headers: { ...options?.headers, Allow: allow.join(', ') } });
  }
}

/** 406: none of the representations the resource can produce is acceptable. */
export class NotAcceptable extends HttpError {
  constructor(detail?: string, options?: SubclassOptions) {
    super(406, detail, options);
  }
}

/** 409: the request conflicts with the current state of the resource. */
export class Conflict extends HttpError {
  constructor(detail?: string, options?: SubclassOptions) {
    super(409, detail, options);
  }
}

/** 412: a precondition (`If-Match`, `If-Unmodified-Since`, ...) failed. */
export class PreconditionFailed extends HttpError {
  constructor(detail?: string, options?: SubclassOptions) {
    super(412, detail, options);
  }
}

/** 413: the request body is larger than the limit. */
export class ContentTooLarge extends HttpError {
  constructor(detail?: string, options?: SubclassOptions) {
    super(413, detail, options);
  }
}

/** 415: the request body's media type is not one the route consumes. */
export class UnsupportedMediaType extends HttpError {
  constructor(detail?: string, options?: SubclassOptions) {
    super(415, detail, options);
  }
}
