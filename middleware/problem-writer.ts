import type { ServerResponse } from 'node:http';
import { HttpError } from '../src/errors/http-error';
import { toProblemDocument } from '../src/errors/problem-document';

/**
 * Writes anything thrown as an RFC 9457 problem document. Headers that belong to the error
 * (`Allow`, `Accept-Post`, ...) go with it; an error that is not an {@link HttpError} is a 500 with
 * nothing of its internals.
 */
export function writeProblem(res: ServerResponse, error: unknown, instance: string): void {
  const problem = toProblemDocument(error, instance);
  const body = Buffer.from(JSON.stringify(problem), 'utf8');
  res.statusCode = problem.status;
  if (error instanceof HttpError) for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
