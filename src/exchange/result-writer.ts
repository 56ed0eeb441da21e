import { ResponseEntity } from '../response-entity';
import type { ValidatorSource } from '../validators';

/** How a handler's result becomes a response: status, extra headers and a body value. */
export interface Result {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly validators: ValidatorSource;
}

/** Normalises what a handler returned: a value (200), a {@link ResponseEntity}, or `undefined` (204). */
export function toResult(value: unknown): Result {
  if (value instanceof ResponseEntity) {
    const entity = value as ResponseEntity;
    const status = entity.body === undefined && entity.status === 200 ? 204 : entity.status;
    return { status, headers: entity.headers, body: entity.body, validators: entity.validators };
  }
  if (value === undefined) return { status: 204, headers: {}, body: undefined, validators: undefined };
  return { status: 200, headers: {}, body: value, validators: undefined };
}
