/**
 * The stable `type` URIs of the problems the library itself answers with. Clients may switch on
 * them; they never change once published.
 */
export const ProblemType = {
  /** 405: the resource does not answer this method; `Allow` lists those it does (RFC 9110 section 15.5.6). */
  methodNotAllowed: 'urn:represent:problem:method-not-allowed',
  /** 406: no representation the route produces matches `Accept` (RFC 9110 section 15.5.7). */
  notAcceptable: 'urn:represent:problem:not-acceptable',
  /** 415: the request body's `Content-Type` is not one the route consumes (RFC 9110 section 15.5.16). */
  unsupportedMediaType: 'urn:represent:problem:unsupported-media-type',
  /** 415: the request body's `Content-Encoding` cannot be decoded; `Accept-Encoding` says what can (RFC 9110 section 15.5.16). */
  unsupportedContentCoding: 'urn:represent:problem:unsupported-content-coding',
  /** 501: the request body came in a transfer coding other than `chunked` (RFC 9112 section 6.1). */
  unsupportedTransferCoding: 'urn:represent:problem:unsupported-transfer-coding',
  /** 400: no route's `params` condition (such as `mode=edit`) matches the query; `conditions` lists them. */
  unmetParameterCondition: 'urn:represent:problem:unmet-parameter-condition',
  /** 404: no route's `headers` condition matches the request headers. */
  unmetHeaderCondition: 'urn:represent:problem:unmet-header-condition',
  /** 400: a required query parameter is absent. */
  missingQueryParameter: 'urn:represent:problem:missing-query-parameter',
  /** 400: a query parameter does not convert to its declared type. */
  invalidQueryParameter: 'urn:represent:problem:invalid-query-parameter',
  /** 400: a required request header is absent. */
  missingRequestHeader: 'urn:represent:problem:missing-request-header',
  /** 400: a request header does not convert to its declared type. */
  invalidRequestHeader: 'urn:represent:problem:invalid-request-header',
  /** 400: Host missing from an HTTP/1.1 request, sent twice, empty or not `host[:port]` (RFC 9112 section 3.2). */
  invalidHost: 'urn:represent:problem:invalid-host',
  /** 400: a required cookie (RFC 6265 section 5.4) is absent. */
  missingCookie: 'urn:represent:problem:missing-cookie',
  /** 400: a cookie does not convert to its declared type. */
  invalidCookie: 'urn:represent:problem:invalid-cookie',
  /** 431: the Cookie field holds more cookies than the router's `maxCookies`; `maxCookies` says how many it may (RFC 6585 section 5). */
  tooManyCookies: 'urn:represent:problem:too-many-cookies',
  /** 400: a required matrix variable (`;name=value` in a path segment) is absent. */
  missingMatrixVariable: 'urn:represent:problem:missing-matrix-variable',
  /** 400: a matrix variable does not convert to its declared type. */
  invalidMatrixVariable: 'urn:represent:problem:invalid-matrix-variable',
  /** 400: more than one query parameter, request header, cookie or matrix variable is missing or invalid; `errors` lists each. */
  invalidParameters: 'urn:represent:problem:invalid-parameters',
  /** 400: the path holds a percent-encoding that does not decode (RFC 3986 section 2.1). */
  malformedPath: 'urn:represent:problem:malformed-path',
  /** 400: the request body does not parse in its media type (bad JSON, XML, form, ...). */
  malformedBody: 'urn:represent:problem:malformed-body',
  /** 400: the request body parses but fails the route's schema; `errors` lists each field (RFC 9457 section 3). */
  invalidBody: 'urn:represent:problem:invalid-body',
  /** 413: the request body is larger than the route's limit (RFC 9110 section 15.5.14). */
  bodyTooLarge: 'urn:represent:problem:body-too-large',
  /** 416: no range of the Range header overlaps the representation; `Content-Range: bytes *\/length` gives its length (RFC 9110 section 15.5.17). */
  rangeNotSatisfiable: 'urn:represent:problem:range-not-satisfiable',
  /** 412: `If-Match` or `If-Unmodified-Since` does not hold (RFC 9110 section 13.1). */
  preconditionFailed: 'urn:represent:problem:precondition-failed',
  /** 503 (or the route's status): the handler did not answer within its timeout. */
  timeout: 'urn:represent:problem:timeout',
  /**
   * 503: an event stream the router will not open now: a cap of its `eventStreams` is reached (on
   * the router, the route or the client), or it is closing its streams; `Retry-After` says when to
   * try again (RFC 9110 section 10.2.3), `limit` names the cap.
   */
  tooManyStreams: 'urn:represent:problem:too-many-streams',
  /**
   * 409: a request with the same `Idempotency-Key` is still being processed; retry once it has been
   * answered (draft-ietf-httpapi-idempotency-key-header section 2.7).
   */
  idempotencyKeyInUse: 'urn:represent:problem:idempotency-key-in-use',
  /** 422: the `Idempotency-Key` was used before for a request with other content (method, target, Content-Type or body). */
  idempotencyKeyReused: 'urn:represent:problem:idempotency-key-reused',
  /** 503: the store of idempotency keys cannot be reached, so the request was not processed; `Retry-After` says when to try again. */
  idempotencyUnavailable: 'urn:represent:problem:idempotency-unavailable',
  /** 504 from the cache: the request said `only-if-cached` and no stored response may answer it. */
  notCached: 'urn:represent:problem:not-cached',
  /** 500: the handler threw something that is not an `HttpError`; no details are sent. */
  internal: 'urn:represent:problem:internal-error',
} as const;
