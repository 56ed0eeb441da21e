import { HttpError } from './http-error';
import { ProblemType } from './problem-types';

/** An RFC 9457 problem document. */
export interface ProblemDocument {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance: string;
  readonly [extension: string]: unknown;
}

const RESERVED = new Set(['type', 'title', 'status', 'detail', 'instance']);

/**
 * The problem document for anything thrown while answering `instance` (the request's URI).
 * Errors that are not {@link HttpError}s become a 500 that says nothing about their internals:
 * stack traces and messages of unexpected errors are for the log, not the client.
 */
export function toProblemDocument(error: unknown, instance: string): ProblemDocument {
  if (error instanceof HttpError) {
    const extensions = Object.fromEntries(Object.entries(error.extensions).filter(([name]) => !RESERVED.has(name)));
    return { type: error.type, title: error.title, status: error.status, detail: error.detail, instance, ...extensions };
  }
  return {
    type: ProblemType.internal,
    title: 'Internal Server Error',
    status: 500,
    detail: 'The server failed to answer this request; the failure has been logged.',
    instance,
  };
}
