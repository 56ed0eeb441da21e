import type { ServerResponse } from 'node:http';
import { ResponseEntity } from '../src/response-entity';

/** How a handler's result becomes a response: status, extra headers and a body value. */
export interface Result {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/** Normalises what a handler returned: a value (200), a {@link ResponseEntity}, or `undefined` (204). */
export function toResult(value: unknown): Result {
  if (value instanceof ResponseEntity) {
    const entity = value as ResponseEntity;
    const status = entity.body === undefined && entity.status === 200 ? 204 : entity.status;
    return { status, headers: entity.headers, body: entity.body };
  }
  if (value === undefined) return { status: 204, headers: {}, body: undefined };
  return { status: 200, headers: {}, body: value };
}

/** Writes a complete response with one `writeHead` and one `end`. */
export function writeResponse(
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string | number | readonly string[]>>,
  body: Buffer | undefined,
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (body !== undefined && status !== 204 && status !== 304) res.setHeader('Content-Length', body.length);
  res.statusCode = status;
  res.end(body !== undefined && status !== 204 && status !== 304 ? body : undefined);
}
