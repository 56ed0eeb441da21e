import type { IncomingMessage } from 'node:http';
import type { RequestInfo } from '../src/conditions/request-info';
import { BadRequest } from '../src/errors/http-error';
import { unsupportedMediaType } from '../src/errors/negotiation-errors';
import { ProblemType } from '../src/errors/problem-types';
import type { CompiledRoute } from '../src/routing/route';
import { isFormType } from '../src/routing/route-compilation';
import { validateWithSchema } from '../src/schema-validation';
import { bodyReadBefore, readRawBody } from './body-reader';

/**
 * Whether Content-Type came in more than one field line, which it may not (RFC 9110 section 5.3):
 * node keeps the first and drops the others, where another hop may have read the last, so the body
 * would be read as a type the sender may not have meant.
 */
function hasRepeatedContentType(rawHeaders: readonly string[]): boolean {
  let seen = false;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length !== 12 || name.toLowerCase() !== 'content-type') continue;
    if (seen) return true;
    seen = true;
  }
  return false;
}

/**
 * Reads the request body into what the route declared: the first converter in order that can read
 * the declared kind from the Content-Type reads it (none: 415 listing what is accepted), then the
 * route's schema, if any, validates it (400 listing each failing field). The handler is never
 * called with a body that did not read or validate.
 */
export async function readRequestBody(req: IncomingMessage, request: RequestInfo, route: CompiledRoute): Promise<unknown> {
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
