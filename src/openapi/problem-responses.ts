import type { JsonSchema, ReferenceObject, ResponseObject } from './openapi-types';
import type { RouteFacts } from './route-facts';

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
      xml: { wrapped: false },
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
  /** Whether routes with these facts may answer it. */
  readonly applies: (facts: RouteFacts, method: string) => boolean;
}

const hasPlaceholder = (facts: RouteFacts): boolean => facts.segments.some((segment) => segment.kind !== 'literal');

/** Each problem the library answers on a route's behalf, and when (RFC 9110 section 15). */
const PROBLEM_STATUSES: readonly ProblemStatus[] = [
  {
    status: '400',
    name: 'BadRequest',
    description: 'A query parameter, header or matrix variable is missing or invalid, a params condition is unmet, or the body does not parse or fails its schema (`errors` lists each).',
    applies: (facts) => facts.bindings.length > 0 || facts.params.length > 0 || facts.hasBody,
  },
  {
    status: '404',
    name: 'NotFound',
    description: 'No such resource, or no route matches the request (a placeholder outside its pattern, an unmet headers condition).',
    applies: (facts) => hasPlaceholder(facts) || facts.headers.length > 0,
  },
  {
    status: '406',
    name: 'NotAcceptable',
    description: 'None of the representations the route produces is acceptable to `Accept` (RFC 9110 section 15.5.7).',
    applies: (facts) => facts.declaresProduces || facts.returns !== undefined,
  },
  {
    status: '412',
    name: 'PreconditionFailed',
    description: '`If-Match`, `If-None-Match` or `If-Unmodified-Since` does not hold for the current representation (RFC 9110 section 13.1).',
    applies: (facts) => facts.hasValidators,
  },
  {
    status: '413',
    name: 'ContentTooLarge',
    description: 'The request body is larger than the route accepts (RFC 9110 section 15.5.14).',
    applies: (facts) => facts.hasBody,
  },
  {
    status: '415',
    name: 'UnsupportedMediaType',
    description: 'The body\'s `Content-Type` (or `Content-Encoding`) is not one the route reads (RFC 9110 section 15.5.16).',
    applies: (facts) => facts.hasBody || facts.declaresConsumes,
  },
  {
    status: '503',
    name: 'ServiceUnavailable',
    description: 'The route did not answer within its time limit (RFC 9110 section 15.6.4).',
    applies: (facts) => facts.timeoutStatus === 503,
  },
  {
    status: '504',
    name: 'GatewayTimeout',
    description: 'An upstream the route waits on did not answer within its time limit (RFC 9110 section 15.6.5).',
    applies: (facts) => facts.timeoutStatus === 504,
  },
];

/**
 * 405 is no answer of an operation: it is what a path answers for a method none of its routes
 * takes. It is described once, and each path item names it (`x-method-not-allowed`).
 */
export const METHOD_NOT_ALLOWED = {
  name: 'MethodNotAllowed',
  description: 'The path exists, but not for this method: `Allow` lists the methods it answers (RFC 9110 section 15.5.6).',
} as const;

function problemResponse(description: string, headers?: ResponseObject['headers']): ResponseObject {
  const schema = { $ref: `#/components/schemas/${PROBLEM_SCHEMA}` };
  return {
    description,
    ...(headers !== undefined && { headers }),
    content: { 'application/problem+json': { schema }, 'application/problem+xml': { schema } },
  };
}

/** The shared problem responses of `components.responses`, by name. */
export function problemResponses(): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  for (const problem of PROBLEM_STATUSES) responses[problem.name] = problemResponse(problem.description);
  responses[METHOD_NOT_ALLOWED.name] = problemResponse(METHOD_NOT_ALLOWED.description, {
    Allow: { description: 'The methods the path answers.', required: true, schema: { type: 'string' } },
  });
  return responses;
}

/** The problem responses an operation may give, by status: those any of its routes may answer. */
export function operationProblems(routes: readonly RouteFacts[], method: string): Record<string, ReferenceObject> {
  const result: Record<string, ReferenceObject> = {};
  for (const problem of PROBLEM_STATUSES) {
    if (routes.some((facts) => problem.applies(facts, method))) result[problem.status] = { $ref: `#/components/responses/${problem.name}` };
  }
  return result;
}
