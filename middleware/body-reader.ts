import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import { ContentTooLarge, HttpError } from '../src/errors/http-error';
import { ProblemType } from '../src/errors/problem-types';

/** The default request body limit: 1 MB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Reads a request body into one Buffer, refusing more than `limit` bytes: a Content-Length over the
 * limit is refused before reading anything, a chunked body as soon as it passes the limit (raw-body).
 */
export async function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const length = req.headers['content-length'];
  try {
    return await getRawBody(req, { limit, length: length === undefined ? undefined : Number(length) });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') {
      // Stop reading: the rest of the body is not wanted. Node closes the connection after the response.
      req.unpipe();
      req.resume();
      throw new ContentTooLarge(`The request body is larger than the limit of ${limit} bytes`, {
        type: ProblemType.bodyTooLarge,
        extensions: { limit },
      });
    }
    if (type === 'request.size.invalid') {
      throw new HttpError(400, 'The request body is shorter or longer than its Content-Length', { type: ProblemType.malformedBody });
    }
    if (type === 'request.aborted') throw new HttpError(400, 'The client aborted the request body', { type: ProblemType.malformedBody });
    throw error;
  }
}
