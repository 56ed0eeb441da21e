import type { RequestListener } from 'node:http';
import type { RequestHandler } from 'express';
import type { MapDeclaration, ContextOf, ReturnOf } from './dsl/map-declaration';
import type { ReturningHandler } from './dsl/route-metadata';
import type { HookSource, StateOf, StateOfList } from './dsl/hooks';
import type { Handler } from './dsl/request-context';
import type { Prefixed } from './dsl/path-params';
import { type RouteDeclaration, RouteBuilder, type RouteRegistry, type RouteTimeout } from './dsl/route-builder';
import { type DispatchOptions, createDispatcher, createListener } from './exchange/dispatcher';
import { OpenStreams } from './exchange/open-streams';
import type { EventStreamLimits } from './streams/stream-limits';
import type { ResponsePolicy } from './caching/response-policy';
import { type ConverterRegistry, defaultConverters } from './converters/converter-registry';
import { type SurrogateKeyField, surrogateKeyFields } from './caching/surrogate-keys';
import { type RouterHooks, combineHooks, compileHooks, declareRouterHooks } from './exchange/hook-points';
import type { MappingAttributes } from './dsl/mapping-attributes';
import { type RequestMapping, compileMapping } from './routing/request-mapping';
import { compileFormats } from './http/format-override';
import { parsePathTemplate } from './routing/path-template';
import type { Route, RouteInfo } from './routing/route';
import { type RouteTreeNode, formatRouteTree, routeInfo } from './routing/route-table';
import { RouteTree } from './routing/route-tree';
import { openApiDocument } from './openapi/openapi-document';
import type { OpenApiDocument, OpenApiOptions } from './openapi/openapi-types';
import { routeFacts } from './openapi/route-facts';
import { type RouterScope, compileRoute, innerScope } from './route-compiler';

export { AmbiguousMappingError } from './routing/route-tree';

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
  /**
   * The most structures (objects and arrays) a JSON body may hold (default 50,000): more is
   * answered 413, a problem of type `urn:represent:problem:body-too-large` with `exceeded:
   * 'structures'`. Each costs the parser an allocation; the limit keeps a megabyte of small
   * nested arrays near the cost of any other megabyte.
   */
  readonly maxStructures?: number;
  /**
   * The most cookies a request's Cookie field may hold, read by a route that binds a cookie
   * (default 200): more is answered 431, a problem of type
   * `urn:represent:problem:too-many-cookies`.
   */
  readonly maxCookies?: number;
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
   * other name is a comma-separated list. Several names give each field. A mounted router without
   * it takes the outer router's.
   */
  readonly surrogateKeyHeaders?: readonly string[];
  /**
   * The bounds of the event streams the router's routes answer (`text/event-stream`): how many
   * may be open at once on the router, on one route and from one client address (a 503 problem
   * with `Retry-After` past them), and how long each may stay open before it ends with a `retry:`
   * hint. Defaults: 500, 500, 20, 15 minutes ({@link EventStreamLimits}). Give them to the router
   * that is served: its streams are those of every router mounted in it.
   */
  readonly eventStreams?: EventStreamLimits;
}

function list(value: string | readonly string[] | undefined): string[] {
  return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
}

function emptyDeclaration(path: string, methods: readonly string[]): RouteDeclaration {
  return { attributes: { path, method: methods, params: [], headers: [], consumes: [], produces: [] }, bindings: [], body: undefined, options: {} };
}

/** A route as declared, kept so that it can be compiled again when its router is mounted in another. */
interface Declared {
  readonly declaration: RouteDeclaration;
  readonly handler: Handler<never>;
}

/**
 * A set of routes declared with the DSL, compiled into one Express middleware. Everything that can
 * be is done when a route is declared: templates and conditions are parsed, the route is indexed
 * in a segment trie and checked for ambiguity against the routes of the same path shape. Routers
 * nest: one mounted in another ({@link mount}) has its routes compiled with both routers'
 * defaults, into the one index of the outermost router.
 */
