import { BadRequest } from '../errors/http-error';
import { unsupportedMediaType } from '../errors/negotiation-errors';
import { hasRepeatedContentType } from '../http/content-type-field';
import { ProblemType } from '../errors/problem-types';
import { isFormType } from '../routing/route-compilation';
import { validateWithSchema } from '../schema-validation';
import { bodyReadBefore, readRawBody } from './body-reader';
import type { Exchange } from './exchange';

/**
 * Reads the request body into what the route declared: the first converter in order that can read
 * the declared kind from the Content-Type reads it (none: 415 listing what is accepted), then the
 * route's schema, if any, validates it (400 listing each failing field). The handler is never
 * called with a body that did not read or validate.
 */
export async function readRequestBody(exchange: Exchange): Promise<unknown> {
  const { incoming: req, request, route } = exchange;
  const { registry, bodyKind, bodySchema, bodyShape } = route;
  if (hasRepeatedContentType(req.rawHeaders)) {
    throw new BadRequest('The request has more than one Content-Type field line', { type: ProblemType.invalidRequestHeader });
  }
  const contentType = request.contentType;
  const formRefused = bodyKind === 'object' && !route.formObjects && contentType !== undefined && isFormType(contentType);
  const converter = contentType === undefined || formRefused ? undefined : registry.findReader(bodyKind, contentType);
  if (converter === undefined || contentType === undefined) throw unsupportedMediaType(request, route.readableTypes);
  // Read already by a body parser the app mounted before the router: what it read is the body.
  const { body: raw, mediaType } = req.readableEnded
    ? bodyReadBefore(req, contentType, route.bodyLimit)
    : { body: await readRawBody(req, route.bodyLimit), mediaType: contentType };
  const value = await converter.read(raw, { mediaType, kind: bodyKind, maxDepth: route.maxDepth, ...(bodyShape !== undefined && { shape: bodyShape }) });
  return bodySchema === undefined ? value : validateWithSchema(bodySchema, value);
}
