import { routeName } from './routing/route-name';
import { compileBinding } from './binding/value-binding';
import type { ResponsePolicy } from './caching/response-policy';
import { routeCaching } from './caching/route-caching';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_STRUCTURES } from './converters/body-converter';
import type { ConverterRegistry } from './converters/converter-registry';
import type { RouteDeclaration, RouteTimeout, SurrogateKeySource } from './dsl/route-builder';
import type { SurrogateKeyField } from './caching/surrogate-keys';
import type { Handler } from './dsl/request-context';
import { DEFAULT_BODY_LIMIT } from './exchange/body-reader';
import { type HookPoints, combineHooks, compileHooks, runningPoints } from './exchange/hook-points';
import { routeSafeExtensions } from './exchange/requested-format';
import { essence, isConcrete } from './http/media-type';
import { compileQueryReader } from './http/query-parameters';
import { DEFAULT_MAX_COOKIES } from './http/request-cookies';
import { type RequestMapping, combineMappings, compileMapping, describeMapping } from './routing/request-mapping';
import type { AnyHandler, DeclaredSurrogateKeys, Route } from './routing/route';
import { compileBody, declaredAnswerKind, defaultXmlRoot, perKind, presumedAnswerKind, readableTypes, readsFormObjects, tagNames, writableOffers, writableRanges } from './routing/route-compilation';
import { unwritableProduces } from './routing/unwritable-produces';
import { bindingVaryFields } from './binding/vary-fields';
import { compileIdempotency } from './idempotency/route-idempotency';
import { MultipartParts } from './converters/multipart/multipart-parts';

/**
 * What a router gives each of its routes: its defaults combined with those of every router it is
 * mounted in, outermost first, as a route's own attributes combine with them (Spring's
 * type-level and method-level mappings): paths join, methods, params and headers add up, consumes
 * and produces, the policy, the limits and the converters of the inner router replace the outer's,
 * and hooks run outer first.
 */
export interface RouterScope {
  /** The combined mapping: the full prefix, and the conditions every route starts from. */
  readonly defaults: RequestMapping;
  readonly registry: ConverterRegistry;
  /** The hook points of the routers, outermost first; `undefined` when none has any. */
  readonly hooks: HookPoints | undefined;
  readonly cache: ResponsePolicy | undefined;
  readonly bodyLimit: number | undefined;
  readonly maxDepth: number | undefined;
  readonly maxStructures: number | undefined;
  readonly maxCookies: number | undefined;
  readonly timeout: RouteTimeout | undefined;
  /** The response fields the routes' surrogate keys go in. */
  readonly surrogateKeyFields: readonly SurrogateKeyField[];
}

/** The part of a router's options its scope is made of. */
export interface ScopeOptions {
  readonly surrogateKeyHeaders?: readonly string[];
  readonly converters?: ConverterRegistry | ((defaults: ConverterRegistry) => ConverterRegistry);
  readonly cache?: ResponsePolicy;
  readonly bodyLimit?: number;
  readonly maxDepth?: number;
  readonly maxStructures?: number;
  readonly maxCookies?: number;
  readonly timeout?: RouteTimeout;
}

/**
 * The scope of a router mounted at `path` in a router of scope `outer`: the outer's defaults, the
 * mount path, then the router's own (`defaults`, `hooks`, `options`).
 */
export function innerScope(
  outer: RouterScope,
  path: string,
  defaults: RequestMapping,
  hooks: HookPoints | undefined,
  options: ScopeOptions,
  surrogateKeyFields: readonly SurrogateKeyField[],
): RouterScope {
  const mount = compileMapping({ path }, `mounted at ${path}`);
  const converters = options.converters;
  return {
    defaults: combineMappings(combineMappings(outer.defaults, mount), defaults),
    registry: converters === undefined ? outer.registry : typeof converters === 'function' ? converters(outer.registry) : converters,
    hooks: combineHooks(outer.hooks, hooks),
    cache: options.cache ?? outer.cache,
    bodyLimit: options.bodyLimit ?? outer.bodyLimit,
    maxDepth: options.maxDepth ?? outer.maxDepth,
    maxStructures: options.maxStructures ?? outer.maxStructures,
    maxCookies: options.maxCookies ?? outer.maxCookies,
    timeout: options.timeout ?? outer.timeout,
    surrogateKeyFields: options.surrogateKeyHeaders === undefined ? outer.surrogateKeyFields : surrogateKeyFields,
  };
}

