import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ConsumesCondition } from '../conditions/consumes-condition';
import type { ProducesCondition } from '../conditions/produces-condition';
import { BODY_KINDS, type BodyKind, bodyKindOf, writesAsIs } from '../converters/body-kind';
import { rendersActively } from '../http/active-content';
import { acceptedCharset, acceptedType } from './accepted-type';
import type { ConverterRegistry } from '../converters/converter-registry';
import { type JsonSchemaLike, type JsonSchemaType, shapeOf } from '../converters/json-schema-shape';
import { isMultipartSchema } from '../converters/multipart/multipart-schema';
import type { ReturnsDeclaration } from '../dsl/route-metadata';
import { type MediaRange, preferredMediaTypes, rememberedPerAccept } from '../http/accept-header';
import { type MediaType, essence, formatMediaType, includes, includesInAnyCharset, isCompatible, isConcrete, isTextual } from '../http/media-type';
import type { PathTemplate } from './path-template';
import { representationName } from '../validators';

/** Whether a body token is a Standard Schema (zod, valibot, arktype ...). */
export function isStandardSchema(token: unknown): token is StandardSchemaV1 {
  const standard = (token as { '~standard'?: { validate?: unknown } } | null)?.['~standard'];
  return typeof standard === 'object' && standard !== null && typeof standard.validate === 'function';
}

/** The body parts of a route, settled when it is declared. */
export function compileBody(token: unknown): { kind: BodyKind; schema: StandardSchemaV1 | undefined; shape: JsonSchemaLike | undefined } {
  // The schema validates the fields of a multipart body, coercing them itself.
  if (isMultipartSchema(token)) return { kind: 'multipart', schema: token, shape: undefined };
  if (isStandardSchema(token)) return { kind: 'object', schema: token, shape: shapeOf(token) };
  // A route that declares no body reads one as a plain object, should a request carry it.
  const kind = token === undefined ? 'object' : bodyKindOf(token);
  // A body is read as a plain value: typing it as an instance of any other class (`.body(Date)`)
  // would promise methods it never has, and the first call to one would be a 500.
  if (kind === undefined) throw new TypeError(`.body(${tokenName(token)}) names no body kind: a body is bound as a plain value, never as an instance of that class. Declare .body(Object) for a plain object, or a Standard Schema (zod, valibot, arktype) to validate and type it; the kinds are String, Buffer, Uint8Array, Object, Array, Form, XmlDocument, Feed, Multipart and MultipartParts`);
  return { kind, schema: undefined, shape: undefined };
}

function tokenName(token: unknown): string {
  return typeof token === 'function' && token.name !== '' ? token.name : String(token);
}

/**
 * Whether a route reads form bodies into its object (or schema) body. Only when its consumes names
 * the form type: browsers send forms across sites without a CORS preflight, so a JSON endpoint
 * that silently accepted them would be open to cross-site form posts (CSRF).
 */
export function readsFormObjects(kind: BodyKind, consumes: ConsumesCondition): boolean {
  return kind === 'object' && consumes.expressions.some((e) => !e.negated && isFormType(e.mediaType));
}

/** Whether a media type is the form type. */
export function isFormType(mediaType: MediaType): boolean {
  return mediaType.type === 'application' && mediaType.subtype === 'x-www-form-urlencoded';
}

/** What a body may be sent as: the readable types of the kind, narrowed to what the route consumes. */
export function readableTypes(registry: ConverterRegistry, kind: BodyKind, consumes: ConsumesCondition): string[] {
  const formObjects = readsFormObjects(kind, consumes);
  const readable = registry.readableMediaTypes(kind).filter((type) => kind !== 'object' || formObjects || !isFormType(type));
  const declared = consumes.expressions.filter((e) => !e.negated);
  if (declared.length === 0) return readable.map(formatMediaType);
  const result = new Set<string>();
  for (const expression of declared) {
    if (readable.some((type) => isCompatible(type, expression.mediaType))) result.add(expression.text);
  }
  return [...result];
}