export class Router<P extends string = '', T = {}> {
  private readonly defaults: RequestMapping;
  private readonly converters: ConverterRegistry;
  private readonly hooks: RouterHooks;
  private readonly surrogateKeyFields: readonly SurrogateKeyField[];
  /** The routes of the outermost router this one is (or is mounted) in, this one's among them. */
  private tree = new RouteTree();
  /** Where this router is mounted, when it is. */
  private parent: { readonly router: Router<string, unknown>; readonly path: string } | undefined;
  private readonly children: Router<string, unknown>[] = [];
  private readonly declared: Declared[] = [];
  /** This router's own routes, compiled in its current scope. */
  private own: Route[] = [];
  #scope: RouterScope | undefined;
  /** Routes started with `get(path)` and the like whose builder never reached `handle`. */
  private readonly unhandled = new Set<{ readonly route: string }>();
  /** Set once `middleware()` or `wrap()` handed its routes out: it can no longer be mounted. */
  private served = false;
  /** The event streams open on this router, when it is the one served. */
  readonly #streams: OpenStreams;

  /** @internal use {@link createRouter} */
  constructor(private readonly options: RouterOptions = {}) {
    this.defaults = compileMapping({ ...options, path: options.path ?? '' }, 'defaults');
    // A malformed format throws here, where the router is made, not when it is served.
    if (options.formats !== undefined) compileFormats(options.formats);
    const converters = options.converters;
    this.converters = converters === undefined ? defaultConverters() : typeof converters === 'function' ? converters(defaultConverters()) : converters;
    const onError = options.onError === undefined ? [] : [{ onError: options.onError }];
    this.hooks = { declared: undefined, points: undefined };
    declareRouterHooks(this.hooks, compileHooks([...onError, ...(options.hooks ?? [])]));
    this.surrogateKeyFields = surrogateKeyFields(options.surrogateKeyHeaders ?? ['Surrogate-Key']);
    // Limits that are not numbers throw here, where the router is made.
    this.#streams = new OpenStreams(options.eventStreams);
  }

