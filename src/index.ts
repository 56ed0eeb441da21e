/**
 * represent: resource-oriented HTTP for Express 5.
 * @packageDocumentation
 */
export { createRouter, Router, AmbiguousMappingError, type RouterOptions } from './router';
export { RouteBuilder } from './dsl/route-builder';
export type { RequestContext, Handler } from './dsl/request-context';
export type { PathParams, PlaceholderNames, Prefixed } from './dsl/path-params';
export type { BodyOf, BodyToken } from './dsl/body-types';
export type { MapDeclaration, ContextOf } from './dsl/map-declaration';
export type { QueryOptions, HeaderOptions, MatrixOptions, BoundValue, NamedBinding } from './dsl/binding-types';
export type { BindingOptions } from './binding/value-binding';
export type { ValueType } from './binding/value-type';
export { ResponseEntity } from './response-entity';
export type { RouteInfo } from './routing/route';
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
  UnsupportedMediaType,
  type HttpErrorOptions,
} from './errors/http-error';
export { ProblemType } from './errors/problem-types';
export type { ProblemDocument } from './errors/problem-document';
export { writeProblemFor } from '../middleware/problem-writer';
export { validateWithSchema, type ValidationOptions, type FieldError } from './schema-validation';
export type { MediaType } from './http/media-type';

// Body converters: the ordered, customisable registry and the eight defaults.
export {
  ConverterRegistry,
  defaultConverters,
  TextConverter,
  FormConverter,
  ByteArrayConverter,
  JsonConverter,
  XmlObjectConverter,
  XmlSourceConverter,
  AtomConverter,
  RssConverter,
  CsvConverter,
  Form,
  XmlDocument,
  Feed,
  feedText,
  bodyKindOf,
  valueKindOf,
  shapeOf,
  DEFAULT_MAX_DEPTH,
  // Helpers for writing custom converters.
  mediaTypes,
  supportsRead,
  supportsWrite,
  concreteWriteType,
  contentTypeOf,
  charsetOf,
  decodeText,
  encodeText,
  malformedBody,
} from './converters';
export type {
  BodyConverter,
  BodyKind,
  ReadOptions,
  WriteOptions,
  WrittenBody,
  FormInit,
  FeedOptions,
  FeedItem,
  CsvRecord,
  JsonSchemaLike,
  DecodeOptions,
  EncodedText,
  WritableCharset,
} from './converters';
export { parseMediaType, formatMediaType } from './http/media-type';

// Caching: the route policy, validators, and the in-process shared cache.
export type { ResponsePolicy } from './caching/response-policy';
export { ONE_YEAR_SECONDS } from './caching/response-policy';
export type { ValidatorSource } from './validators';
export { cache, MemoryStore } from '../middleware/cache';
export type { CacheOptions, CacheStatus, SharedCache, CacheStore, StoredResponse, MemoryStoreOptions } from '../middleware/cache';