/**
 * The concrete media types a value of `kind` can be written as, in the server's order: what the
 * route produces (ranges expanded to the registry's writable types), or, without produces, every
 * writable type in converter order but, for a value written as it is (a string, bytes), the types
 * a browser renders actively ({@link rendersActively}) and the form type: a string is `text/plain`
 * (or a JSON string), never `application/xml`, unless the route names it. Negated produces
 * expressions take types away.
 */
export function writableOffers(registry: ConverterRegistry, kind: BodyKind, produces: ProducesCondition): MediaType[] {
  const writable = registry.writableMediaTypes(kind).filter(isConcrete);
  const positive = produces.expressions.filter((e) => !e.negated);
  const negated = produces.expressions.filter((e) => e.negated);
  let offers: MediaType[];
  if (positive.length === 0) offers = writesAsIs(kind) ? writable.filter(isDefaultForAsIs) : [...writable];
  else {
    offers = [];
    for (const expression of positive) {
      if (isConcrete(expression.mediaType)) {
        if (registry.findWriter(kind, expression.mediaType) !== undefined) offers.push(expression.mediaType);
      } else {
        offers.push(...writable.filter((type) => includes(expression.mediaType, type)));
      }
    }
  }
  return distinctOffers(offers, negated);
}

/** `offers` without repeats (the first kept) and without the types a negated produces expression takes away. */
export function distinctOffers(offers: readonly MediaType[], negated: readonly { readonly mediaType: MediaType }[]): MediaType[] {
  const seen = new Set<string>();
  return offers.filter((type) => {
    const key = formatMediaType(type);
    if (seen.has(key) || negated.some((e) => includes(e.mediaType, type))) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether a value written as it is may be labelled with a type without the route naming it: not
 * one a browser renders actively, nor the form type (a string as it is is not form-encoded, and
 * `!text/plain` answered a string as `application/x-www-form-urlencoded`).
 */
function isDefaultForAsIs(type: MediaType): boolean {
  return !rendersActively(type) && !isFormType(type);
}

/**
 * The ranges whose every member a value of `kind` can be written as, when Accept names it: offers
 * are concrete, so these stand for the rest (Spring's "most specific of the two").
 *
 * - Without produces, the converters' `type/*` ranges: strings as any text type (`text/*`), and
 *   for values that are not written as they are, the full range too. Bytes without produces are
 *   `application/octet-stream` whatever Accept says: labelled with the type Accept names, bytes a
 *   client stored (`<html><script>`) came back to a browser as `text/html`, a stored XSS; a
 *   route or a handler that knows their type says it. Suffix ranges (`application/*+json`) are left out: a suffix names a
 *   syntax, not a vocabulary, and an object is not an `application/xhtml+xml` document because
 *   it can be written as XML; the route declares such types.
 * - With produces, the declared ranges (suffix ones too) that a converter range includes, and the
 *   converter's `type/*` ranges a declared range includes.
 * - A declared text type without a charset that a converter writes as part of a `type/*` range
 *   (`text/plain` for strings): it is written in whatever charset Accept names, as it would be
 *   without produces, so it stands for itself with any charset.
 */
export function writableRanges(registry: ConverterRegistry, kind: BodyKind, produces: ProducesCondition): MediaType[] {
  const ranges = registry.writableMediaTypes(kind).filter((type) => !isConcrete(type));
  const open = ranges.filter((type) => type.subtype === '*');
  const positive = produces.expressions.filter((e) => !e.negated).map((e) => e.mediaType);
  if (positive.length === 0) return writesAsIs(kind) ? open.filter((range) => range.type !== '*') : open;
  const result: MediaType[] = [];
  for (const declared of positive) {
    if (isConcrete(declared)) {
      if (isCharsetOpen(declared, open)) result.push(declared);
    } else if (ranges.some((range) => includes(range, declared))) result.push(declared);
    else result.push(...open.filter((range) => includes(declared, range)));
  }
  const seen = new Set<string>();
  return result.filter((type) => {
    const key = formatMediaType(type);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether a concrete textual type without a charset is written in any charset by a `type/*` range of `open`. */
function isCharsetOpen(declared: MediaType, open: readonly MediaType[]): boolean {
  return declared.parameters.charset === undefined && isTextual(declared) && open.some((range) => range.type !== '*' && includes(range, declared));
}

/**
 * The offers for one request: the route's concrete offers, then each concrete type the Accept
 * header names that one of `ranges` includes, as {@link acceptedType} admits it (a `charset` the
 * server writes honoured, other parameters not; a type a browser renders actively only when an
 * offer names it, and in UTF-8), unless a negated produces expression takes it away; and for a
 * range with a charset (`text/*;charset=iso-8859-1`), each offer it names that one of `ranges`
 * writes, in that charset ({@link acceptedCharset}).
 */
function offersWithAccepted(
  offers: readonly MediaType[],
  ranges: readonly MediaType[],
  accept: readonly MediaRange[],
  produces: ProducesCondition,
): readonly MediaType[] {
  if (ranges.length === 0) return offers;
  const negated = produces.expressions.filter((e) => e.negated);
  const result: MediaType[] = [];
  // By essence: a concrete type includes only types of its own essence, so each Accept range looks
  // at those alone, not at every offer so far (which grow with the ranges).
  const byEssence = new Map<string, MediaType[]>();
  const add = (offer: MediaType): void => {
    result.push(offer);
    const key = essence(offer);
    const same = byEssence.get(key);
    if (same === undefined) byEssence.set(key, [offer]);
    else same.push(offer);
  };
  offers.forEach(add);
  for (const wanted of accept) {
    if (wanted.q === 0) continue;
    if (!isConcrete(wanted)) {
      // `text/*;charset=iso-8859-1`: the offers it names that are written in any charset, in that one.
      const wantedCharset = wanted.parameters.charset;
      if (wantedCharset === undefined) continue;
      for (const offer of offers) {
        if (offer.parameters.charset !== undefined || !includesInAnyCharset(wanted, offer) || !ranges.some((open) => includes(open, offer))) continue;
        const charset = acceptedCharset(offer, wantedCharset);
        if (charset !== undefined) add({ ...offer, parameters: { ...offer.parameters, charset } });
      }
      continue;
    }
    const named = byEssence.get(essence(wanted));
    if (named?.some((offer) => includes(wanted, offer)) === true) continue;
    const type = acceptedType(wanted, named !== undefined);
    if (type === undefined || !ranges.some((range) => includes(range, type)) || negated.some((e) => includes(e.mediaType, type))) continue;
    add(type);
  }
  return result;
}

const negotiatedWithAccepted = new WeakMap<object, WeakMap<readonly MediaRange[], readonly MediaType[]>>();

/**
 * The offers for one request ({@link offersWithAccepted}) ranked by Accept, best first, remembered
 * per route offers list (one per route and kind, with its ranges and produces) and per parsed
 * Accept header ({@link rememberedPerAccept}).
 */
export function negotiateWithAccepted(
  offers: readonly MediaType[],
  ranges: readonly MediaType[],
  accept: readonly MediaRange[],
  produces: ProducesCondition,
): readonly MediaType[] {
  return rememberedPerAccept(negotiatedWithAccepted, offers, accept, () => preferredMediaTypes(offersWithAccepted(offers, ranges, accept, produces), accept));
}

/** The XML root element name when the route gives none: its last literal path segment, else `root`. */
export function defaultXmlRoot(template: PathTemplate): string {
  for (let i = template.segments.length - 1; i >= 0; i--) {
    const segment = template.segments[i]!;
    if (segment.kind === 'literal' && /^[A-Za-z_][\w.-]*$/.test(segment.text)) return segment.text;
  }
  return 'root';
}

/**
 * A per-kind list that depends only on the route (its offers, its writable ranges), worked out for
 * every kind when the route is declared: the lists are the same arrays on every request, which the
 * per-Accept negotiation memo is keyed by.
 */
export function perKind(
  compute: (registry: ConverterRegistry, kind: BodyKind, produces: ProducesCondition) => MediaType[],
  registry: ConverterRegistry,
  produces: ProducesCondition,
): (kind: BodyKind) => readonly MediaType[] {
  const lists = new Map<BodyKind, readonly MediaType[]>(BODY_KINDS.map((kind) => [kind, Object.freeze(compute(registry, kind, produces))]));
  return (kind) => lists.get(kind)!;
}

/**
 * The kind of value a route is taken to answer with before its handler has run (its `.etag()`
 * hook's representation): objects when it can write them, else the first kind in
 * {@link BODY_KINDS} order it can write, so that a route producing only text types is a string's.
 */
export function presumedAnswerKind(offers: (kind: BodyKind) => readonly MediaType[]): BodyKind {
  if (offers('object').length > 0) return 'object';
  return BODY_KINDS.find((kind) => offers(kind).length > 0) ?? 'object';
}

/** Statuses whose answers have no content (RFC 9110 sections 15.3.5, 15.3.6, 15.4.5): nothing to negotiate. */
const WITHOUT_CONTENT = new Set([204, 205, 304]);

/**
 * The kind of value a route's handler answers with, when the route declares it (`.returns(schema)`)
 * and the schema describes its output (Standard JSON Schema: zod 4, valibot through
 * `toStandardJsonSchema`): `'string'` for a string, `'object'` for the structured values (objects,
 * arrays, numbers, booleans, `null`). `undefined` when that is not known before the handler has
 * run: no `.returns()`, a status without content, a schema that cannot describe its output (a
 * transform), or one whose output may be a string or something else. With it, the representation
 * is chosen before an unsafe handler runs (RFC 9110 section 12.5.1).
 */
export function declaredAnswerKind(returns: ReturnsDeclaration | undefined): BodyKind | undefined {
  if (returns === undefined || WITHOUT_CONTENT.has(returns.status ?? 200)) return undefined;
  const types = jsonTypes(outputSchemaOf(returns.schema));
  if (types === undefined || types.length === 0) return undefined;
  if (types.every((type) => type === 'string')) return 'string';
  return types.includes('string') ? undefined : 'object';
}

/** The JSON Schema of what a Standard Schema gives, when it describes it; `undefined` otherwise. */
function outputSchemaOf(schema: StandardSchemaV1): JsonSchemaLike | undefined {
  const jsonSchema = (schema['~standard'] as { jsonSchema?: { output?: unknown } }).jsonSchema;
  if (typeof jsonSchema?.output !== 'function') return undefined;
  try {
    return (jsonSchema.output as (options: { target: string }) => JsonSchemaLike)({ target: 'draft-2020-12' });
  } catch {
    return undefined;
  }
}

/** The JSON types a schema admits, from `type` or every branch of `anyOf`/`oneOf`; `undefined` when it does not say. */
function jsonTypes(schema: JsonSchemaLike | undefined): readonly JsonSchemaType[] | undefined {
  if (schema === undefined || typeof schema === 'boolean') return undefined;
  if (schema.type !== undefined) return typeof schema.type === 'string' ? [schema.type] : schema.type;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches === undefined) return undefined;
  const types: JsonSchemaType[] = [];
  for (const branch of branches) {
    const own = jsonTypes(branch);
    if (own === undefined) return undefined;
    types.push(...own);
  }
  return types;
}

/**
 * The representation names a version's tags carry at a route (`json`, `xml`): those of each kind
 * it writes in more than one type, for an unsafe method's preconditions to accept the tag of any
 * representation of the current version.
 */
export function tagNames(offers: (kind: BodyKind) => readonly MediaType[]): readonly string[] {
  const found = new Set<string>();
  for (const kind of BODY_KINDS) {
    const kindOffers = offers(kind);
    if (kindOffers.length > 1) for (const offer of kindOffers) found.add(representationName(offer));
  }
  return [...found];
}
