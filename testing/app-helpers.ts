import { strictEqual, ok } from 'node:assert/strict';
import express, { type Express } from 'express';
import type { ProblemDocument } from '../src/errors/problem-document';
import { type Router, type RouterOptions, createRouter } from '../src/router';

/** The options of {@link appWith}: the router's, and where to mount it. */
export interface AppOptions extends RouterOptions {
  /** The path the router is mounted at (`app.use(mountPath, router)`); the root by default. */
  readonly mountPath?: string;
}

/**
 * An Express app with one router, declared by `declare`, mounted at the root or at `mountPath`:
 * the app a supertest test sends its requests to (`request(appWith((api) => ...)).get('/')`).
 */
export function appWith(declare: (api: Router) => void, options: AppOptions = {}): Express {
  const { mountPath, ...routerOptions } = options;
  const api = createRouter(routerOptions);
  declare(api);
  const app = express();
  if (mountPath === undefined) app.use(api.middleware());
  else app.use(mountPath, api.middleware());
  return app;
}

/** What {@link expectProblem} reads of a response: supertest's and fetch-like responses both have it. */
export interface ResponseLike {
  /** The response status. */
  readonly status: number;
  /** The response headers, names lower case. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The response body as text, parsed as the problem document. */
  readonly text: string;
}

/**
 * Asserts that a response is an RFC 9457 problem document (RFC 9457 section 3) with this status,
 * in JSON, and answers the document for further checks. Throws an `AssertionError` otherwise.
 */
export function expectProblem(response: ResponseLike, status: number): ProblemDocument {
  strictEqual(response.status, status);
  strictEqual(response.headers['content-type'], 'application/problem+json; charset=utf-8');
  const body = JSON.parse(response.text) as Record<string, unknown>;
  strictEqual(body['status'], status, 'the document repeats the status');
  for (const member of ['type', 'title', 'detail', 'instance']) ok(typeof body[member] === 'string', `the document has a string "${member}"`);
  return body as ProblemDocument;
}
