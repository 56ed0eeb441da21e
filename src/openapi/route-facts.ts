import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { CompiledBinding } from '../binding/value-binding';
import type { ResponsePolicy } from '../caching/response-policy';
import type { NameValueExpression } from '../conditions/name-value-expression';
import type { BodyKind } from '../converters/body-kind';
import type { HookSecurity } from '../dsl/hooks';
import type { ReturnsDeclaration, RouteMetadata } from '../dsl/route-metadata';
import { formatMediaType } from '../http/media-type';
import type { TemplateSegment } from '../routing/path-template';
import type { Route } from '../routing/route';
import { responsePolicyHeaders } from '../caching/response-policy';
import { chooseRepresentation } from '../exchange/representation';
import { isCacheable } from '../exchange/response-headers';
import { RECORD_TYPES, isEventStreamType, recordStreamOffers } from '../streams/stream-offers';
import { parseMediaType } from '../http/media-type';
import { declaresItems } from '../streams/stream-schema';

/**
 * What an API description needs to know of one route, read from the compiled route in this one
 * file: the rest of src/openapi/ sees only these plain values, so a change to the route's
 * internals is mended here.
 */
export interface RouteFacts {
  /** The methods declared, upper case; empty when the route answers any method (but OPTIONS). */
  readonly methods: readonly string[];
  /** The full path template as declared, the router's prefix included. */
  readonly path: string;
  readonly segments: readonly TemplateSegment[];
  /** The query parameter conditions (`mode=fast`, `!debug`). */
  readonly params: readonly NameValueExpression[];
  /** The request header conditions; header names lower case. */
  readonly headers: readonly NameValueExpression[];
  readonly bindings: readonly CompiledBinding[];
  /** Whether the route declares a body (`.body(...)`). */
  readonly hasBody: boolean;
  readonly bodyKind: BodyKind;
  /** The body's Standard Schema, when it is one. */
  readonly bodySchema: StandardSchemaV1 | undefined;
  /** The media types a body may be sent in (what consumes admits that a converter reads). */
  readonly consumes: readonly string[];
  /** Whether the route declares consumes. */
  readonly declaresConsumes: boolean;
  /** The media types the route declares it produces (ranges included), else those its answer is written as (the kind `.returns()` declares, else an object); in the server's order. */
  readonly produces: readonly string[];
  /** Whether the route declares produces. */
  readonly declaresProduces: boolean;
  /** Whether an answer's representation depends on Accept (`Vary: Accept`). */
  readonly variesByAccept: boolean;
  /** The other request fields its answers depend on (`Cookie` when it binds a cookie), named in Vary. */
  readonly varyFields: readonly string[];
  readonly cachePolicy: ResponsePolicy | undefined;
  /** Whether `.etag()` gives the validators before the handler runs. */
  readonly hasValidators: boolean;
  /**
   * Whether its 200 to a GET carries a validator, and so answers If-None-Match with 304 and
   * If-Match with 412: the `.etag()` hook's, else the strong ETag of the written bytes the
   * pipeline gives every answer a cache may store (RFC 9110 section 8.8.3). Never a stream's.
   */
  readonly validatesGet: boolean;
  /** Whether it answers with a stream (an event stream, NDJSON or JSON Lines): every type it produces is one. */
  readonly streams: boolean;
  /** Whether its answer is bytes of known length, which a GET takes byte ranges of (RFC 9110 section 14: 206, 416, If-Range). */
  readonly servesRanges: boolean;
  readonly bodyLimit: number;
  /** The status a timeout answers, when the route has one. */
  readonly timeoutStatus: 503 | 504 | undefined;
  /** Whether it processes a request with an `Idempotency-Key` once (`.idempotent()`). */
  readonly idempotent: boolean;
  readonly metadata: RouteMetadata;
  readonly returns: ReturnsDeclaration | undefined;
  /** The one-line description of the route (`GET /users/{id} produces: application/json`). */
  readonly description: string;
  /** The security schemes its hooks declare (the router's, then its own). */
  readonly security: readonly HookSecurity[];
}

/** The facts of a compiled route. */
export function routeFacts(route: Route): RouteFacts {
  const { mapping, options } = route;
  const produced = mapping.produces.isEmpty ? route.offers(route.answerKind) : mapping.produces.mediaTypes().map((type) => parseMediaType(type));
  const streams = declaresItems(options.returns) || (produced.length > 0 && produced.every((type) => isEventStreamType(type) || RECORD_TYPES.some((record) => record.type === type.type && record.subtype === type.subtype)));
  // The pipeline's own rule (representation-writer.ts): a 200 a cache may store gets a strong ETag.
  const storable = isCacheable('GET', 200, responsePolicyHeaders(route.cachePolicy ?? {}, 'GET', 0));
  return {
    methods: mapping.methods.methods,
    path: mapping.template.text,
    segments: mapping.template.segments,
    params: mapping.params.expressions,
    headers: mapping.headers.expressions,
    bindings: route.bindings,
    hasBody: route.body !== undefined,
    bodyKind: route.bodyKind,
    bodySchema: route.bodySchema,
    consumes: route.readableTypes,
    declaresConsumes: !mapping.consumes.isEmpty,
    // What the route declares (a string handler's `text/plain` included); else what its answer is
    // written as: the kind `.returns()` declares (a string's text), an object's otherwise.
    // A stream of items (`.returns(streamOf(...))`) in the types a stream of values is written as.
    produces: declaresItems(options.returns)
      ? recordStreamOffers(mapping.produces).map(formatMediaType)
      : mapping.produces.isEmpty ? route.offers(route.answerKind).map(formatMediaType) : mapping.produces.mediaTypes(),
    declaresProduces: !mapping.produces.isEmpty,
    // The pipeline's own decision, for a request without Accept (which accepts anything).
    variesByAccept: chooseRepresentation(route, route.answerKind, []).varies,
    varyFields: route.varyFields,
    cachePolicy: route.cachePolicy,
    hasValidators: options.etag !== undefined,
    validatesGet: !streams && (options.etag !== undefined || storable),
    streams,
    servesRanges: !streams && route.answerKind === 'bytes',
    bodyLimit: route.bodyLimit,
    timeoutStatus: route.timeout === undefined ? undefined : (route.timeout.status ?? 503),
    idempotent: route.idempotency !== undefined,
    metadata: options.metadata ?? {},
    returns: options.returns,
    description: route.description,
    security: route.security,
  };
}
