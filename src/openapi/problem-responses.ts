import type { JsonSchema, ReferenceObject, ResponseObject } from './openapi-types';
import { type PathContext, evaluatesPreconditions, servesRanges } from './caching-headers';
import type { RouteFacts } from './route-facts';
import { securedFor } from './security';

/** The name of the shared problem schema in `components.schemas`. */
export const PROBLEM_SCHEMA = 'Problem';

/**
 * RFC 9457 section 3: the members of a problem document, as the library writes them (type, title,
 * status, detail, instance, and extension members such as `errors`), in JSON and, with the XML
 * names of Appendix B, as `<problem xmlns="urn:ietf:rfc:7807">`.
 */
export const problemSchema: JsonSchema = {
  type: 'object',
  description: 'An RFC 9457 problem document: application/problem+json, or application/problem+xml (RFC 9457 Appendix B).',
  properties: {
    type: { type: 'string', format: 'uri-reference', description: 'The problem type URI (RFC 9457 section 3.1.1).' },
    title: { type: 'string', description: 'A short summary of the problem type (RFC 9457 section 3.1.3).' },
    status: { type: 'integer', minimum: 100, maximum: 599, description: 'The HTTP status code (RFC 9457 section 3.1.2).' },
    detail: { type: 'string', description: 'What went wrong with this request (RFC 9457 section 3.1.4).' },
    instance: { type: 'string', format: 'uri-reference', description: 'The request URI (RFC 9457 section 3.1.5).' },
    errors: {
      type: 'array',
      description: 'Each invalid parameter or body member (RFC 9457 section 3.2).',
      items: { type: 'object', additionalProperties: true, xml: { name: 'i' } },
      // Written as `<errors><i>...</i><i>...</i></errors>` (RFC 9457 Appendix B: arrays are wrapped).
      xml: { name: 'errors', wrapped: true },
    },
  },
  required: ['type', 'title', 'status'],
  additionalProperties: true,
  xml: { name: 'problem', namespace: 'urn:ietf:rfc:7807' },
};

/** A problem status an operation may answer, with its component name and why. */
interface ProblemStatus {
  readonly status: string;
  readonly name: string;
  readonly description: string;
  /** The headers it carries. */
  readonly headers?: ResponseObject['headers'];
  /** Whether an operation answered by these routes may answer it. */
  readonly applies: (routes: readonly RouteFacts[], method: string, path: PathContext) => boolean;
}

/** Whether any of the routes has the fact. */
const any = (test: (facts: RouteFacts, method: string) => boolean) => (routes: readonly RouteFacts[], method: string) => routes.some((facts) => test(facts, method));

const hasPlaceholder = (facts: RouteFacts): boolean => facts.segments.some((segment) => segment.kind !== 'literal');

