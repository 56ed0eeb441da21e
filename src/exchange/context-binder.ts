import type { IncomingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';
import { InvalidBinding, bindingProblem, resolveBinding, splitList } from '../binding/value-binding';
import { BadRequest, HttpError } from '../errors/http-error';
import { ProblemType } from '../errors/problem-types';
import { expandPath, expandTemplate } from '../routing/path-expansion';
import type { MatrixVariables } from '../http/matrix-variables';
import { type RequestCookies, requestCookies } from '../http/request-cookies';
import { type RequestSegment, matrixOf } from '../http/request-path';
import type { Route } from '../routing/route';
import type { CurrentValidators } from '../validators';
import type { Context, Exchange } from './exchange';
import { requestTarget } from './request-exchange';

type Bag = Record<string, unknown>;

function malformed(detail: string): BadRequest {
  return new BadRequest(detail, { type: ProblemType.malformedPath });
}

const NO_MATRIX: MatrixVariables = Object.freeze(Object.create(null) as MatrixVariables);

function matrixAt(segment: RequestSegment | undefined): MatrixVariables {
  if (segment === undefined || segment.matrix === '') return NO_MATRIX;
  const variables = matrixOf(segment);
  if (variables === undefined) throw malformed(`Invalid percent-encoding in the matrix variables of '${segment.raw}'`);
  return variables;
}

/** The path values of the route's placeholders, percent-decoded. */
function bindPath(route: Route, segments: readonly RequestSegment[]): Bag {
  const path: Bag = Object.create(null) as Bag;
  const template = route.template.segments;
  for (let index = 0; index < template.length; index++) {
    const segment = template[index]!;
    if (segment.kind === 'literal') continue;
    if (segment.kind === 'catch-all') path[segment.name] = segments.slice(index).map(decodedText).join('/');
    else path[segment.name] = decodedText(segments[index]!);
  }
  return path;
}

function decodedText(segment: RequestSegment): string {
  if (segment.text === undefined) throw malformed(`Invalid percent-encoding in path segment '${segment.raw}'`);
  return segment.text;
}

/**
 * Builds the handler's context: path placeholders, query parameters, headers, cookies and matrix variables,
 * each converted as declared. Throws a 400 {@link BadRequest} naming what is missing or invalid.
 */
export function bindContext(exchange: Exchange): Context {
  const { route, segments, request } = exchange;
  const query: Bag = {};
  const header: Bag = {};
  const matrix: Bag = {};
  const cookie: Bag = {};
  const path = bindPath(route, segments);
  // Parsed once, and only for a route that binds a cookie.
  let cookies: RequestCookies | undefined;
  // The values of the query bindings, at their indexes, read by the route's own reader.
  const queried = route.queryReader?.read(request);
  // Every binding is resolved, so that one answer names every missing or invalid value.
  let failures: InvalidBinding[] | undefined;
  const { bindings } = route;
  for (let index = 0; index < bindings.length; index++) {
    const binding = bindings[index]!;
    try {
      if (binding.source === 'query') {
        const values = queried![index];
        query[binding.key] = resolveBinding(binding, values !== undefined && binding.array ? splitList(values) : values);
      } else if (binding.source === 'header') {
        // Own properties only: `constructor` is not a header a client sent.
        const raw = Object.hasOwn(request.headers, binding.name) ? request.headers[binding.name] : undefined;
        const text = Array.isArray(raw) ? raw.join(', ') : raw;
        const values = text === undefined ? undefined : binding.array ? splitList([text]) : [text.trim()];
        header[binding.key] = resolveBinding(binding, values);
      } else if (binding.source === 'cookie') {
        cookies ??= boundCookies(route, request.headers.cookie);
        const text = cookies[binding.name];
        cookie[binding.key] = resolveBinding(binding, text === undefined ? undefined : binding.array ? splitList([text]) : [text]);
      } else {
        let values: string[] | undefined;
        for (const segment of binding.segment === undefined ? segments : [segments[binding.segment]]) {
          const found = matrixAt(segment)[binding.name];
          if (found !== undefined) values = [...(values ?? []), ...found];
        }
        matrix[binding.key] = resolveBinding(binding, values);
      }
    } catch (error) {
      if (!(error instanceof InvalidBinding)) throw error;
      (failures ??= []).push(error);
    }
  }
  if (failures !== undefined) throw bindingProblem(failures);
  return (exchange.context = new HandlerContext(path, query, header, matrix, cookie, exchange));
}

/**
 * The cookies a route binds from, or a 431 when the Cookie field holds more than the route's
 * `maxCookies`: RFC 6585 section 5 answers a header field too large with 431, naming the field.
 */
function boundCookies(route: Route, raw: string | string[] | undefined): RequestCookies {
  const cookies = requestCookies(cookieField(raw), route.maxCookies);
  if (cookies !== undefined) return cookies;
  throw new HttpError(431, `The Cookie field holds more than ${route.maxCookies} cookies`, {
    type: ProblemType.tooManyCookies,
    extensions: { maxCookies: route.maxCookies },
  });
}

/** The Cookie field as one line: node joins repeated lines with `; `, typed as a list or not. */
function cookieField(raw: string | string[] | undefined): string | undefined {
  return Array.isArray(raw) ? raw.join('; ') : raw;
}

/** Where a context keeps its exchange: a symbol, so that proxies and derived objects still reach it. */
const EXCHANGE = Symbol('exchange');

/**
 * The context object: the bound values as own fields, the exchange's parts read through getters on
 * the prototype, as Hono's and Fastify's contexts do. (An object literal with getters costs about
 * 0.8 us to create and is a dictionary-mode object: it doubled the CPU of a wrapped request.)
 */
class HandlerContext implements Context {
  body: unknown = undefined;
  readonly mediaType: string | undefined;
  readonly [EXCHANGE]: Exchange;

  constructor(
    readonly path: Bag,
    readonly query: Bag,
    readonly header: Bag,
    readonly matrix: Bag,
    readonly cookie: Bag,
    exchange: Exchange,
  ) {
    this.mediaType = exchange.mediaType;
    this[EXCHANGE] = exchange;
  }

  /**
   * The mount path, then the router's prefix (its placeholders filled from this request's path,
   * unless `values` names them), then `template` expanded: a path that reaches the route the
   * template names from wherever the router is mounted.
   */
  url(template: string, values: Readonly<Record<string, unknown>> = {}): string {
    const prefix = this[EXCHANGE].route.prefix;
    const filled = prefix.names.length === 0 ? {} : { ...this.path, ...values };
    return `${this[EXCHANGE].mountPath}${expandPath(prefix, filled)}${expandTemplate(template, values)}` || '/';
  }

  addSurrogateKeys(...values: (string | number)[]): void {
    const exchange = this[EXCHANGE];
    (exchange.addedSurrogateKeys ??= []).push(...values);
  }

  // Read through: the exchange may make them on first use (the signal, Express's req/res).
  get req(): Request {
    return this[EXCHANGE].req;
  }

  get res(): Response {
    return this[EXCHANGE].res;
  }

  get origin(): string {
    return this[EXCHANGE].origin;
  }

  get signal(): AbortSignal {
    return this[EXCHANGE].signal;
  }

  get validators(): CurrentValidators | undefined {
    return this[EXCHANGE].validators;
  }

  get method(): string {
    return this[EXCHANGE].request.method;
  }

  get target(): string {
    return requestTarget(this[EXCHANGE].incoming);
  }

  get headers(): IncomingHttpHeaders {
    return this[EXCHANGE].incoming.headers;
  }

  get state(): Record<string, unknown> {
    return this[EXCHANGE].state;
  }

  get(name: string): unknown {
    return this[EXCHANGE].state[name];
  }

  set(name: string, value: unknown): void {
    this[EXCHANGE].state[name] = value;
  }
}