  /** What this router gives its routes: its own defaults, under those of the routers it is mounted in. */
  private scope(): RouterScope {
    if (this.#scope !== undefined) return this.#scope;
    const { options } = this;
    const parent = this.parent;
    this.#scope =
      parent === undefined
        ? {
            defaults: this.defaults,
            registry: this.converters,
            hooks: this.hooks.declared,
            cache: options.cache,
            bodyLimit: options.bodyLimit,
            maxDepth: options.maxDepth,
            maxStructures: options.maxStructures,
            maxCookies: options.maxCookies,
            timeout: options.timeout,
            surrogateKeyFields: this.surrogateKeyFields,
          }
        : innerScope(parent.router.scope(), parent.path, this.defaults, this.hooks.declared, options, this.surrogateKeyFields);
    return this.#scope;
  }

  /** This router and every router mounted in it, however deep, outer before inner. */
  private subtree(): Router<string, unknown>[] {
    return [this as Router<string, unknown>, ...this.children.flatMap((child) => child.subtree())];
  }

  /** The compiled routes of this router and of every router mounted in it, in declaration order. */
  private subtreeRoutes(): Route[] {
    return this.subtree()
      .flatMap((router) => router.own)
      .sort((a, b) => a.order - b.order);
  }

  /**
   * Adds hooks for every route of this router (a set of lifecycle hooks, or standard Express
   * middleware such as `cors()`, run as an `onRequest` hook under both mounts), after those
   * already added. Hooks run for the requests whose path one of the routes matches; a route's own
   * hooks run after them, and so do those of a router mounted in this one. Use it before declaring
   * routes (a route declared before would be served without them, so it throws), and keep the
   * returned router: its handlers' `ctx.state` is typed with what the hooks set
   * (`const api = createRouter().use(auth)`).
   */
  use<const U extends HookSource<never>>(hooks: U): Router<P, T & StateOf<U>> {
    const declared = this.subtreeRoutes().length;
    if (declared > 0) throw new Error(`router.use(...) after ${declared} route(s) were declared: add the router's hooks before its routes`);
    declareRouterHooks(this.hooks, combineHooks(this.hooks.declared, compileHooks([hooks])));
    for (const router of this.subtree()) router.#scope = undefined;
    return this as unknown as Router<P, T & StateOf<U>>;
  }

  /**
   * Mounts `router` at `path` in this router, as Spring combines a controller's mapping with its
   * methods': every route of `router` (those declared already and those declared later) is
   * compiled with this router's defaults first, then the mount path, then `router`'s own: paths
   * join (`/api` + `/v2` + `/users/{id}`), methods, params and headers conditions add up, and
   * produces, consumes, the cache policy, the body limit, the time limit and the converters of the
   * inner router replace the outer's when it sets them. This router's hooks run before the inner
   * router's, which run before the route's. The routes join this router's index and its ambiguity
   * check (a tie with any route of the tree throws, here or when declared), `routes()`,
   * `printRoutes()` and `openapi()`; serve the outermost router (`middleware()` or `wrap()`), whose
   * dispatch options (`origin`, `now`, `formats`) apply to every route. A router is mounted once, before it
   * is served, and never in itself or in a router mounted in it. `ctx.state` in the inner router's
   * handlers is typed from its own hooks.
   */
  mount(path: string, router: Router<string, object>): this {
    const inner = router as unknown as Router<string, unknown>;
    const where = `router.mount('${path}', ...)`;
    try {
      parsePathTemplate(path);
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
    }
    if (!(inner instanceof Router)) throw new TypeError(`${where}: only a router made by createRouter() can be mounted`);
    if (inner.parent !== undefined) throw new Error(`${where}: that router is already mounted at '${inner.parent.path}'`);
    if (inner.subtree().includes(this as Router<string, unknown>)) throw new Error(`${where}: a router cannot be mounted in itself or in a router mounted in it`);
    if (inner.served) throw new Error(`${where}: that router already serves requests (middleware() or wrap() was called): mount it before serving the outer router`);
    for (const option of ['origin', 'now', 'formats', 'eventStreams'] as const) {
      if (inner.options[option] !== undefined) throw new Error(`${where}: the '${option}' option of a mounted router would not apply: give it to the outermost router`);
    }
    const routers = inner.subtree();
    inner.parent = { router: this as Router<string, unknown>, path };
    for (const each of routers) each.#scope = undefined;
    // Compiled again in the new scope, then added all or none: a tie leaves both trees as they were.
    let order = this.tree.nextOrder;
    const compiled = routers.map((each) => each.declared.map(({ declaration, handler }) => compileRoute(declaration, handler, each.scope(), order++)));
    try {
      this.tree.add(compiled.flat());
    } catch (error) {
      inner.parent = undefined;
      for (const each of routers) each.#scope = undefined;
      throw error;
    }
    routers.forEach((each, index) => {
      each.tree = this.tree;
      each.own = compiled[index]!;
    });
    this.children.push(inner);
    return this;
  }

  /**
   * A builder whose route is not yet handled: it stays in {@link unhandled} until a builder
   * chained from it calls `handle`, so that serving the router can name a route left without a
   * handler (which would otherwise silently not exist), as Fastify does when it is ready.
   */
  private start<S extends string>(path: S, methods: readonly string[]): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    const started = { route: `${methods.length === 0 ? 'route' : methods.join(', ')} ${path}` };
    this.unhandled.add(started);
    const registry: RouteRegistry = {
      register: (declaration, handler) => {
        // handle() was called: a route it refuses (malformed, ambiguous) has said so by throwing.
        this.unhandled.delete(started);
        this.register(declaration, handler);
      },
    };
    return new RouteBuilder(registry, emptyDeclaration(path, methods));
  }

