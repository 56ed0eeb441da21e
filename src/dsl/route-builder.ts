import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { BindingOptions } from '../binding/value-binding';
import type { ResponsePolicy } from '../caching/response-policy';
import { isSurrogateKey } from '../caching/surrogate-keys';
import type { ConverterRegistry } from '../converters/converter-registry';
import type { CurrentValidators, ValidatorSource } from '../validators';
import type { IdempotencyOptions } from '../idempotency/route-idempotency';
import type { ResponseEntity } from '../response-entity';
import type { Awaitable, GuardContext, HookSource, StateOf } from './hooks';
import type { MappingAttributes } from './mapping-attributes';
import type { BodyOf, BodyToken } from './body-types';
import type { CookieOptions, DefaultChecked, HeaderOptions, MatrixOptions, PathVarOf, QueryOptions, WithBinding } from './binding-types';
import type { PathParams } from './path-params';
import type { Handler, RequestContext } from './request-context';
import type { ReturningHandler, ReturnsDeclaration, ReturnsOptions, RouteMetadata } from './route-metadata';

/** A binding declared on a route, before compilation. */
export interface DeclaredBinding {
  readonly source: 'query' | 'header' | 'cookie' | 'matrix';
  readonly name: string;
  readonly options: BindingOptions & { readonly pathVar?: string };
}

/** Everything a route declares; the router compiles it when `handle` is called. */
export interface RouteDeclaration {
  readonly attributes: MappingAttributes & {
    readonly method: readonly string[];
    readonly params: readonly string[];
    readonly headers: readonly string[];
    readonly consumes: readonly string[];
    readonly produces: readonly string[];
  };
  readonly bindings: readonly DeclaredBinding[];
  readonly body: BodyToken | undefined;
  readonly options: RouteOptions;
}

/** A handler time limit: after `ms`, the route answers `status` (503 by default) and aborts `ctx.signal`. */
export interface RouteTimeout {
  /** The time limit in milliseconds. */
  readonly ms: number;
  /** 503 (the default: the service is overloaded) or 504 (an upstream it waits on did not answer). */
  readonly status?: 503 | 504;
}

/** Per-route options beyond the mapping and the bindings. */
export interface RouteOptions {
  /** The caching policy of this route's responses (replaces the router's default). */
  readonly cache?: ResponsePolicy;
  /** Gives the current validators before the handler runs, so conditional requests skip it. */
  readonly etag?: (context: never) => ValidatorSource | Promise<ValidatorSource>;
  /** The largest request body accepted, in bytes (replaces the router's). */
  readonly bodyLimit?: number;
  /** The root element name when the response is written as XML. */
  readonly xmlRoot?: string;
  /** How long the handler may take before the route answers 503 or 504 (replaces the router's). */
  readonly timeout?: RouteTimeout;
  /** Customises the router's body converters for this route. */
  readonly converters?: (registry: ConverterRegistry) => ConverterRegistry;
  /** What the route says about itself in the API description (`router.openapi()`). */
  readonly metadata?: RouteMetadata;
  /** The schema of the handler's successful answer, from `.returns(schema)`. */
  readonly returns?: ReturnsDeclaration;
  /** The route's own hooks, in order: they run after the router's. */
  readonly hooks?: readonly HookSource<never>[];
  /** How a request carrying an `Idempotency-Key` is processed once (`.idempotent(...)`). */
  readonly idempotency?: IdempotencyOptions<never>;
  /** What the route tags its responses with (`.surrogateKeys(...)`), in order. */
  readonly surrogateKeys?: readonly SurrogateKeySource[];
}

/**
 * What a route tags its responses with: a surrogate key (`'bookcase'`), or a function of the
 * handler's context that gives keys (`ctx => ['user:' + ctx.path.id]`), called when the response is written.
 */
export type SurrogateKeySource = string | ((context: never) => Iterable<string | number>);

/** Where a finished declaration goes. */
export interface RouteRegistry {
  register(declaration: RouteDeclaration, handler: Handler<never>): void;
}

/**
 * The fluent form of a route: conditions and bindings, then `handle`. Each call returns a new
 * builder whose handler context is typed from what was declared so far.
 *
 * @example
 * api.get('/users/{id}').produces('application/json').query('fields', { required: false }).handle(ctx => users.get(ctx.path.id))
 */
export class RouteBuilder<S extends string, Q = {}, H = {}, M = {}, B = undefined, V = undefined, R = unknown, St = {}, C = {}> {
  /** @internal */
  constructor(
    private readonly registry: RouteRegistry,
    private readonly declaration: RouteDeclaration,
  ) {}

  private with(change: Partial<RouteDeclaration['attributes']>, extra: Partial<RouteDeclaration> = {}): this {
    return new RouteBuilder(this.registry, {
      ...this.declaration,
      ...extra,
      attributes: { ...this.declaration.attributes, ...change },
    }) as this;
  }

