import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { CompiledBinding } from '../binding/value-binding';
import type { ResponsePolicy } from '../caching/response-policy';
import type { RouteCaching } from '../caching/route-caching';
import type { SurrogateKeyField } from '../caching/surrogate-keys';
import type { BodyKind } from '../converters/body-kind';
import type { ConverterRegistry } from '../converters/converter-registry';
import type { JsonSchemaLike } from '../converters/json-schema-shape';
import type { MediaType } from '../http/media-type';
import type { QueryReader } from '../http/query-parameters';
import type { BodyToken } from '../dsl/body-types';
import type { RouteOptions, RouteTimeout } from '../dsl/route-builder';
import type { RequestContext } from '../dsl/request-context';
import type { HookPoints } from './route-hooks';
import type { RouteIdempotency } from '../idempotency/route-idempotency';
import type { HookSecurity } from '../dsl/hooks';
import type { PathTemplate } from './path-template';
import type { RequestMapping } from './request-mapping';
import type { SelectedRoute } from '../diagnostics/channels';

/** A handler as the dispatcher calls it; the DSL types it precisely for users. */
export type AnyHandler = (context: RequestContext<unknown, unknown, unknown, unknown, unknown, unknown>) => unknown;

/** A route's surrogate keys, split when it is declared: the fixed ones, and the functions that compute the others per response. */
export interface DeclaredSurrogateKeys {
  readonly fixed: readonly string[];
  readonly computed: readonly ((context: RequestContext<unknown, unknown, unknown, unknown, unknown, unknown>) => Iterable<string | number>)[];
}

/** A compiled route: everything about it settled when it was declared. */
export interface Route {
  /** Declaration order: the server's preference when nothing else decides. */
  readonly order: number;
  readonly mapping: RequestMapping;
  readonly template: PathTemplate;
  /** The router's own path template (its prefix), which `ctx.url` puts before the template it is given. */
  readonly prefix: PathTemplate;
  readonly bindings: readonly CompiledBinding[];
  /**
   * Reads the values of the route's query bindings, at their bindings' indexes; `undefined` when
   * it binds no query parameter (its requests' queries are then never read for it).
   */
  readonly queryReader: QueryReader | undefined;
  readonly body: BodyToken | undefined;
  readonly options: RouteOptions;
  readonly handler: AnyHandler;
  /** The router's hooks, then the route's, per point; `undefined` when none runs (it pays nothing). */
  readonly hooks: HookPoints | undefined;
  /** The security schemes its hooks declare (the router's, then its own), for the OpenAPI document. */
  readonly security: readonly HookSecurity[];
  /** One line for the route table and error messages. */
  readonly description: string;
  /** The route as the diagnostics channels name it: its full template and methods, as declared. */
  readonly declared: SelectedRoute;
  /** The body converters of this route (the router's, possibly customised). */
  readonly registry: ConverterRegistry;
  /** What the declared body is read into. */
  readonly bodyKind: BodyKind;
  readonly bodySchema: StandardSchemaV1 | undefined;
  /** The schema's shape, for formats whose values are all text (XML, forms). */
  readonly bodyShape: JsonSchemaLike | undefined;
  readonly bodyLimit: number;
  readonly maxDepth: number;
  /** The most objects and arrays a JSON body may hold (the router's `maxStructures`). */
  readonly maxStructures: number;
  /** The most cookies a Cookie field may hold when the route binds a cookie (the router's `maxCookies`). */
  readonly maxCookies: number;
  /** Whether form bodies are read into the object body (only when consumes names the form type). */
  readonly formObjects: boolean;
  /** The media types a body can be sent in: what the route consumes that a converter can read. */
  readonly readableTypes: readonly string[];
  readonly cachePolicy: ResponsePolicy | undefined;
  /** What it tells a shared cache in front of it beyond its answers' fields; `undefined` when nothing. */
  readonly caching: RouteCaching | undefined;
  /** The surrogate keys the route declares, fixed and computed; `undefined` when it declares none. */
  readonly surrogateKeys: DeclaredSurrogateKeys | undefined;
  /** The fields a response's surrogate keys go in (the router's `surrogateKeyHeaders`). */
  readonly surrogateKeyFields: readonly SurrogateKeyField[];
  readonly timeout: RouteTimeout | undefined;
  /** How it processes a request carrying an `Idempotency-Key` once (`.idempotent()`); `undefined` when it did not opt in. */
  readonly idempotency: RouteIdempotency | undefined;
  readonly xmlRoot: string;
  /** The concrete media types the route declares it produces, in its order (for `ctx.mediaType`). */
  readonly producedTypes: readonly MediaType[];
  /** The essence (`type/subtype`) of each of {@link producedTypes}, in the same order. */
  readonly producedEssences: readonly string[];
  /** The extensions its answers may carry without the RFD guard (its template's literal suffix, `html` when it produces HTML). */
  readonly safeExtensions: ReadonlySet<string>;
  /** The request fields besides Accept its answers depend on, for Vary: `Cookie` when it binds a cookie. */
  readonly varyFields: readonly string[];
  /**
   * The kind of value the route is taken to answer with before its handler has run, for the
   * representation its `.etag()` hook answers preconditions for: the kind it declares
   * ({@link declaredAnswerKind}), else objects when it can write them, else the first kind it can
   * write (strings for a route producing `text/plain` and `text/html`).
   */
  readonly answerKind: BodyKind;
  /**
   * The kind of value the handler answers with when the route declares it (`.returns(schema)`):
   * an unsafe request's representation is then chosen, and a 406 answered, before the handler
   * runs. `undefined` when it is known only once the handler has answered.
   */
  readonly declaredAnswerKind: BodyKind | undefined;
  /** The representation names its versions' tags carry (`json`, `xml`): those of each kind it writes in more than one type. */
  readonly tagNames: readonly string[];
  /** The concrete media types a value of a kind can be written as, in the server's order (memoised). */
  offers(kind: BodyKind): readonly MediaType[];
  /** The ranges a converter writes any member of for a kind (bytes as any type): Accept picks the member (memoised). */
  ranges(kind: BodyKind): readonly MediaType[];
}

/** The name of a compiled route in middleware that uses its compiled parts. */
export type CompiledRoute = Route;

/** One row of the route table returned by `router.routes()`. */
export interface RouteInfo {
  /** The methods the route answers; empty when it answers any. */
  readonly methods: readonly string[];
  /** The full path template, the router's prefix included. */
  readonly path: string;
  /** The query parameter conditions, as declared (empty when none). */
  readonly params: string;
  /** The request header conditions, as declared (empty when none). */
  readonly headers: string;
  /** The media types the route consumes. */
  readonly consumes: readonly string[];
  /** The media types the route produces. */
  readonly produces: readonly string[];
  /** A one-line summary (`GET /users/{id} produces: application/json`), as error messages name the route. */
  readonly description: string;
}
