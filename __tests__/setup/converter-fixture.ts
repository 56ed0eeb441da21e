import { HttpError } from '../../src/errors/http-error';
import { parseMediaType } from '../../src/http/media-type';
import { DEFAULT_MAX_DEPTH, type BodyKind, type JsonSchemaLike, type ReadOptions } from '../../src/converters';

/** Read options for a Content-Type text. */
export function readOptions(contentType: string, kind: BodyKind, extra: { maxDepth?: number; shape?: JsonSchemaLike } = {}): ReadOptions {
  return { mediaType: parseMediaType(contentType), kind, maxDepth: extra.maxDepth ?? DEFAULT_MAX_DEPTH, ...(extra.shape ? { shape: extra.shape } : {}) };
}

/** Awaits a rejection and answers it as an HttpError with the given status (failing otherwise). */
export async function rejection(promise: Promise<unknown>, status: number): Promise<HttpError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(HttpError);
  const error = caught as HttpError;
  expect({ status: error.status, detail: error.detail }).toEqual({ status, detail: expect.any(String) });
  return error;
}
