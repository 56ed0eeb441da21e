import type { StandardSchemaV1 } from '@standard-schema/spec';
import { HttpError } from './errors/http-error';
import { ProblemType } from './errors/problem-types';

/** One failing member of an invalid value: a JSON Pointer (RFC 6901) and what is wrong. */
export interface FieldError {
  /** A JSON Pointer (RFC 6901) to the invalid member; empty for the body as a whole. */
  readonly pointer: string;
  /** What is wrong with it, as the schema library says. */
  readonly detail: string;
}

function pointerOf(path: StandardSchemaV1.Issue['path']): string {
  return (path ?? [])
    .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
    .map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)
    .join('');
}

/** Options of {@link validateWithSchema}. */
export interface ValidationOptions {
  /** The status of the failure: 400 for what the client sent, 422 for a result it would cause (a patched resource). */
  readonly status?: 400 | 422;
  /** What was validated, for the detail: `The request body` by default. */
  readonly subject?: string;
}

/**
 * Validates a value with any Standard Schema (zod, valibot, arktype) and answers its output. A
 * failure is an {@link HttpError} whose problem lists each failing member as `errors: [{ pointer,
 * detail }]` (the RFC 9457 section 3 example), the way the router reports an invalid body.
 */
export async function validateWithSchema<S extends StandardSchemaV1>(
  schema: S,
  value: unknown,
  options: ValidationOptions = {},
): Promise<StandardSchemaV1.InferOutput<S>> {
  const result = await schema['~standard'].validate(value);
  if (result.issues === undefined) return result.value;
  const errors: FieldError[] = result.issues.map((issue) => ({ pointer: pointerOf(issue.path), detail: issue.message }));
  const summary = errors.map((e) => (e.pointer === '' ? e.detail : `${e.pointer}: ${e.detail}`)).join('; ');
  throw new HttpError(options.status ?? 400, `${options.subject ?? 'The request body'} is invalid: ${summary}`, {
    type: ProblemType.invalidBody,
    extensions: { errors },
  });
}
