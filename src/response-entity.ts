/**
 * A response with a status, headers and a body, for handlers that answer more than a value:
 * `return ResponseEntity.created('/users/7', user)`.
 */
export class ResponseEntity<T = unknown> {
  private constructor(
    readonly status: number,
    readonly headers: Readonly<Record<string, string>>,
    readonly body: T | undefined,
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
    return new ResponseEntity(this.status, { ...this.headers, [name]: value }, this.body);
  }

  /** A copy with this body. */
  withBody<B>(body: B): ResponseEntity<B> {
    return new ResponseEntity(this.status, this.headers, body);
  }
}
