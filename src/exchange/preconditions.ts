import { type Validators, evaluatePreconditions } from '../caching/conditional-request';
import { PreconditionFailed } from '../errors/http-error';
import { ProblemType } from '../errors/problem-types';
import type { Exchange } from './exchange';

/** The 412 of a failed precondition: the handler did not run, so nothing changed. */
export function preconditionFailed(): PreconditionFailed {
  return new PreconditionFailed('A precondition of the request (If-Match, If-None-Match, If-Unmodified-Since) failed; nothing was changed', {
    type: ProblemType.preconditionFailed,
  });
}

/**
 * Answers a request's preconditions against the resource's current validators, wherever the
 * pipeline learns them (the `.etag()` hook's answer, the validators a handler returns, the tag of
 * the written bytes, the GET route's for an unsafe method): {@link evaluatePreconditions} in the
 * order of RFC 9110 section 13.2.2, the 412 thrown. Answers whether to go on or answer 304 (GET
 * and HEAD only: an unsafe method is never answered 304, section 13.1.2).
 *
 * @param current - the validators of the selected representation, or of every representation the
 *   client's tag may come from (an unsafe method's, whose precondition is about the resource's state)
 * @param exists - whether the resource has a current representation (for `*`)
 */
export function answerPreconditions(exchange: Exchange, current: Validators | readonly Validators[], exists = true): 'proceed' | 'not-modified' {
  const { method, headers } = exchange.request;
  const outcome = evaluatePreconditions({ method, requestHeaders: headers, validators: current, exists });
  if (outcome === 'precondition-failed') throw preconditionFailed();
  return outcome;
}
