import express, { type Express } from 'express';
import type { Response } from 'supertest';
import { type Router, type RouterOptions, createRouter } from '../../src';

/**
 * An Express app with one DSL router mounted at the root (or at `base`). Unexpected errors go to
 * `onError` (a jest mock by default) instead of the console.
 */
export function serve(declare: (api: Router) => void, options: RouterOptions = {}, base?: string): Express {
  const api = createRouter({ onError: jest.fn(), ...options });
  declare(api);
  const app = express();
  if (base === undefined) app.use(api.middleware());
  else app.use(base, api.middleware());
  return app;
}

/** Asserts an RFC 9457 problem document (JSON) with this status, and answers it. */
export function expectProblem(res: Response, status: number): { type: string; title: string; status: number; detail: string; instance: string; [extension: string]: unknown } {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = JSON.parse(res.text) as ReturnType<typeof expectProblem>;
  expect(body).toMatchObject({ status, type: expect.any(String), title: expect.any(String), detail: expect.any(String), instance: expect.any(String) });
  return body;
}