  /** Starts a route on a path template, for any method until `.method(...)` says otherwise. */
  route<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return this.start(path, []);
  }

  /** Starts a GET route (which also answers HEAD). */
  get<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return this.start(path, ['GET']);
  }

  /** Starts a POST route. */
  post<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return this.start(path, ['POST']);
  }

  /** Starts a PUT route. */
  put<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return this.start(path, ['PUT']);
  }

  /** Starts a PATCH route. */
  patch<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return this.start(path, ['PATCH']);
  }

  /** Starts a DELETE route. */
  delete<const S extends string>(path: S): RouteBuilder<Prefixed<P, S>, {}, {}, {}, undefined, undefined, unknown, T> {
    return this.start(path, ['DELETE']);
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
    const route = compileRoute(declaration, handler, this.scope(), this.tree.nextOrder);
    this.tree.add([route]);
    this.own.push(route);
    this.declared.push({ declaration, handler });
  }

  /** The route table, in declaration order: this router's routes and those of the routers mounted in it. */
  routes(): RouteInfo[] {
    return this.subtreeRoutes().map(routeInfo);
  }

  /**
   * The OpenAPI 3.1 document of the routes declared so far (those of the routers mounted in this
   * one included), built from the route table alone:
   * paths and placeholders with their patterns, matrix variables, query, header and cookie bindings,
   * params and headers conditions, request bodies per consumed type (with the JSON Schema of a
   * Standard Schema body), responses per produced type, the problem responses each route may
   * give and the caching headers of its policy and validators. Route metadata (`.summary()`,
   * `.tags()`, `.returns(schema)`, ...) adds to it. Throws when two operations declare one operationId.
   */
  openapi(options: OpenApiOptions): OpenApiDocument {
    return openApiDocument(this.subtreeRoutes().map(routeFacts), options);
  }

  /**
   * The route table as text, for printing at start-up: one route a line, and under each mounted
   * router's full path its own routes, indented.
   */
  printRoutes(): string {
    return formatRouteTree(this.routeTree());
  }

  private routeTree(): RouteTreeNode {
    return { prefix: this.scope().defaults.template.text, rows: this.own.map(routeInfo), children: this.children.map((child) => child.routeTree()) };
  }

  /** The router requests are dispatched from: this one, unless it is mounted in another (which serves it). */
  private servedRoot(call: string): void {
    if (this.parent !== undefined) throw new Error(`router.${call}: this router is mounted at '${this.parent.path}' in another router: serve that one`);
    const unhandled = this.subtree().flatMap((router) => [...router.unhandled].map(({ route }) => route));
    if (unhandled.length > 0) {
      throw new Error(`router.${call}: ${unhandled.map((route) => `'${route}'`).join(', ')} ${unhandled.length === 1 ? 'was' : 'were'} declared without .handle(): give ${unhandled.length === 1 ? 'it a handler' : 'each a handler'} or remove ${unhandled.length === 1 ? 'it' : 'them'}`);
    }
    this.served = true;
  }

  /**
   * The Express middleware that dispatches to the routes. Mount it with `app.use(router.middleware())`,
   * also under a base path. Requests no route's path matches go on with `next()`, untouched by the
   * router's hooks (unless the `fallthrough` option is false: then a 404). Routes declared
   * after this call are served too, and so are those of routers mounted in this one.
   */
  middleware(): RequestHandler {
    this.servedRoot('middleware()');
    return createDispatcher(this.tree.index, this.options, this.hooks, this.#streams);
  }

  /**
   * A request listener that answers the routes' requests before `listener` (an Express app, say)
   * sees them, and hands every other request to it, untouched by the router's hooks (unless the
   * `fallthrough` option is false): `http.createServer(api.wrap(app))`. The routes
   * then cost none of Express's per-request work; their handlers still get the app's `req` and
   * `res` the first time they read `ctx.req` or `ctx.res`. The app's own middleware does not run
   * for these requests: give the router what must run for them as hooks ({@link use}: Express
   * middleware such as `cors()` runs unchanged there), or use {@link middleware}.
   * Routes declared after this call are served too, and so are those of routers mounted in this one.
   */
  wrap(listener: RequestListener): RequestListener {
    this.servedRoot('wrap(listener)');
    return createListener(this.tree.index, this.options, this.hooks, listener, this.#streams);
  }

  /**
   * Ends every event stream the router is writing, for a shutdown: each gets a last comment and a
   * `retry:` (its client's `EventSource` reconnects, with `Last-Event-ID`, to wherever the address
   * leads next), its handler's `ctx.signal` is aborted, and its response ends cleanly; new event
   * streams are refused from then on (503, `Retry-After`). Resolves once every stream's response is
   * over, so that a server's graceful close is not held by streams that never end. Call it on the
   * router that is served (a mounted router's call ends the streams of the router it is mounted in).
   */
  closeEventStreams(): Promise<void> {
    let root: Router<string, unknown> = this as Router<string, unknown>;
    while (root.parent !== undefined) root = root.parent.router;
    return root.#streams.close();
  }
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
