import { hasPreconditions, isGetOrHead } from '../caching/conditional-request';
import { isSafeMethod } from '../http/safe-method';
import { type ValidatorSource, currentValidators, toValidators, versionValidators } from '../validators';
import { bindContext } from './context-binder';
import { evaluateAgainstGet, representationNames } from './evaluate-against-get';
import type { Context, Exchange } from './exchange';
import { type MaybePromise, andThen } from './maybe-promise';
import { answerPreconditions } from './preconditions';
import { ResponseEntity } from '../response-entity';
import { runHooks } from './hook-points';
import { readRequestBody } from './request-body';
import { finaliseHeaders, presetHeaders } from './response-headers';
import { writeRepresentation } from './representation-writer';
import { toResult } from './result-writer';
import { send } from './send';
import { surrogateKeyLines } from './surrogate-key-lines';
import { isStreamBody, streamSourceOf } from '../streams/stream-source';
import { writeStream } from './stream-writer';
import { MultipartParts } from '../converters/multipart/multipart-parts';
import { type RouteStepMessage, bodyChannel, handlerChannel } from '../diagnostics/channels';
import { traceStep } from './traced-step';
import { idempotencyKeyOf, processOnce } from './idempotent-processing';

type Hook = (context: Context) => ValidatorSource | Promise<ValidatorSource>;

/**
 * Runs the route selected for an exchange: binds the inputs, answers preconditions from an
 * `.etag()` hook (RFC 9110 section 13.2.1: after the usual checks, before the method's action),
 * reads the body, runs the handler and writes its result. Each step waits only for a promise it is
 * given: a route whose hook, handler and converter answer synchronously is written in the turn that
 * received it. Throws (synchronously or by rejecting) an error for the dispatcher to write as a problem.
 */
export function invokeRoute(exchange: Exchange): MaybePromise<void> {
  // The route says what its handler answers: an unsafe method's representation is chosen now, and
  // a 406 answered before the handler acts, not after its side effects (RFC 9110 section 12.5.1).
  // A safe method changes nothing, so its handler's own answer (a 404, say) stands first.
  const declared = exchange.route.declaredAnswerKind;
  if (declared !== undefined && !isSafeMethod(exchange.request.method)) exchange.acceptedRepresentation(declared);
  const context = bindContext(exchange);
  exchange.idempotencyKey = idempotencyKeyOf(exchange);
  const guards = exchange.route.hooks?.preHandler;
  if (guards === undefined) return answerConditionally(exchange);
  // Authorization before anything else is answered: a 304 or a 412 would tell an unauthorised
  // client about the resource, and a body is not read for a request that will be refused.
  return andThen(runHooks(guards, context), afterGuards, exchange);
}

/** Writes what a `preHandler` hook answered, or goes on when none did. */
function afterGuards(exchange: Exchange, answer: ResponseEntity | void): MaybePromise<void> {
  if (answer === undefined) return answerConditionally(exchange);
  if (!(answer instanceof ResponseEntity)) throw new TypeError('A preHandler hook answers with a ResponseEntity, throws an HttpError, or returns nothing');
  return writeResult(exchange, answer);
}

/**
 * Answers preconditions from the route's `.etag()` hook, or from its GET route's when it has none
 * and the request is unsafe; then reads the body and runs the handler.
 */
function answerConditionally(exchange: Exchange): MaybePromise<void> {
  const { route, request, context } = exchange;
  const hook = route.options.etag as Hook | undefined;
  if (hook !== undefined) return andThen(hook(context), answerFromHook, exchange);
  if (!isGetOrHead(request.method) && hasPreconditions(request.method, request.headers)) {
    // No hook: ask the resource's GET route for its current validators, before anything changes.
    return andThen(evaluateAgainstGet(exchange), readBodyAndHandle, exchange);
  }
  return readBodyAndHandle(exchange);
}

/**
 * Answers the preconditions with the hook's validators, and keeps them for the handler
 * (`ctx.validators`) and the 200. GET and HEAD compare the tag of the representation the response
 * will be written in; other methods compare the resource's version whatever representation the
 * client's tag came from.
 */