  /** The HTTP methods this route answers; none means every method. */
  method(...methods: string[]): this {
    return this.with({ method: [...this.declaration.attributes.method, ...methods] });
  }

  /** Query parameter conditions: `name`, `!name`, `name=value`, `name!=value`. */
  params(...expressions: string[]): this {
    return this.with({ params: [...this.declaration.attributes.params, ...expressions] });
  }

  /** Header conditions, as for params; on Content-Type or Accept they mean consumes or produces. */
  headers(...expressions: string[]): this {
    return this.with({ headers: [...this.declaration.attributes.headers, ...expressions] });
  }

  /** Media types accepted in the request body, with wildcards and negation (`!text/plain`). */
  consumes(...mediaTypes: string[]): this {
    return this.with({ consumes: [...this.declaration.attributes.consumes, ...mediaTypes] });
  }

  /** Media types the route can produce, in the server's order of preference. */
  produces(...mediaTypes: string[]): this {
    return this.with({ produces: [...this.declaration.attributes.produces, ...mediaTypes] });
  }

  private bind<R>(source: DeclaredBinding['source'], name: string, options: BindingOptions = {}): R {
    return new RouteBuilder(this.registry, {
      ...this.declaration,
      bindings: [...this.declaration.bindings, { source, name, options }],
    }) as R;
  }

  /** Binds a query parameter to `ctx.query[name]`. Required by default; `defaultValue` applies when absent or empty. */
  query<const N extends string, const O extends QueryOptions = {}>(name: N, options?: O & DefaultChecked<O>): RouteBuilder<S, WithBinding<Q, N, O>, H, M, B, V, R, St, C> {
    return this.bind('query', name, options);
  }

  /** Binds a request header to `ctx.header[name]`; a missing required header answers 400. */
  header<const N extends string, const O extends HeaderOptions = {}>(name: N, options?: O & DefaultChecked<O>): RouteBuilder<S, Q, WithBinding<H, N, O>, M, B, V, R, St, C> {
    return this.bind('header', name, options);
  }

  /**
   * Binds a cookie of the request's Cookie field (RFC 6265 section 5.4) to `ctx.cookie[name]`,
   * converted as declared; a missing required cookie, or one that does not convert, answers 400
   * naming it. The name is matched exactly (cookie names are case-sensitive). The route's
   * responses then carry `Vary: Cookie` (RFC 9110 section 12.5.5), so that no cache hands one
   * client's answer to another whose cookie differs.
   */
  cookie<const N extends string, const O extends CookieOptions = {}>(name: N, options?: O & DefaultChecked<O>): RouteBuilder<S, Q, H, M, B, V, R, St, WithBinding<C, N, O>> {
    return this.bind('cookie', name, options);
  }

  /**
   * Binds a matrix variable (`/cars;color=red,blue`) to `ctx.matrix[name]`, from the segment of
   * `pathVar` (a placeholder of the path, checked at compile time when the path is a literal) or any segment.
   */
  matrix<const N extends string, const O extends MatrixOptions<PathVarOf<S>> = {}>(name: N, options?: O & DefaultChecked<O>): RouteBuilder<S, Q, H, WithBinding<M, N, O>, B, V, R, St, C> {
    return this.bind('matrix', name, options);
  }

  /** Declares the request body: a kind token (`String`, `Buffer`, `Object`, ...) or a Standard Schema. */
  body<const T extends BodyToken>(token: T): RouteBuilder<S, Q, H, M, BodyOf<T>, V, R, St, C> {
    return new RouteBuilder(this.registry, { ...this.declaration, body: token });
  }

  /**
   * The caching policy of this route's responses: `{ maxAge, sMaxAge, public, private, noCache,
   * noStore, mustRevalidate, immutable, staleWhileRevalidate, staleIfError, expires }`.
   * `expires: 'never'` and `immutable` mean one year. Unsafe methods are never cacheable whatever it says.
   * For the shared cache of `express-represent/cache`, `independentOf: ['Cookie', 'Authorization']` says
   * the answers do not depend on those fields (their requests are then answered from it), and
   * `storeWithoutSetCookie` lets it store an answer that sets cookies, without them.
   */
  cache(policy: ResponsePolicy): this {
    return new RouteBuilder(this.registry, { ...this.declaration, options: { ...this.declaration.options, cache: policy } }) as this;
  }

