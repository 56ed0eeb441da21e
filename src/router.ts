import type { RequestListener } from 'node:http';
import type { RequestHandler } from 'express';
import { compileBinding } from './binding/value-binding';
import type { MapDeclaration, ContextOf, ReturnOf } from './dsl/map-declaration';
import type { ReturningHandler } from './dsl/route-metadata';
import type { HookSource, StateOf, StateOfList } from './dsl/hooks';
import type { Handler } from './dsl/request-context';
import type { Prefixed } from './dsl/path-params';
import { type RouteDeclaration, RouteBuilder, type RouteTimeout, type SurrogateKeySource } from './dsl/route-builder';
import { type DispatchOptions, createDispatcher, createListener } from './exchange/dispatcher';
import type { ResponsePolicy } from './caching/response-policy';
import { DEFAULT_MAX_DEPTH } from './converters/body-converter';
import { type ConverterRegistry, defaultConverters } from './converters/converter-registry';
import { DEFAULT_BODY_LIMIT } from './exchange/body-reader';
import { type RouterHooks, combineHooks, compileHooks } from './exchange/hook-points';
import { essence, isConcrete } from './http/media-type';
import { RouteIndex } from './routing/route-index';
import { compileBody, declaredAnswerKind, defaultXmlRoot, perKind, presumedAnswerKind, readableTypes, tagNames, readsFormObjects, writableOffers, writableRanges } from './routing/route-compilation';
import type { MappingAttributes } from './dsl/mapping-attributes';
import {
  type RequestMapping,
  combineMappings,
  compileMapping,
  describeMapping,
  mappingsTie,
} from './routing/request-mapping';
import type { AnyHandler, DeclaredSurrogateKeys, Route, RouteInfo } from './routing/route';
import { type SurrogateKeyField, surrogateKeyFields } from './caching/surrogate-keys';
import { formatRouteTable, routeInfo } from './routing/route-table';
import { unwritableProduces } from './routing/unwritable-produces';
import { openApiDocument } from './openapi/openapi-document';
import type { OpenApiDocument, OpenApiOptions } from './openapi/openapi-types';
import { routeFacts } from './openapi/route-facts';

/** Router-level defaults for every route's attributes, plus dispatch options. */
export interface RouterOptions extends MappingAttributes, DispatchOptions {
  /** A path prefix for every route of this router. */
  readonly path?: string;
  /**
   * The body converters, in order: a registry, or a function that customises the defaults
   * (`(defaults) => defaults.prepend(new CsvConverter())`). Default: {@link defaultConverters}.
   */
  readonly converters?: ConverterRegistry | ((defaults: ConverterRegistry) => ConverterRegistry);
  /** The default caching policy of every route's responses; a route's `.cache()` replaces it. */
  readonly cache?: ResponsePolicy;
  /** The largest request body accepted, in bytes (default 1 MB); a route's `.limit()` replaces it. */
  readonly bodyLimit?: number;
  /** How deeply a JSON or XML body may nest (default 64). */
  readonly maxDepth?: number;
  /** The default handler time limit of every route (none by default); a route's `.timeout()` replaces it. */
  readonly timeout?: RouteTimeout;
  /**
   * Hooks for every route, in order (sets of lifecycle hooks, or Express middleware as `onRequest`
   * hooks), as `router.use(...)` adds them. The `onError` option is the first `onError` hook.
   */
  readonly hooks?: readonly HookSource<never>[];
  /**
   * The response fields routes' surrogate keys go in (`.surrogateKeys(...)`): `Surrogate-Key`
   * (space-separated, Fastly's and Varnish xkey's) by default; `Cache-Tag` (Cloudflare's) or any
   * other name is a comma-separated list. Several names give each field.
   */
  readonly surrogateKeyHeaders?: readonly string[];
}

/** Thrown when two routes would tie for some request. */
export class AmbiguousMappingError extends Error {
  constructor(existing: string, added: string) {
    super(`Ambiguous mapping: '${added}' would tie with the already declared '${existing}' for some requests`);
    this.name = 'AmbiguousMappingError';
  }
}

