import type { IncomingMessage } from 'node:http';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { RequestInfo } from '../src/conditions/request-info';
import { HttpError, UnsupportedMediaType } from '../src/errors/http-error';
import { ProblemType } from '../src/errors/problem-types';
import { formatMediaType } from '../src/http/media-type';
import type { CompiledRoute } from '../src/routing/route';
import { isFormType } from '../src/routing/route-compilation';
import { readRawBody } from './body-reader';

/** One failing field of an invalid body: a JSON Pointer (RFC 6901) and what is wrong. */
export interface FieldError {
  readonly pointer: string;
  readonly detail: string;
}

function pointerOf(path: StandardSchemaV1.Issue['path']): string {
  if (path === undefined || path.length === 0) return '';
  return path
    .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
    .map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)
    .join('');
}

/** Validates a body with its schema; a failure is a 400 listing each failing field (RFC 9457 section 3's `errors` example). */
export async function validateBody(schema: StandardSchemaV1, value: unknown): Promise<unknown> {
  const result = await schema['~standard'].validate(value);
  if (result.issues === undefined) return result.value;
  const errors: FieldError[] = result.issues.map((issue) => ({ pointer: pointerOf(issue.path), detail: issue.message }));
  const summary = errors.map((e) => (e.pointer === '' ? e.detail : `${e.pointer}: ${e.detail}`)).join('; ');
  throw new HttpError(400, `The request body is invalid: ${summary}`, { type: ProblemType.invalidBody, extensions: { errors } });
}

function unsupported(request: RequestInfo, accepted: readonly string[]): UnsupportedMediaType {
  const sent = request.contentType === undefined ? `'${String(request.headers['content-type'])}' (not a valid media type)` : `'${formatMediaType(request.contentType)}'`;
  const headers: Record<string, string> = {};
  if (request.method === 'POST') headers['Accept-Post'] = accepted.join(', ');
  if (request.method === 'PATCH') headers['Accept-Patch'] = accepted.join(', ');
  return new UnsupportedMediaType(`Content-Type ${sent} is not supported; supported: ${accepted.join(', ')}`, {
    type: ProblemType.unsupportedMediaType,
    headers,
    extensions: { supported: accepted },
  });
}

/**
 * Reads the request body into what the route declared: the first converter in order that can read
 * the declared kind from the Content-Type reads it (none: 415 listing what is accepted), then the
 * route's schema, if any, validates it (400 listing each failing field). The handler is never
 * called with a body that did not read or validate.
 */
export async function readRequestBody(req: IncomingMessage, request: RequestInfo, route: CompiledRoute): Promise<unknown> {
  const { registry, bodyKind, bodySchema, bodyShape } = route;
  const contentType = request.contentType;
  const formRefused = bodyKind === 'object' && !route.formObjects && contentType !== undefined && isFormType(contentType);
  const converter = contentType === undefined || formRefused ? undefined : registry.findReader(bodyKind, contentType);
  if (converter === undefined || contentType === undefined) throw unsupported(request, route.readableTypes);
  const raw = await readRawBody(req, route.bodyLimit);
  const value = await converter.read(raw, { mediaType: contentType, kind: bodyKind, maxDepth: route.maxDepth, ...(bodyShape !== undefined && { shape: bodyShape }) });
  return bodySchema === undefined ? value : validateBody(bodySchema, value);
}