function answerFromHook(exchange: Exchange, answer: ValidatorSource): MaybePromise<void> {
  const { request, route } = exchange;
  const conditional = hasPreconditions(request.method, request.headers);
  if (!isGetOrHead(request.method)) {
    const versions = versionValidators(answer, representationNames(exchange.candidates));
    if (conditional) answerPreconditions(exchange, versions, versions.length > 0);
    exchange.validators = currentValidators(answer, undefined, conditional);
    return readBodyAndHandle(exchange);
  }
  // The handler has not run: the representation is that of the kind of value the route answers with.
  const representation = exchange.representation();
  const validators = toValidators(answer, representation.tagName);
  // No such resource: a GET's answer is the handler's (a 404), and preconditions do not apply to
  // an answer that would not be a success (RFC 9110 section 13.2.1).
  const checked = conditional && validators !== undefined;
  if (checked && answerPreconditions(exchange, validators) === 'not-modified') {
    const headers = presetHeaders(exchange.outgoing);
    if (validators.etag !== undefined) headers.etag = validators.etag;
    const finishing = { method: request.method, policy: route.cachePolicy, now: exchange.now, varies: representation.varies, varyFields: route.varyFields, surrogateKeys: surrogateKeyLines(exchange) };
    return send(exchange.outgoing, 304, finaliseHeaders('not-modified', headers, finishing), undefined);
  }
  exchange.validators = currentValidators(answer, representation.tagName, checked);
  return readBodyAndHandle(exchange);
}

function readBodyAndHandle(exchange: Exchange): MaybePromise<void> {
  if (exchange.route.body === undefined) return handleOnce(exchange);
  const reading = bodyChannel.hasSubscribers ? Promise.resolve(traceStep(bodyChannel, stepMessage(exchange), () => readRequestBody(exchange))) : readRequestBody(exchange);
  return reading.then((body) => {
    (exchange.context as { body: unknown }).body = body;
    return body instanceof MultipartParts ? handleWhileReading(exchange, body) : handleOnce(exchange);
  });
}

/** Runs the handler, once per `Idempotency-Key` when the route opted in and the request carries one. */
function handleOnce(exchange: Exchange): MaybePromise<void> {
  const key = exchange.idempotencyKey;
  if (key === undefined) return handle(exchange);
  // Timed out while the body arrived: the key is not claimed for a request that will not be processed.
  if (exchange.outgoing.headersSent) return;
  return processOnce(exchange, key, exchange.requestBytes, () => handle(exchange));
}

/**
 * Runs the handler of a body it reads as it arrives (`.body(MultipartParts)`): its answer is
 * written once the rest of the body has been read (the parts it left thrown away), or, when the
 * body failed (a limit passed, the client left, a part malformed), that failure is answered
 * instead, before anything of the response is sent, whatever the handler made of it.
 */
async function handleWhileReading(exchange: Exchange, parts: MultipartParts): Promise<void> {
  let value: unknown;
  try {
    // Timed out while the parts were handed on: the body is not wanted any more.
    if (exchange.outgoing.headersSent) return await parts.abandon();
    value = await callHandler(exchange);
  } catch (error) {
    await parts.abandon();
    throw error;
  }
  await parts.settle();
  return writeResult(exchange, value);
}

function handle(exchange: Exchange): MaybePromise<void> {
  // The time limit answered (503/504) while the hook worked or the body arrived: the client was
  // told the request was not carried out, so the handler must not carry it out now.
  if (exchange.outgoing.headersSent) return;
  return andThen(callHandler(exchange), writeResult, exchange);
}

/** Calls the route's handler with its context, under the `represent:handler` channel. */
function callHandler(exchange: Exchange): MaybePromise<unknown> {
  if (!handlerChannel.hasSubscribers) return exchange.route.handler(exchange.context);
  return traceStep(handlerChannel, stepMessage(exchange), () => exchange.route.handler(exchange.context));
}

/** What the route's steps publish: the request, the route as declared, the handler's context. */
function stepMessage(exchange: Exchange): RouteStepMessage {
  return { request: exchange.incoming, response: exchange.outgoing, route: exchange.route.declared, context: exchange.context };
}

function writeResult(exchange: Exchange, value: unknown): MaybePromise<void> {
  const result = toResult(value);
  const res = exchange.outgoing;
  // Timed out, client gone, or the handler wrote the response itself.
  if (exchange.aborted || res.headersSent || res.writableEnded) {
    // A stream nobody will read is stopped, so that what it holds is released.
    if (isStreamBody(result.body)) streamSourceOf(result.body).cancel(new Error('The request was cancelled'));
    return;
  }
  // A stream is written as it comes (Readable, ReadableStream, async iterable, event stream).
  if (isStreamBody(result.body)) return writeStream(exchange, result, result.body);
  return writeRepresentation(exchange, result);
}
