import type { ServerResponse } from 'node:http';

/** The members of a problem document the service writes outside the router. */
export interface Problem {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
}

/**
 * Answers with an RFC 9457 problem document (`type` `about:blank`: the status says what it is),
 * which no cache stores. For the answers given outside the router: paths no route matches,
 * errors that escape it, requests the server refuses before any route sees them.
 */
export function sendProblem(res: ServerResponse, { status, title, detail }: Problem, instance: string): void {
  const body = JSON.stringify({ type: 'about:blank', title, status, detail, instance });
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