  /**
   * Gives the resource's current validators (a version, or `{ etag, lastModified }`; `undefined`
   * when the resource does not exist) before the handler runs: conditional requests are then
   * answered (304, 412) without running the handler or converting a body. For GET and HEAD,
   * `undefined` runs the handler, whose answer (a 404, say) then stands: preconditions do not
   * apply to a response that would not be a success (RFC 9110 section 13.2.1). The hook's context
   * is typed with the bindings declared before it, so declare `.query()`, `.header()` and
   * `.matrix()` first (every binding is bound when it runs). The handler then reads what the hook
   * established in `ctx.validators`, typed from what the hook answers (a {@link CurrentValidators}):
   * a write makes its change conditional on the version its preconditions held for.
   *
   * @typeParam F - the hook; what it answers types the handler's `ctx.validators.answer`
   */
  etag<F extends (context: RequestContext<PathParams<S>, Q, H, M, undefined, undefined, St, C>) => ValidatorSource | Promise<ValidatorSource>>(
    hook: F,
  ): RouteBuilder<S, Q, H, M, B, CurrentValidators<Awaited<ReturnType<F>>>, R, St, C> {
    return new RouteBuilder(this.registry, {
      ...this.declaration,
      options: { ...this.declaration.options, etag: hook as RouteOptions['etag'] },
    });
  }

  /**
   * Tags the route's responses (representations and 304s, not problems) with surrogate keys, in the
   * fields the router's `surrogateKeyHeaders` names (`Surrogate-Key` by default), so that a cache
   * in front can drop every response tagged with a key at once, whatever its URI; on a write, the
   * keys are what the purger (`purger()` of `express-represent/cache`) drops. Fixed keys
   * (`.surrogateKeys('bookcase')`) must be keys as they are (letters, digits, `-._~:/@`: a
   * TypeError otherwise, when the route is declared); a function of the handler's context
   * (`ctx => ['user:' + ctx.path.id]`, typed with what is declared before it, synchronous) may give
   * any values, each made a key by `surrogateKey` (percent-encoded, so that nothing from the client
   * splits the field). Calls add up; a handler adds keys with `ctx.addSurrogateKeys(...)`.
   */
  surrogateKeys(keys: (context: RequestContext<PathParams<S>, Q, H, M, B, V, St>) => Iterable<string | number>): this;
  surrogateKeys(...keys: string[]): this;
  surrogateKeys(...keys: unknown[]): this {
    const sources = keys.map((key): SurrogateKeySource => {
      if (typeof key === 'function') return key as SurrogateKeySource;
      if (typeof key === 'string' && isSurrogateKey(key)) return key;
      throw new TypeError(`'${String(key)}' is not a surrogate key: letters, digits and -._~:/@ only (a function of the context may give any values)`);
    });
    const options = this.declaration.options;
    return new RouteBuilder(this.registry, { ...this.declaration, options: { ...options, surrogateKeys: [...(options.surrogateKeys ?? []), ...sources] } }) as this;
  }

  /** The largest request body this route accepts, in bytes; larger bodies answer 413. */
  limit(bytes: number): this {
    if (!Number.isInteger(bytes) || bytes < 0) throw new RangeError(`A body limit must be a whole number of bytes, got ${bytes}`);
    return new RouteBuilder(this.registry, { ...this.declaration, options: { ...this.declaration.options, bodyLimit: bytes } }) as this;
  }

  /**
   * Customises the body converters for this route: `.converters(r => r.prepend(new CsvConverter()))`.
   * The order decides: the first converter that fits reads or writes.
   */
  converters(configure: (registry: ConverterRegistry) => ConverterRegistry): this {
    return new RouteBuilder(this.registry, { ...this.declaration, options: { ...this.declaration.options, converters: configure } }) as this;
  }

