/**
 * The stable `type` URIs of the problems the library itself answers with. Clients may switch on
 * them; they never change once published.
 */
export const ProblemType = {
  methodNotAllowed: 'urn:represent:problem:method-not-allowed',
  notAcceptable: 'urn:represent:problem:not-acceptable',
  unsupportedMediaType: 'urn:represent:problem:unsupported-media-type',
  unsupportedContentCoding: 'urn:represent:problem:unsupported-content-coding',
  /** 501: the request body came in a transfer coding other than `chunked` (RFC 9112 section 6.1). */
  unsupportedTransferCoding: 'urn:represent:problem:unsupported-transfer-coding',
  unmetParameterCondition: 'urn:represent:problem:unmet-parameter-condition',
  unmetHeaderCondition: 'urn:represent:problem:unmet-header-condition',
  missingQueryParameter: 'urn:represent:problem:missing-query-parameter',
  invalidQueryParameter: 'urn:represent:problem:invalid-query-parameter',
  missingRequestHeader: 'urn:represent:problem:missing-request-header',
  invalidRequestHeader: 'urn:represent:problem:invalid-request-header',
  /** 400: Host missing from an HTTP/1.1 request, sent twice, empty or not `host[:port]` (RFC 9112 section 3.2). */
  invalidHost: 'urn:represent:problem:invalid-host',
  missingMatrixVariable: 'urn:represent:problem:missing-matrix-variable',
  invalidMatrixVariable: 'urn:represent:problem:invalid-matrix-variable',
  /** 400: more than one query parameter, request header or matrix variable is missing or invalid; `errors` lists each. */
  invalidParameters: 'urn:represent:problem:invalid-parameters',
  malformedPath: 'urn:represent:problem:malformed-path',
  malformedBody: 'urn:represent:problem:malformed-body',
  invalidBody: 'urn:represent:problem:invalid-body',
  bodyTooLarge: 'urn:represent:problem:body-too-large',
  preconditionFailed: 'urn:represent:problem:precondition-failed',
  timeout: 'urn:represent:problem:timeout',
  /** 504 from the cache: the request said `only-if-cached` and no stored response may answer it. */
  notCached: 'urn:represent:problem:not-cached',
  internal: 'urn:represent:problem:internal-error',
} as const;

export type ProblemTypeUri = (typeof ProblemType)[keyof typeof ProblemType];
