/**
 * represent: resource-oriented HTTP for Express 5.
 * @packageDocumentation
 */
export { createRouter, Router, AmbiguousMappingError, type RouterOptions } from './router';
export { RouteBuilder } from './dsl/route-builder';
export type { RequestContext, Handler } from './dsl/request-context';
export type { PathParams, PlaceholderNames } from './dsl/path-params';
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
export type { MediaType } from './http/media-type';
