import { type PathContext, conditionalParameters, notModifiedResponse, partialContentResponse } from './caching-headers';
import type { OperationObject, ParameterObject, ResponseObject, ReferenceObject } from './openapi-types';
import { operationParameters } from './parameters';
import { declaredProblem, operationProblems } from './problem-responses';
import { requestBody } from './request-body';
import type { RouteFacts } from './route-facts';
import type { SchemaComponents } from './schema-components';
import { operationSecurity } from './security';
import { successResponses } from './success-response';

/** The variants of an operation whose routes differ by conditions or media types, as Markdown. */
function variantsText(routes: readonly RouteFacts[]): string | undefined {
  const conditional = routes.some((facts) => facts.params.length > 0 || facts.headers.length > 0);
  if (routes.length === 1 && !conditional) return undefined;
  const lines = routes.map((facts) => `- \`${facts.description}\`${facts.metadata.summary === undefined ? '' : `: ${facts.metadata.summary}`}`);
  const lead = routes.length === 1 ? 'This operation exists only for requests that meet its conditions:' : `${routes.length} routes answer this operation, chosen by the request:`;
  return [lead, ...lines].join('\n');
}

/**
 * One operation: a method on a path, answered by one route or by several that differ in their
 * params, headers, consumes or produces conditions (one per patch type, say). Their parameters,
 * bodies and responses merge; their conditions are listed in the description and in `x-routes`.
 */
/** The answers the routes declare with `.responds(status, description)`: a problem from 400 on. */
function declaredResponses(routes: readonly RouteFacts[]): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  for (const facts of routes) {
    for (const [status, description] of Object.entries(facts.metadata.responses ?? {})) {
      responses[status] ??= Number(status) >= 400 ? declaredProblem(description) : { description };
    }
  }
  return responses;
}

export function operation(
  routes: readonly RouteFacts[],
  method: string,
  operationId: string,
  schemas: SchemaComponents,
  path: PathContext,
  otherMethods: boolean,
): OperationObject {
  const first = (pick: (facts: RouteFacts) => string | undefined): string | undefined => routes.map(pick).find((value) => value !== undefined);
  const summary = first((facts) => facts.metadata.summary);
  // Each route's own description (one per body type, say), then how the request chooses among them.
  const descriptions = [...new Set(routes.map((facts) => facts.metadata.description).filter((text) => text !== undefined))];
  const description = [...descriptions, variantsText(routes)].filter(Boolean).join('\n\n');
  const tags = [...new Set(routes.flatMap((facts) => facts.metadata.tags ?? []))];
  const body = requestBody(routes, schemas);
  const notModified = notModifiedResponse(routes, method);
  const partial = partialContentResponse(routes, method);
  // A route that never succeeds (`.neverSucceeds()`: it exists to answer 404 or 405 itself) has no success to describe.
  const succeeds = routes.some((facts) => facts.metadata.succeeds !== false);
  const responses: Record<string, ResponseObject | ReferenceObject> = {
    ...(succeeds && successResponses(routes, method, schemas)),
    ...(partial !== undefined && { '206': partial }),
    ...(notModified !== undefined && { '304': notModified }),
    ...operationProblems(routes, method, path, otherMethods),
    ...declaredResponses(routes),
  };
  const parameters = [...operationParameters(routes, path.table), ...conditionalParameters(routes, method, path), ...idempotencyParameters(routes)];
  const security = operationSecurity(routes, method);
  return {
    operationId,
    ...(summary !== undefined && { summary }),
    ...(description !== '' && { description }),
    ...(tags.length > 0 && { tags }),
    ...(routes.every((facts) => facts.metadata.deprecated === true) && { deprecated: true }),
    ...(parameters.length > 0 && { parameters }),
    ...(body !== undefined && { requestBody: body }),
    responses,
    ...(security !== undefined && { security }),
    'x-routes': routes.map((facts) => facts.description),
  };
}

/**
 * The `Idempotency-Key` request field of an operation whose routes process it once
 * (draft-ietf-httpapi-idempotency-key-header section 2): optional, a Structured Field String.
 */
function idempotencyParameters(routes: readonly RouteFacts[]): ParameterObject[] {
  if (!routes.some((facts) => facts.idempotent)) return [];
  return [{
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: 'A key of the client\'s (a UUID, in double quotes: `"8e03978e-40d5-43e8-bc93-6894a57f9324"`): a retry with the same key and content is replayed the first answer instead of being processed again.',
    schema: { type: 'string', pattern: '^"([\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\["\\\\])+"$' },
  }];
}
