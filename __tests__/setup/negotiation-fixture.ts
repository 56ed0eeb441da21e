/** The negotiation suites serve routes and read problems as every suite does. */
export { expectProblem, serve } from './app-fixture';

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
