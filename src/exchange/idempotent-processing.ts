import { BadRequest, Conflict, HttpError } from '../errors/http-error';
import { ProblemType } from '../errors/problem-types';
import { parseIdempotencyKey } from '../http/idempotency-key';
import { recordAnswer, replayAnswer } from '../idempotency/answer-recorder';
import type { IdempotencyRecord } from '../idempotency/idempotency-store';
import { requestFingerprint, scopedStoreKey } from '../idempotency/request-fingerprint';
import type { Exchange } from './exchange';
import type { MaybePromise } from './maybe-promise';

const NO_BODY = new Uint8Array(0);

/**
 * The `Idempotency-Key` of a request to an idempotent route, or `undefined` (the route did not opt
 * in, or the request carries none: it is processed as usual). A value that is not a key is a 400
 * (draft-ietf-httpapi-idempotency-key-header section 2.7).
 */
export function idempotencyKeyOf(exchange: Exchange): string | undefined {
  const idempotency = exchange.route.idempotency;
  if (idempotency === undefined) return undefined;
  const field = parseIdempotencyKey(exchange.incoming.headers['idempotency-key'], idempotency.maxKeyLength);
  if (field.kind === 'invalid') throw new BadRequest(field.reason, { type: ProblemType.invalidRequestHeader, extensions: { header: 'Idempotency-Key' } });
  return field.kind === 'key' ? field.key : undefined;
}

/**
 * Processes a keyed request once (draft-ietf-httpapi-idempotency-key-header section 2.6): claims the
 * client's key in the route's store, atomically, then runs `process` and keeps its answer for the
 * retries. A retry with the same content is replayed that answer (status, fields, body), from
 * whichever instance answered first; while the first is still processed it gets a 409; the same key
 * with other content gets a 422 (section 2.7). An answer that is a server error (5xx), too large
 * to keep, or never written (the client left) gives the key back: a retry is processed again.
 */
export async function processOnce(exchange: Exchange, key: string, body: Uint8Array | undefined, process: () => MaybePromise<void>): Promise<void> {
  const idempotency = exchange.route.idempotency!;
  const { incoming: req, outgoing: res } = exchange;
  const target = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
  const fingerprint = requestFingerprint(req.method ?? '', target, req.headers['content-type'], body ?? NO_BODY);
  const { store } = idempotency;
  const storeKey = scopedStoreKey(idempotency.client(exchange.context, req), key);
  let held: IdempotencyRecord | undefined;
  try {
    held = await store.claim(storeKey, { fingerprint }, idempotency.processingTimeout);
  } catch (error) {
    if (idempotency.whenStoreFails === 'proceed') return process();
    // The client sent a key to have its request processed once; without the store that cannot be promised.
    throw new HttpError(503, 'The record of idempotency keys cannot be reached: the request was not processed', {
      type: ProblemType.idempotencyUnavailable,
      headers: { 'retry-after': '1' },
      cause: error,
    });
  }
  if (held !== undefined) {
    if (held.fingerprint !== fingerprint) {
      throw new HttpError(422, 'This Idempotency-Key was used for a request with other content (method, target, Content-Type or body)', { type: ProblemType.idempotencyKeyReused });
    }
    if (held.answer === undefined) {
      throw new Conflict('A request with this Idempotency-Key is still being processed; retry once it has been answered', {
        type: ProblemType.idempotencyKeyInUse,
        headers: { 'retry-after': '1' },
      });
    }
    return replayAnswer(res, held.answer);
  }
  recordAnswer(res, idempotency.maxAnswerBytes, (answer) =>
    (answer === undefined || answer.status >= 500 ? store.release(storeKey) : store.complete(storeKey, { fingerprint, answer }, idempotency.expiresIn)).catch(() => undefined),
  );
  return process();
}
