/**
 * How much a `multipart/form-data` body may hold. Each limit passed is answered 413 (RFC 9110
 * section 15.5.14) naming it, as soon as it passes: the parts already stored are removed and the
 * rest of the body is read and thrown away, never kept. The whole body's size is the route's
 * `.limit()` (the router's `bodyLimit`), as for every other body.
 */
export interface MultipartLimits {
  /** The largest file part, in bytes. Default 10 MiB. */
  readonly fileSize?: number;
  /** How many file parts. Default 10. */
  readonly files?: number;
  /** How many fields (parts without a file name). Default 100. */
  readonly fields?: number;
  /** The largest field value, in bytes. Default 64 KiB. */
  readonly fieldSize?: number;
  /** The longest field name, in bytes. Default 200. */
  readonly fieldNameSize?: number;
  /**
   * How many parts of any kind: parts without a `Content-Disposition: form-data` are neither fields
   * nor files, and are skipped, but each costs its parsing. Default `files + fields` (110 with
   * their defaults), so that it binds only such parts unless set lower.
   */
  readonly parts?: number;
}

/** The limits when a converter is not given its own: a page's worth of fields, a few photos. */
export const DEFAULT_MULTIPART_LIMITS: Required<MultipartLimits> = Object.freeze({
  fileSize: 10 * 1024 * 1024,
  files: 10,
  fields: 100,
  fieldSize: 64 * 1024,
  fieldNameSize: 200,
  parts: 110,
});

/**
 * The limits in force: `given` over the defaults, the part limit `files + fields` of the result
 * unless given (raising `fields` alone raises it too).
 */
export function multipartLimits(given: MultipartLimits = {}): Required<MultipartLimits> {
  const limits = { ...DEFAULT_MULTIPART_LIMITS, ...given };
  return Object.freeze({ ...limits, parts: given.parts ?? limits.files + limits.fields });
}

/** The names of the limits, as a 413 problem's `exceeded` member says which one was passed. */
export type MultipartLimitName = keyof MultipartLimits | 'totalBytes';
