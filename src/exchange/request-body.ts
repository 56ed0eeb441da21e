import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { BodyConverter } from '../converters/body-converter';
import { MultipartParts } from '../converters/multipart/multipart-parts';
import { BadRequest } from '../errors/http-error';
import { unsupportedMediaType } from '../errors/negotiation-errors';
import { hasRepeatedContentType } from '../http/content-type-field';
import type { MediaType } from '../http/media-type';
import { ProblemType } from '../errors/problem-types';
import { isFormType } from '../routing/route-compilation';
import { validateWithSchema } from '../schema-validation';
import { bodyFailure, bodyReadBefore, discard, openRawBody, readRawBody } from './body-reader';
import type { Exchange } from './exchange';

/**
 * Reads the request body into what the route declared: the first converter in order that can read
 * the declared kind from the Content-Type reads it (none: 415 listing what is accepted), then the
 * route's schema, if any, validates it (400 listing each failing field). The handler is never
 * called with a body that did not read or validate.
 */
export async function readRequestBody(exchange: Exchange): Promise<unknown> {
  const { incoming: req, request, route } = exchange;
  const { registry, bodyKind, bodySchema } = route;
  if (hasRepeatedContentType(req.rawHeaders)) {
    throw new BadRequest('The request has more than one Content-Type field line', { type: ProblemType.invalidRequestHeader });
  }
  const contentType = request.contentType;
  const formRefused = bodyKind === 'object' && !route.formObjects && contentType !== undefined && isFormType(contentType);
  const converter = contentType === undefined || formRefused ? undefined : registry.findReader(bodyKind, contentType);
  if (converter === undefined || contentType === undefined) throw unsupportedMediaType(request, route.readableTypes);
  const value = converter.readStream === undefined
      ? await readWhole(exchange, converter, contentType)
      : await readStreamed(exchange, (body, options) => converter.readStream!(body, options), contentType);
  return bodySchema === undefined ? value : validateWithSchema(bodySchema, value);
}

/** Reads the whole body into memory, then converts it. */
async function readWhole(exchange: Exchange, converter: BodyConverter, contentType: MediaType): Promise<unknown> {
  const { incoming: req, route } = exchange;
  // Read already by a body parser the app mounted before the router: what it read is the body.
  const { body: raw, mediaType } = req.readableEnded
    ? bodyReadBefore(req, contentType, route.bodyLimit)
    : { body: await readRawBody(req, route.bodyLimit), mediaType: contentType };
  // A keyed request's fingerprint covers its body's bytes (draft-ietf-httpapi-idempotency-key-header section 2.2).
  if (exchange.idempotencyKey !== undefined) exchange.requestBytes = raw;
  return converter.read(raw, { mediaType, kind: route.bodyKind, maxDepth: route.maxDepth, maxStructures: route.maxStructures, ...(route.bodyShape !== undefined && { shape: route.bodyShape }) });
}

/**
 * Hands the body to a converter that reads it as it arrives (uploads), with the route's limit and
 * a way to clean up after the response. When the converter refuses the body before its end (a
 * limit passed, a malformed part), the rest is thrown away unread (RFC 9110 section 15.5.14: the
 * 413 goes out while the client may still be sending).
 */
async function readStreamed(exchange: Exchange, readStream: NonNullable<BodyConverter['readStream']>, contentType: MediaType): Promise<unknown> {
  const { incoming: req, outgoing: res, route } = exchange;
  const limit = route.bodyLimit;
  // A route that reads the parts as they arrive gets them before the body's end: what fails later is refused as here.
  const handOn = route.body === MultipartParts ? { refine: (error: unknown) => refused(req, error, limit) } : undefined;
  const options = { kind: route.bodyKind, maxDepth: route.maxDepth, maxStructures: route.maxStructures, limit, afterResponse: (task: () => Promise<void>) => afterResponse(res, task), ...(handOn !== undefined && { handOn }) };
  if (req.readableEnded) {
    const { body, mediaType } = bodyReadBefore(req, contentType, limit);
    if (exchange.idempotencyKey !== undefined) exchange.requestBytes = body;
    return readStream(Readable.from([body]), { ...options, mediaType });
  }
  if (exchange.idempotencyKey !== undefined) {
    // A keyed request's fingerprint covers its body's bytes: read whole (within the limit), then handed on.
    const raw = await readRawBody(req, limit);
    exchange.requestBytes = raw;
    return readStream(Readable.from([raw]), { ...options, mediaType: contentType });
  }
  const source = openRawBody(req, limit);
  try {
    return await readStream(source, { ...options, mediaType: contentType });
  } catch (error) {
    throw refused(req, error, limit);
  }
}

/** What a failure while reading a body is answered with ({@link bodyFailure}), the rest of the body thrown away unless it had all come. */
function refused(req: Exchange['incoming'], error: unknown, limit: number): unknown {
  const failure = bodyFailure(req, error, limit);
  if (failure === error && !req.complete) discard(req);
  return failure;
}

/** Runs `task` once the response is sent or the connection is gone (node's `close`, after either). */
function afterResponse(res: ServerResponse, task: () => Promise<void>): void {
  const run = (): void => void task().catch(() => {});
  if (res.closed) run();
  else res.once('close', run);
}