/** Each problem the library answers on a route's behalf, and when (RFC 9110 section 15). */
const PROBLEM_STATUSES: readonly ProblemStatus[] = [
  {
    status: '400',
    name: 'BadRequest',
    description:
      'A query parameter, header or matrix variable is missing or invalid, a params condition is unmet, the body does not parse or fails its schema (`errors` lists each), or the credentials are malformed (RFC 6750 section 3.1, `invalid_request`).',
    applies: any((facts, method) => facts.bindings.length > 0 || facts.params.length > 0 || facts.hasBody || facts.idempotent || securedFor(facts, method)),
  },
  {
    status: '401',
    name: 'Unauthorized',
    description: 'The request has no valid credentials for the security scheme the operation requires (RFC 9110 section 15.5.2).',
    headers: { 'WWW-Authenticate': { description: 'The challenge: how to authenticate (RFC 9110 section 11.6.1).', required: true, schema: { type: 'string' } } },
    applies: any(securedFor),
  },
  {
    status: '403',
    name: 'Forbidden',
    description: 'The credentials are valid but do not allow this request (RFC 9110 section 15.5.4; RFC 6750 `insufficient_scope`).',
    applies: any(securedFor),
  },
  {
    status: '404',
    name: 'NotFound',
    description: 'No such resource, or no route matches the request (a placeholder outside its pattern, an unmet headers condition).',
    applies: any((facts) => hasPlaceholder(facts) || facts.headers.length > 0),
  },
  {
    status: '406',
    name: 'NotAcceptable',
    description: 'None of the representations the route produces is acceptable to `Accept` (RFC 9110 section 15.5.7).',
    applies: any((facts) => facts.declaresProduces || facts.returns !== undefined),
  },
  {
    status: '409',
    name: 'IdempotencyKeyInUse',
    description: 'A request with the same `Idempotency-Key` is still being processed; retry after `Retry-After` (draft-ietf-httpapi-idempotency-key-header section 2.7).',
    applies: any((facts) => facts.idempotent),
  },
  {
    status: '412',
    name: 'PreconditionFailed',
    description: '`If-Match`, `If-None-Match` or `If-Unmodified-Since` does not hold for the current representation (RFC 9110 section 13.1).',
    applies: evaluatesPreconditions,
  },
  {
    status: '413',
    name: 'ContentTooLarge',
    description: 'The request body is larger than the route accepts (RFC 9110 section 15.5.14).',
    applies: any((facts) => facts.hasBody),
  },
  {
    status: '415',
    name: 'UnsupportedMediaType',
    description: 'The body\'s `Content-Type` (or `Content-Encoding`) is not one the route reads (RFC 9110 section 15.5.16).',
    applies: any((facts) => facts.hasBody || facts.declaresConsumes),
  },
  {
    status: '416',
    name: 'RangeNotSatisfiable',
    description: 'No range of `Range` overlaps the representation (RFC 9110 section 15.5.17): `Content-Range` gives its length.',
    headers: { 'Content-Range': { description: 'The length of the representation, `bytes */4096` (RFC 9110 section 14.4).', required: true, schema: { type: 'string' } } },
    applies: (routes, method) => servesRanges(routes, method),
  },
  {
    status: '422',
    name: 'UnprocessableContent',
    description: 'The patch document is well-formed but cannot be applied, or its result is not a valid resource (RFC 5789 section 2.2).',
    // A PATCH that is also idempotent is described by this one: one response a status.
    applies: any((facts, method) => method === 'PATCH' && facts.hasBody),
  },
  {
    status: '422',
    name: 'IdempotencyKeyReused',
    description: 'The `Idempotency-Key` was used before for a request with other content (draft-ietf-httpapi-idempotency-key-header section 2.7).',
    applies: (routes, method) => routes.some((facts) => facts.idempotent) && !routes.some((facts) => method === 'PATCH' && facts.hasBody),
  },
  {
    status: '503',
    name: 'ServiceUnavailable',
    description: 'The route did not answer within its time limit (RFC 9110 section 15.6.4).',
    applies: any((facts) => facts.timeoutStatus === 503),
  },
  {
    status: '504',
    name: 'GatewayTimeout',
    description: 'An upstream the route waits on did not answer within its time limit (RFC 9110 section 15.6.5).',
    applies: any((facts) => facts.timeoutStatus === 504),
  },
];

/**
 * 405, what a path answers for a method none of its routes takes (RFC 9110 section 15.5.6): listed
 * on each operation of a path that does not take every method, where tools look for answers.
 */
export const METHOD_NOT_ALLOWED: ProblemStatus = {
  status: '405',
  name: 'MethodNotAllowed',
  description: 'The path exists, but not for the method asked: `Allow` lists the methods it answers (RFC 9110 section 15.5.6).',
  headers: { Allow: { description: 'The methods the path answers.', required: true, schema: { type: 'string' } } },
  applies: () => true,
};

/** Every problem the library describes, by status. */
const EVERY_PROBLEM: readonly ProblemStatus[] = [...PROBLEM_STATUSES, METHOD_NOT_ALLOWED].sort((a, b) => a.status.localeCompare(b.status));

function problemResponse(description: string, headers?: ResponseObject['headers']): ResponseObject {
  const schema = { $ref: `#/components/schemas/${PROBLEM_SCHEMA}` };
  return {
    description,
    ...(headers !== undefined && { headers }),
    content: { 'application/problem+json': { schema }, 'application/problem+xml': { schema } },
  };
}

/** A problem response of the route's own (`.responds(status, description)`), in the shared schema. */
export function declaredProblem(description: string): ResponseObject {
  return problemResponse(description);
}

/** The shared problem responses of `components.responses` that `used` names, by name. */
export function problemResponses(used: ReadonlySet<string>): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  for (const problem of EVERY_PROBLEM) if (used.has(problem.name)) responses[problem.name] = problemResponse(problem.description, problem.headers);
  return responses;
}

/**
 * The problem responses an operation may give, by status: those any of its routes may answer, and
 * 405 when `otherMethods` (its path does not take every method).
 */
export function operationProblems(routes: readonly RouteFacts[], method: string, path: PathContext, otherMethods: boolean): Record<string, ReferenceObject> {
  const result: Record<string, ReferenceObject> = {};
  for (const problem of EVERY_PROBLEM) {
    const applies = problem === METHOD_NOT_ALLOWED ? otherMethods : problem.applies(routes, method, path);
    if (applies) result[problem.status] = { $ref: `#/components/responses/${problem.name}` };
  }
  return result;
}