const COOKIE_FIELD: readonly string[] = Object.freeze(['Cookie']);
const NO_FIELDS: readonly string[] = Object.freeze([]);

function list(value: string | readonly string[] | undefined): string[] {
  return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
}

function emptyDeclaration(path: string, methods: readonly string[]): RouteDeclaration {
  return { attributes: { path, method: methods, params: [], headers: [], consumes: [], produces: [] }, bindings: [], body: undefined, options: {} };
}

/**
 * A set of routes declared with the DSL, compiled into one Express middleware. Everything that can
 * be is done when a route is declared: templates and conditions are parsed, the route is indexed
 * in a segment trie and checked for ambiguity against the routes of the same path shape.
 */
export class Router<P extends string = '', T = {}> {
  private readonly defaults: RequestMapping;
  private readonly index = new RouteIndex<Route>();
  private readonly byShape = new Map<string, Route[]>();
  private readonly table: Route[] = [];
  private readonly converters: ConverterRegistry;
  private readonly hooks: RouterHooks;
  private readonly surrogateKeyFields: readonly SurrogateKeyField[];

  /** @internal use {@link createRouter} */
  constructor(private readonly options: RouterOptions = {}) {
    this.defaults = compileMapping({ ...options, path: options.path ?? '' }, 'defaults');
    const converters = options.converters;
    this.converters = converters === undefined ? defaultConverters() : typeof converters === 'function' ? converters(defaultConverters()) : converters;
    const onError = options.onError === undefined ? [] : [{ onError: options.onError }];
    this.hooks = { points: compileHooks([...onError, ...(options.hooks ?? [])]) };
    this.surrogateKeyFields = surrogateKeyFields(options.surrogateKeyHeaders ?? ['Surrogate-Key']);
  }

  /**
   * Adds hooks for every route of this router (a set of lifecycle hooks, or standard Express
   * middleware such as `cors()`, run as an `onRequest` hook under both mounts), after those
   * already added. Hooks run for the requests whose path one of the routes matches; a route's own
   * hooks run after them. Use it before declaring routes (a route declared before would be
   * served without them, so it throws), and keep the returned router: its handlers' `ctx.state` is
   * typed with what the hooks set (`const api = createRouter().use(auth)`).
   */
  use<const U extends HookSource<never>>(hooks: U): Router<P, T & StateOf<U>> {
    if (this.table.length > 0) throw new Error(`router.use(...) after ${this.table.length} route(s) were declared: add the router's hooks before its routes`);
    this.hooks.points = combineHooks(this.hooks.points, compileHooks([hooks]));
    return this as unknown as Router<P, T & StateOf<U>>;
  }