  /**
   * Limits how long the handler (and reading its body) may take: past `ms`, the route answers 503
   * (or 504) as a problem document and aborts `ctx.signal`, and what the handler does later is ignored.
   */
  timeout(ms: number, options: { readonly status?: 503 | 504 } = {}): this {
    if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`A timeout must be a positive number of milliseconds, got ${ms}`);
    const timeout: RouteTimeout = { ms, ...(options.status !== undefined && { status: options.status }) };
    return new RouteBuilder(this.registry, { ...this.declaration, options: { ...this.declaration.options, timeout } }) as this;
  }

  /**
   * Processes a request carrying an `Idempotency-Key` once (draft-ietf-httpapi-idempotency-key-header):
   * a retry with the same key and the same content (method, target, Content-Type, body bytes) is
   * replayed the first answer (status, fields, body; from any instance sharing the `store`), one
   * sent while the first is still processed gets a 409, the same key with other content a 422, a
   * value that is not a key a 400 (problem documents). Keys belong to a client (`client`, by default
   * the request's credentials or address) and expire (`expiresIn`). A request without the field is
   * processed as before. The key is claimed once the guards have run and the body is read.
   *
   * @example
   * api.post('/orders').body(Object).idempotent({ store, client: (ctx) => ctx.get('user').id }).handle(...)
   */
  idempotent(options: IdempotencyOptions<RequestContext<PathParams<S>, Q, H, M, B, V, St, C>>): this {
    return new RouteBuilder(this.registry, { ...this.declaration, options: { ...this.declaration.options, idempotency: options as IdempotencyOptions<never> } }) as this;
  }

  /** The root element name used when the response is written as XML (default: from the path). */
  xmlRoot(name: string): this {
    return new RouteBuilder(this.registry, { ...this.declaration, options: { ...this.declaration.options, xmlRoot: name } }) as this;
  }

  private describe(metadata: RouteMetadata): this {
    const options = this.declaration.options;
    return new RouteBuilder(this.registry, { ...this.declaration, options: { ...options, metadata: { ...options.metadata, ...metadata } } }) as this;
  }

  /** A short summary of the operation, for the API description (`router.openapi()`). */
  summary(text: string): this {
    return this.describe({ summary: text });
  }

  /** A longer description of the operation (CommonMark), for the API description. */
  description(text: string): this {
    return this.describe({ description: text });
  }

  /** Tags that group the operation in the API description; they add up. */
  tags(...names: string[]): this {
    return this.describe({ tags: [...(this.declaration.options.metadata?.tags ?? []), ...names] });
  }

  /** The operation's unique name in the API description (default: from the method and path, `getUsersById`). */
  operationId(id: string): this {
    return this.describe({ operationId: id });
  }

  /** Marks the operation deprecated in the API description. */
  deprecated(deprecated = true): this {
    return this.describe({ deprecated });
  }

  /**
   * An answer the handler gives itself, for the API description: `status` (from 400 on, a problem
   * document) and what it means. The library's own answers (400 for a bad binding, 412, 415, ...)
   * are described without it. Declarations add up; a status declared twice keeps the first.
   */
  responds(status: number, description: string): this {
    if (!Number.isInteger(status) || status < 100 || status > 599) throw new RangeError(`A response status is an integer from 100 to 599, got ${status}`);
    const responses = { ...this.declaration.options.metadata?.responses };
    responses[String(status)] ??= description;
    return this.describe({ responses });
  }

  /**
   * Says that the handler never succeeds: it exists to answer a problem itself (a POST declared
   * only to tell 404 from 405). The API description then lists no success for it, only its
   * {@link responds} answers and the library's.
   */
  neverSucceeds(): this {
    return this.describe({ succeeds: false });
  }

  /**
   * The schema of what the handler answers on success (a Standard Schema: zod, valibot, arktype):
   * the handler must then return the schema's output (or a `ResponseEntity` of it), and the
   * API description gives that response (200 unless `status` says otherwise) the schema's JSON Schema.
   */
  returns<const T extends StandardSchemaV1>(schema: T, options: ReturnsOptions = {}): RouteBuilder<S, Q, H, M, B, V, StandardSchemaV1.InferOutput<T>, St, C> {
    const returns: ReturnsDeclaration = { schema, ...options };
    return new RouteBuilder(this.registry, { ...this.declaration, options: { ...this.declaration.options, returns } });
  }

  /**
   * Adds hooks to this route (a set of lifecycle hooks, or Express middleware as an `onRequest`
   * hook): they run after the router's, in the order added. The state they set types the
   * handler's `ctx.state` and `ctx.get`.
   */
  use<const U extends HookSource<never>>(hooks: U): RouteBuilder<S, Q, H, M, B, V, R, St & StateOf<U>, C> {
    return new RouteBuilder(this.registry, {
      ...this.declaration,
      options: { ...this.declaration.options, hooks: [...(this.declaration.options.hooks ?? []), hooks] },
    });
  }

  /**
   * A `preHandler` hook for this route: it runs once the route's inputs are bound, before its
   * preconditions are evaluated and before any body is read, and refuses by throwing an
   * {@link HttpError} (a 401, a 403) or returning a {@link ResponseEntity}. What it sets
   * (`ctx.set('user', user)`) types the handler's state: `.guard<{ user: User }>(ctx => ...)`.
   * Declare the bindings it reads before it.
   */
  guard<U extends object = {}>(check: (context: GuardContext<St & U, PathParams<S>, Q, H, M, C>) => Awaitable<void | ResponseEntity>): RouteBuilder<S, Q, H, M, B, V, R, St & U, C> {
    return this.use({ preHandler: check as unknown as (context: GuardContext<never>) => Awaitable<void | ResponseEntity> }) as RouteBuilder<S, Q, H, M, B, V, R, St & U, C>;
  }

  /** Registers the route with its handler. Throws if the route is malformed or ambiguous with another. */
  handle(handler: ReturningHandler<RequestContext<PathParams<S>, Q, H, M, B, V, St, C>, R>): void {
    this.registry.register(this.declaration, handler as Handler<never>);
  }
}
