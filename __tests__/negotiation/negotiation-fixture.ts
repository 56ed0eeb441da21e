import express, { type Express } from 'express';
import type { Response } from 'supertest';
import { type Router, type RouterOptions, createRouter } from '../../src';

/**
 * An Express app with one DSL router mounted at the root. Errors that are not HTTP errors go to
 * `onError` (a jest mock unless the options give one) instead of the console.
 */
export function serve(declare: (api: Router) => void, options: RouterOptions = {}): Express {
  const api = createRouter({ onError: jest.fn(), ...options });
  declare(api);
  const app = express();
  app.use(api.middleware());
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

/** Collects a response body as bytes, whatever its type (supertest only buffers what it knows). */
export function binary(res: NodeJS.EventEmitter, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
  res.on('error', (error: Error) => callback(error, Buffer.alloc(0)));
}

/** A handler spy that records whether it ran: for "the handler is never called". */
export function spyHandler<T = unknown>(answer: (body: T) => unknown = () => 'ok'): jest.Mock {
  return jest.fn((ctx: { body: T }) => answer(ctx.body));
}
