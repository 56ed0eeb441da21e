import type { IncomingMessage, ServerResponse } from 'node:http';
import { type PreconditionOutcome, type Validators, evaluatePreconditions, evaluatePreconditionsOverRepresentations, isGetOrHead } from '../caching/conditional-request';
import type { RequestInfo } from '../conditions/request-info';
import type { RequestContext } from '../dsl/request-context';
import { type Representation, chooseRepresentation } from '../exchange/representation';
import type { RequestSegment } from '../routing/request-path';
import type { Route } from '../routing/route';
import { type ValidatorSource, toValidators, versionValidators } from '../validators';
import { bindContext } from './context-binder';
import { evaluateAgainstGet, hasPreconditions, representationNames } from './current-validators';
import { type MaybePromise, andThen } from './maybe-promise';
import type { DispatchExchange } from './request-exchange';
import { readRequestBody } from './request-body';
import { cacheHeaders, notModifiedHeaders, presetHeaders } from './response-headers';
import { preconditionFailed, send, writeRepresentation } from './representation-writer';
import { toResult } from './result-writer';

type Context = RequestContext<unknown, unknown, unknown, unknown, unknown>;
type Hook = (context: Context) => ValidatorSource | Promise<ValidatorSource>;

/** One request's run through the route selected for it. */
interface Invocation {
  readonly route: Route;
  /** Every route whose path matched: the resource's GET route is among them. */
  readonly candidates: readonly Route[];
  readonly segments: readonly RequestSegment[];
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly request: RequestInfo;
  readonly exchange: DispatchExchange;
  readonly context: Context;
  /** The clock when the request was dispatched: Date, Expires and the policy's second. */
  readonly now: number;
  /** The validators the `.etag()` hook gave, for the 200 as well as the 304. */
  validators: ValidatorSource;
  /** The representation the hook's preconditions were answered for, for the 200 to be written in. */
  representation: Representation | undefined;
}

/**
 * Runs a selected route: binds the inputs, answers preconditions from an `.etag()` hook (RFC 9110
 * section 13.2.1: after the usual checks, before the method's action), reads the body, runs the
 * handler and writes its result. Each step waits only for a promise it is given: a route whose
 * hook, handler and converter answer synchronously is written in the turn that received it.
 * Throws (synchronously or by rejecting) an error for the dispatcher to write as a problem.
 */
export function invokeRoute(
  route: Route,
  candidates: readonly Route[],
  segments: readonly RequestSegment[],
  req: IncomingMessage,
  res: ServerResponse,
  request: RequestInfo,
  exchange: DispatchExchange,
  mediaType: string | undefined,
  now: number,
): MaybePromise<void> {
  const context = bindContext(route, segments, request, exchange, mediaType) as Context;
  const invocation: Invocation = { route, candidates, segments, req, res, request, exchange, context, now, validators: undefined, representation: undefined };
  const hook = route.options.etag as Hook | undefined;
  if (hook !== undefined) return andThen(hook(context), answerFromHook, invocation);
  if (!isGetOrHead(request.method) && hasPreconditions(request)) {
    // No hook: ask the resource's GET route for its current validators, before anything changes.
    return andThen(evaluateAgainstGet(candidates, segments, request, exchange.req, exchange.res, exchange.origin), afterCurrentState, invocation);
  }
  return readBodyAndHandle(invocation);
}

/**
 * Answers the preconditions with the hook's validators. GET and HEAD compare the tag of the
 * negotiated representation; other methods compare the resource's version whatever
 * representation the client's tag came from.
 */
function answerFromHook(invocation: Invocation, source: ValidatorSource): MaybePromise<void> {
  const { route, request, res } = invocation;
  invocation.validators = source;
  const safe = isGetOrHead(request.method);
  let validators: Validators | undefined;
  let outcome: PreconditionOutcome;
  if (safe) {
    // The handler has not run: the representation is that of the kind of value the route answers with.
    const representation = (invocation.representation = chooseRepresentation(route, route.answerKind, request.accept));
    validators = toValidators(source, representation.tagName);
    // No such resource: a GET's answer is the handler's (a 404), and preconditions do not apply to
    // an answer that would not be a success (RFC 9110 section 13.2.1).
    if (validators === undefined) return readBodyAndHandle(invocation);
    outcome = evaluatePreconditions({ method: request.method, requestHeaders: request.headers, validators, exists: true });
  } else {
    const versions = versionValidators(source, representationNames(invocation.candidates));
    outcome = evaluatePreconditionsOverRepresentations({ method: request.method, requestHeaders: request.headers, exists: versions.length > 0 }, versions);
  }
  if (outcome === 'precondition-failed') throw preconditionFailed();
  if (outcome === 'proceed') return readBodyAndHandle(invocation);
  const own = presetHeaders(res);
  if (validators?.etag !== undefined) own.etag = validators.etag;
  if (invocation.representation?.varies === true) own.vary = 'Accept';
  send(res, 304, notModifiedHeaders(cacheHeaders(request.method, route.cachePolicy, own, invocation.now)), undefined);
}

function afterCurrentState(invocation: Invocation, outcome: PreconditionOutcome): MaybePromise<void> {
  if (outcome === 'precondition-failed') throw preconditionFailed();
  return readBodyAndHandle(invocation);
}

function readBodyAndHandle(invocation: Invocation): MaybePromise<void> {
  const { route, req, request, context } = invocation;
  if (route.body === undefined) return handle(invocation);
  return readRequestBody(req, request, route).then((body) => {
    (context as { body: unknown }).body = body;
    return handle(invocation);
  });
}

function handle(invocation: Invocation): MaybePromise<void> {
  // The time limit answered (503/504) while the hook worked or the body arrived: the client was
  // told the request was not carried out, so the handler must not carry it out now.
  if (invocation.res.headersSent) return;
  return andThen(invocation.route.handler(invocation.context), writeResult, invocation);
}

function writeResult(invocation: Invocation, value: unknown): MaybePromise<void> {
  const { res, exchange } = invocation;
  const result = toResult(value);
  // Timed out, client gone, or the handler wrote the response itself.
  if (exchange.aborted || res.headersSent || res.writableEnded) return;
  return writeRepresentation(res, invocation.request, invocation.route, result, invocation.now, invocation.validators, invocation.representation);
}
