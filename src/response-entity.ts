import type { ValidatorSource } from './validators';

/**
 * A response with a status, headers and a body, for handlers that answer more than a value:
 * `return ResponseEntity.created('/users/7', user)`.
 */
export class ResponseEntity<T = unknown> {
  private constructor(
    /** The response status, 200 to 599. */
    readonly status: number,
    /** Response headers to send, such as `Location` or `Cache-Control`. */
    readonly headers: Readonly<Record<string, string>>,
    /** The value written by the negotiated converter; `undefined` sends no content. */
    readonly body: T | undefined,
    /** The validators the handler gives (a version or `{ etag, lastModified }`). */
    readonly validators: ValidatorSource = undefined,
  ) {}

  /** A response with this status and no headers or body yet. */
  static status(status: number): ResponseEntity<undefined> {
    if (!Number.isInteger(status) || status < 200 || status > 599) throw new RangeError(`Invalid status ${status}`);
    return new ResponseEntity(status, {}, undefined);
  }

  /** 200 with a body. */
  static ok<B>(body: B): ResponseEntity<B> {
    return new ResponseEntity(200, {}, body);
  }

  /** 201 with `Location` and, optionally, the created representation. */
  static created<B = undefined>(location: string, body?: B): ResponseEntity<B> {
    return new ResponseEntity<B>(201, { Location: location }, body);
  }

  /** 204, no body. */
  static noContent(): ResponseEntity<undefined> {
    return new ResponseEntity(204, {}, undefined);
  }

  /** A copy with one more header. */
  header(name: string, value: string): ResponseEntity<T> {
    return new ResponseEntity(this.status, { ...this.headers, [name]: value }, this.body, this.validators);
  }

  /** A copy with this body. */
  withBody<B>(body: B): ResponseEntity<B> {
    return new ResponseEntity(this.status, this.headers, body, this.validators);
  }

  /**
   * A copy with validators: a version (`7` becomes the strong ETag `"7"`, per representation when
   * there are several) or `{ etag, lastModified }`. Conditional requests are then answered before
   * the body is converted.
   */
  withValidators(validators: ValidatorSource): ResponseEntity<T> {
    return new ResponseEntity(this.status, this.headers, this.body, validators);
  }
}