  /** Starts a route on a path template, for any method until `.method(...)` says otherwise. */
  route<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return new RouteBuilder(this, emptyDeclaration(path, []));
  }

  /** Starts a GET route (which also answers HEAD). */
  get<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return new RouteBuilder(this, emptyDeclaration(path, ['GET']));
  }

  /** Starts a POST route. */
  post<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return new RouteBuilder(this, emptyDeclaration(path, ['POST']));
  }

  /** Starts a PUT route. */
  put<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return new RouteBuilder(this, emptyDeclaration(path, ['PUT']));
  }

  /** Starts a PATCH route. */
  patch<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return new RouteBuilder(this, emptyDeclaration(path, ['PATCH']));
  }

  /** Starts a DELETE route. */
  delete<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return new RouteBuilder(this, emptyDeclaration(path, ['DELETE']));
  }

  /**
   * Declares a route in one object with the specification's attribute names
   * (`path`/`value`/`name`, `method`, `params`, `headers`, `consumes`, `produces`) and bindings
   * (`query`, `header`, `cookie`, `matrix`).
   */
  map<const D extends MapDeclaration>(declaration: D, handler: ReturningHandler<ContextOf<D, P, T>, ReturnOf<D>>): void {
    const path = declaration.path ?? declaration.value ?? declaration.name ?? '';
    const named = (source: 'query' | 'header' | 'cookie' | 'matrix', bindings: D['query'] | D['header'] | D['cookie'] | D['matrix']) =>
      (bindings ?? []).map((binding) => {
        const { name, value, ...options } = binding as { name?: string; value?: string };
        return { source, name: name ?? value ?? '', options };
      });
    this.register(
      {
        attributes: {
          path,
          method: list(declaration.method),
          params: list(declaration.params),
          headers: list(declaration.headers),
          consumes: list(declaration.consumes),
          produces: list(declaration.produces),
        },
        bindings: [...named('query', declaration.query), ...named('header', declaration.header), ...named('cookie', declaration.cookie), ...named('matrix', declaration.matrix)],
        body: declaration.body,
        options: {
          metadata: {
            ...(declaration.summary !== undefined && { summary: declaration.summary }),
            ...(declaration.description !== undefined && { description: declaration.description }),
            ...(declaration.tags !== undefined && { tags: declaration.tags }),
            ...(declaration.operationId !== undefined && { operationId: declaration.operationId }),
            ...(declaration.deprecated !== undefined && { deprecated: declaration.deprecated }),
          },
          ...(declaration.returns !== undefined && { returns: { schema: declaration.returns } }),
        },
      },
      handler as Handler<never>,
    );
  }

  /** @internal Compiles and indexes a declared route. */
  register(declaration: RouteDeclaration, handler: Handler<never>): void {
    const { attributes } = declaration;
    const name = `${attributes.method.join('|') || '*'} ${attributes.path ?? ''}`;
    if (typeof handler !== 'function') throw new Error(`Route ${name}: the handler must be a function`);
    const combined = combineMappings(this.defaults, compileMapping(attributes, name));
    const mapping = declaration.body === undefined ? combined : { ...combined, consumes: combined.consumes.requiringBody() };
    const bindings = declaration.bindings.map((binding) => {
      try {
        const pathVar = binding.options.pathVar;
        const segment = pathVar === undefined ? undefined : mapping.template.segments.findIndex((s) => s.kind !== 'literal' && s.name === pathVar);
        if (segment === -1) throw new Error(`matrix variable '${binding.name}' names pathVar '${pathVar}', which is not a placeholder of the path`);
        return compileBinding(binding.source, binding.name, binding.options, segment);
      } catch (error) {
        throw new Error(`Route ${name}: ${(error as Error).message}`, { cause: error });
      }
    });
    const registry = declaration.options.converters === undefined ? this.converters : declaration.options.converters(this.converters);
    const unwritable = unwritableProduces(registry, mapping.produces);
    if (unwritable !== undefined) throw new Error(`Route ${name}: it produces ${unwritable}`);
    const body = compileBody(declaration.body);
    const offers = perKind(writableOffers, registry, mapping.produces);
    const declaredKind = declaredAnswerKind(declaration.options.returns);
    const producedTypes = mapping.produces.expressions.filter((e) => !e.negated && isConcrete(e.mediaType)).map((e) => e.mediaType);
    const route: Route = {
      registry,
      bodyKind: body.kind,
      bodySchema: body.schema,
      bodyShape: body.shape,
      bodyLimit: declaration.options.bodyLimit ?? this.options.bodyLimit ?? DEFAULT_BODY_LIMIT,
      maxDepth: this.options.maxDepth ?? DEFAULT_MAX_DEPTH,
      readableTypes: readableTypes(registry, body.kind, mapping.consumes),
      formObjects: readsFormObjects(body.kind, mapping.consumes),
      cachePolicy: declaration.options.cache ?? this.options.cache,
      surrogateKeys: declaredSurrogateKeys(declaration.options.surrogateKeys),
      surrogateKeyFields: this.surrogateKeyFields,
      timeout: declaration.options.timeout ?? this.options.timeout,
      xmlRoot: declaration.options.xmlRoot ?? defaultXmlRoot(mapping.template),
      offers,
      answerKind: declaredKind ?? presumedAnswerKind(offers),
      declaredAnswerKind: declaredKind,
      tagNames: tagNames(offers),
      ranges: perKind(writableRanges, registry, mapping.produces),
      producedTypes,
      producedEssences: producedTypes.map(essence),
      // RFC 9110 section 12.5.5: the answer depends on the Cookie field, so caches must key it by it.
      varyFields: bindings.some((binding) => binding.source === 'cookie') ? COOKIE_FIELD : NO_FIELDS,
      order: this.table.length,
      mapping,
      template: mapping.template,
      prefix: this.defaults.template,
      bindings,
      body: declaration.body,
      options: declaration.options,
      handler: handler as unknown as AnyHandler,
      hooks: combineHooks(this.hooks.points, compileHooks(declaration.options.hooks ?? [])),
      description: describeMapping(mapping),
    };
    const sameShape = this.byShape.get(mapping.template.shapeKey) ?? [];
    const rival = sameShape.find((other) => mappingsTie(other.mapping, mapping));
    if (rival !== undefined) throw new AmbiguousMappingError(rival.description, route.description);
    sameShape.push(route);
    this.byShape.set(mapping.template.shapeKey, sameShape);
    this.table.push(route);
    this.index.add(route);
  }

  /** The route table, in declaration order. */
  routes(): RouteInfo[] {
    return this.table.map(routeInfo);
  }

  /**
   * The OpenAPI 3.1 document of the routes declared so far, built from the route table alone:
   * paths and placeholders with their patterns, matrix variables, query and header bindings,
   * params and headers conditions, request bodies per consumed type (with the JSON Schema of a
   * Standard Schema body), responses per produced type, the problem responses each route may
   * give and the caching headers of its policy and validators. Route metadata (`.summary()`,
   * `.tags()`, `.returns(schema)`, ...) adds to it. Throws when two operations declare one operationId.
   */
  openapi(options: OpenApiOptions): OpenApiDocument {
    return openApiDocument(this.table.map(routeFacts), options);
  }

  /** The route table as text, for printing at start-up. */
  printRoutes(): string {
    return formatRouteTable(this.routes());
  }

  /**
   * The Express middleware that dispatches to the routes. Mount it with `app.use(router.middleware())`,
   * also under a base path. Requests no route's path matches go on with `next()`. Routes declared
   * after this call are served too.
   */
  middleware(): RequestHandler {
    return createDispatcher(this.index, this.options, this.hooks);
  }

  /**
   * A request listener that answers the routes' requests before `listener` (an Express app, say)
   * sees them, and hands every other request to it: `http.createServer(api.wrap(app))`. The routes
   * then cost none of Express's per-request work; their handlers still get the app's `req` and
   * `res` the first time they read `ctx.req` or `ctx.res`. The app's own middleware does not run
   * for these requests: give the router what must run for them as hooks ({@link use}: Express
   * middleware such as `cors()` runs unchanged there), or use {@link middleware}.
   * Routes declared after this call are served too.
   */
  wrap(listener: RequestListener): RequestListener {
    return createListener(this.index, this.options, this.hooks, listener);
  }
}

/** A route's surrogate keys, fixed ones apart from the functions that compute keys per response. */
function declaredSurrogateKeys(sources: readonly SurrogateKeySource[] | undefined): DeclaredSurrogateKeys | undefined {
  if (sources === undefined || sources.length === 0) return undefined;
  const fixed = [...new Set(sources.filter((source): source is string => typeof source === 'string'))];
  const computed = sources.filter((source) => typeof source === 'function') as unknown as DeclaredSurrogateKeys['computed'];
  return { fixed, computed };
}

/**
 * Creates a router; `options` are router-level defaults that combine with every route's (as in Spring).
 * Placeholders in the router's `path` are bound for every route, and typed in `ctx.path` when the
 * path is a literal: `createRouter({ path: '/tenants/{tenant}' })`.
 */
export function createRouter<const P extends string = '', const L extends readonly HookSource<never>[] = readonly HookSource<never>[]>(
  options: RouterOptions & { readonly path?: P; readonly hooks?: L } = {},
): Router<P, StateOfList<L>> {
  return new Router<P, StateOfList<L>>(options);
}
