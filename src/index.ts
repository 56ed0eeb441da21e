/**
 * represent: resource-oriented HTTP for Express 5.
 * @packageDocumentation
 * @module express-represent
 */
export { createRouter, Router, AmbiguousMappingError, type RouterOptions } from './router';
export { DEFAULT_FORMATS, type FormatOptions } from './http/format-override';
export { RouteBuilder, type RouteTimeout } from './dsl/route-builder';
export {
  hooks,
  type HookSet,
  type HookSource,
  type HookContext,
  type GuardContext,
  type ExpressMiddleware,
  type OutgoingHead,
  type HookSecurity,
  type SecurityScheme,
  type FinishedResponse,
  type Awaitable,
  type StateOf,
  type StateOfList,
  type Intersection,
} from './dsl/hooks';
export type { StateAccess } from './dsl/request-state';
export type { RequestHead } from './dsl/request-head';
export type { RequestContext, Handler, UrlValues } from './dsl/request-context';
export type { PathParams, PlaceholderNames, Prefixed } from './dsl/path-params';
export type { BodyOf, BodyToken, BodyClass } from './dsl/body-types';
export type { MapDeclaration, ContextOf } from './dsl/map-declaration';
export type {
  QueryOptions,
  HeaderOptions,
  CookieOptions,
  MatrixOptions,
  BoundValue,
  NamedBinding,
  BoundValues,
  WithBinding,
  PathVarOf,
} from './dsl/binding-types';
export type { BindingOptions } from './binding/value-binding';
export type { ValueType } from './binding/value-type';
export { ResponseEntity } from './response-entity';
export type { RouteInfo } from './routing/route';
export type { RequestMessage, RouteStepMessage, CacheMessage, CacheOutcome, SelectedRoute, RouterMount } from './diagnostics/channels';
export type { RouteMetadata, ReturnsOptions, Returned, ReturningHandler } from './dsl/route-metadata';
export type { ReturnOf } from './dsl/map-declaration';
export type {
  OpenApiDocument,
  OpenApiOptions,
  InfoObject,
  ContactObject,
  LicenseObject,
  ServerObject,
  ServerVariableObject,
  TagObject,
  PathItemObject,
  OperationObject,
  OperationMethod,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
  HeaderObject,
  MediaTypeObject,
  ComponentsObject,
  ReferenceObject,
  JsonSchema,
  SecurityRequirementObject,
} from './openapi/openapi-types';
export { PathTemplateError } from './routing/path-template';
export {
  HttpError,
  BadRequest,
  NotFound,
  MethodNotAllowed,
  NotAcceptable,
  Conflict,
  PreconditionFailed,
  ContentTooLarge,
  Unauthorized,
  Forbidden,
  UnsupportedMediaType,
  type HttpErrorOptions,
  type SubclassOptions,
  type ProblemExtensions,
} from './errors/http-error';
export { ProblemType } from './errors/problem-types';
export { MemoryIdempotencyStore } from './idempotency/idempotency-store';
export type { IdempotencyStore, IdempotencyRecord, RecordedAnswer, MemoryIdempotencyStoreOptions } from './idempotency/idempotency-store';
export type { IdempotencyOptions } from './idempotency/route-idempotency';
export type { ProblemDocument } from './errors/problem-document';
export { writeProblemFor } from './exchange/problem-writer';
export { validateWithSchema, type ValidationOptions, type FieldError } from './schema-validation';
export type { MediaType } from './http/media-type';

// The values a handler returns or reads besides plain data; converters are in `express-represent/converters`.
export { Form, type FormInit } from './converters/form/form';
export { XmlDocument } from './converters/xml/xml-document';
export { Multipart } from './converters/multipart/multipart';
export { MultipartParts, type PartFeed } from './converters/multipart/multipart-parts';
export type { FieldPart, FilePart, MultipartPart } from './converters/multipart/multipart-part';
export { UploadedFile } from './converters/multipart/uploaded-file';
export { multipartWith, type MultipartSchema, type MultipartSchemaOptions } from './converters/multipart/multipart-schema';
export type { MultipartLimits } from './converters/multipart/multipart-limits';
/**
 * The `feed` package's `Feed` class, re-exported: build the feeds a route returns with this one,
 * since the library tells a feed by its class (the CommonJS build carries its own copy of `feed`).
 */
export { Feed } from 'feed';
export type { FeedOptions, Item as FeedItem } from 'feed';
/** Plain text as the HTML a feed's title or summary is written as: a user's text is never markup there. */
export { feedText } from './converters/feed/feed-text';
export { parseMediaType, formatMediaType } from './http/media-type';

// Streamed bodies: a handler returns a node Readable, a web ReadableStream or an async iterable;
// server-sent events through eventStream.
export { eventStream, EventStream, DEFAULT_KEEP_ALIVE_MS, type EventStreamOptions } from './streams/event-stream';
export { type ServerSentEvent, SharedEvent, sharedEvent } from './streams/server-sent-event';
export { DEFAULT_EVENT_STREAM_LIMITS, type EventStreamLimits, type StreamLimits } from './streams/stream-limits';
// A stream clients resume on any instance: a source with ids, replayed then followed.
export { type ResumableEvent, type ResumableSource, type ResumableSubscriber, resetEvent } from './streams/resumable-source';
export { DEFAULT_MAX_PENDING, type ResumeOptions, resumeEvents } from './streams/resume-events';
export { DEFAULT_KEPT_EVENTS, EventLog, type EventLogOptions } from './streams/event-log';
// A typed stream of items: .returns(streamOf(schema)).
export { streamOf, type StreamSchema } from './streams/stream-schema';

// Caching: the route policy and validators; the shared cache is in `express-represent/cache`.
export type { ResponsePolicy } from './caching/response-policy';
export type { CredentialField } from './caching/credentials';
export { ONE_YEAR_SECONDS } from './caching/response-policy';
export type { ValidatorSource, CurrentValidators } from './validators';
export type { SurrogateKeySource } from './dsl/route-builder';
export { surrogateKey } from './caching/surrogate-keys';
