import { HttpError } from './http-error';
import { ProblemType } from './problem-types';

/** An RFC 9457 problem document. */
export interface ProblemDocument {
  /** The problem type URI (RFC 9457 section 3.1.1). */
  readonly type: string;
  /** A short summary of the problem type (RFC 9457 section 3.1.3). */
  readonly title: string;
  /** The HTTP status code of the response (RFC 9457 section 3.1.2). */
  readonly status: number;
  /** What went wrong with this request (RFC 9457 section 3.1.4). */
  readonly detail: string;
  /** The request's URI, naming this occurrence of the problem (RFC 9457 section 3.1.5). */
  readonly instance: string;
  /** Extension members (RFC 9457 section 3.2), such as `errors`. */
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
