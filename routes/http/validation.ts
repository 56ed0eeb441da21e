import type { StandardSchemaV1 } from '@standard-schema/spec';
import { HttpError, ProblemType } from '../../src';

/** One failing member: a JSON Pointer (RFC 6901) and what is wrong, as the library reports invalid bodies. */
export interface FieldError {
  readonly pointer: string;
  readonly detail: string;
}

function pointerOf(path: StandardSchemaV1.Issue['path']): string {
  return (path ?? [])
    .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
    .map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)
    .join('');
}

/**
 * Validates a value the handler built (a patched resource, say) with a Standard Schema.
 * A failure is an {@link HttpError} of `status` whose problem lists each failing member, like the
 * library's 400 for an invalid body: 400 for what the client sent, 422 for a patch whose result
 * would be an invalid resource (RFC 5789 section 2.2).
 */
export async function validate<S extends StandardSchemaV1>(schema: S, value: unknown, status: 400 | 422, what: string): Promise<StandardSchemaV1.InferOutput<S>> {
  const result = await schema['~standard'].validate(value);
  if (result.issues === undefined) return result.value;
  const errors: FieldError[] = result.issues.map((issue) => ({ pointer: pointerOf(issue.path), detail: issue.message }));
  const summary = errors.map((e) => (e.pointer === '' ? e.detail : `${e.pointer}: ${e.detail}`)).join('; ');
  throw new HttpError(status, `${what} is invalid: ${summary}`, { type: ProblemType.invalidBody, extensions: { errors } });
}