/** A route's `.surrogateKeys(...)`: the fixed keys once each, and the functions that compute the others. */
function declaredSurrogateKeys(sources: readonly SurrogateKeySource[] | undefined): DeclaredSurrogateKeys | undefined {
  if (sources === undefined || sources.length === 0) return undefined;
  const fixed = [...new Set(sources.filter((source): source is string => typeof source === 'string'))];
  const computed = sources.filter((source) => typeof source === 'function') as unknown as DeclaredSurrogateKeys['computed'];
  return { fixed, computed };
}

/**
 * Compiles a declared route in a router's scope: its mapping combined with the scope's, its
 * bindings and body settled, and every per-route fact worked out once (offers per kind, tag names,
 * produced types, the fields it varies on). Throws naming the route when anything is malformed.
 */
export function compileRoute(declaration: RouteDeclaration, handler: Handler<never>, scope: RouterScope, order: number): Route {
  const { attributes } = declaration;
  const name = `${attributes.method.join('|') || '*'} ${attributes.path ?? ''}`;
  if (typeof handler !== 'function') throw new Error(`Route ${name}: the handler must be a function`);
  const combined = combineMappings(scope.defaults, compileMapping(attributes, name));
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
  const registry = declaration.options.converters === undefined ? scope.registry : declaration.options.converters(scope.registry);
  const unwritable = unwritableProduces(registry, mapping.produces);
  if (unwritable !== undefined) throw new Error(`Route ${name}: it produces ${unwritable}`);
  const body = compileBody(declaration.body);
  const offers = perKind(writableOffers, registry, mapping.produces);
  const declaredKind = declaredAnswerKind(declaration.options.returns);
  const producedTypes = mapping.produces.expressions.filter((e) => !e.negated && isConcrete(e.mediaType)).map((e) => e.mediaType);
  const declaredHooks = combineHooks(scope.hooks, compileHooks(declaration.options.hooks ?? []));
  const producedEssences = producedTypes.map(essence);
  const cachePolicy = declaration.options.cache ?? scope.cache;
  const idempotent = declaration.options.idempotency;
  // Parts handed to the handler as they arrive cannot be fingerprinted before it runs.
  if (idempotent !== undefined && declaration.body === MultipartParts) throw new Error(`Route ${name}: .idempotent() takes a body read whole, not MultipartParts`);
  let idempotency;
  try {
    idempotency = idempotent === undefined ? undefined : compileIdempotency(idempotent as never);
  } catch (error) {
    throw new Error(`Route ${name}: ${(error as Error).message}`, { cause: error });
  }
  return {
    registry,
    bodyKind: body.kind,
    bodySchema: body.schema,
    bodyShape: body.shape,
    bodyLimit: declaration.options.bodyLimit ?? scope.bodyLimit ?? DEFAULT_BODY_LIMIT,
    maxDepth: scope.maxDepth ?? DEFAULT_MAX_DEPTH,
    maxStructures: scope.maxStructures ?? DEFAULT_MAX_STRUCTURES,
    maxCookies: scope.maxCookies ?? DEFAULT_MAX_COOKIES,
    readableTypes: readableTypes(registry, body.kind, mapping.consumes),
    formObjects: readsFormObjects(body.kind, mapping.consumes),
    cachePolicy,
    caching: routeCaching(cachePolicy, producedEssences),
    surrogateKeys: declaredSurrogateKeys(declaration.options.surrogateKeys),
    surrogateKeyFields: scope.surrogateKeyFields,
    timeout: declaration.options.timeout ?? scope.timeout,
    idempotency,
    xmlRoot: declaration.options.xmlRoot ?? defaultXmlRoot(mapping.template),
    offers,
    answerKind: declaredKind ?? presumedAnswerKind(offers),
    declaredAnswerKind: declaredKind,
    tagNames: tagNames(offers),
    ranges: perKind(writableRanges, registry, mapping.produces),
    producedTypes,
    producedEssences,
    safeExtensions: routeSafeExtensions(mapping.template, producedEssences),
    // RFC 9110 section 12.5.5: the answer depends on the cookies and headers it binds, so caches must key it by them.
    varyFields: bindingVaryFields(bindings),
    order,
    mapping,
    template: mapping.template,
    prefix: scope.defaults.template,
    bindings,
    queryReader: bindings.some((binding) => binding.source === 'query')
      ? compileQueryReader(bindings.map((binding) => (binding.source === 'query' ? binding.name : undefined)))
      : undefined,
    body: declaration.body,
    options: declaration.options,
    handler: handler as unknown as AnyHandler,
    hooks: runningPoints(declaredHooks),
    security: declaredHooks?.security ?? [],
    description: describeMapping(mapping),
    declared: { template: routeName(mapping.template), methods: mapping.methods.methods },
  };
}
