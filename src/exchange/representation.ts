import type { BodyKind } from '../converters/body-kind';
import { type MediaRange, negotiate } from '../http/accept-header';
import { type MediaType, formatMediaType, parseMediaType } from '../http/media-type';
import type { Route } from '../routing/route';
import { negotiateWithAccepted } from '../routing/route-compilation';
import { representationName } from '../validators';

/**
 * The representation a response is written in (RFC 9110 section 3.2), decided once per request
 * and read by everything that depends on it: the `.etag()` hook's preconditions, the 200's writer,
 * the 304 and its `Vary`.
 */
export interface Representation {
  /** The kind of value it is the representation of. */
  readonly kind: BodyKind;
  /** The media type chosen: the handler's own Content-Type, or Accept's best offer; `undefined` when Accept allows none (406). */
  readonly mediaType: MediaType | undefined;
  /**
   * The name its entity tags carry (`json` in `"7;json"`) when a value of its kind has more than one
   * representation at this route: a strong validator belongs to one representation (RFC 9110
   * section 8.8.3). `undefined` with one representation, or a type the handler set.
   */
  readonly tagName: string | undefined;
  /** Whether Accept could choose another representation, so that the response and its 304 say `Vary: Accept` (RFC 9110 section 12.5.5). */
  readonly varies: boolean;
  /** The concrete types a value of its kind could be written as, in the server's order. */
  readonly offers: readonly MediaType[];
  /** The ranges a converter writes any member of, when Accept names the member (bytes as any type). */
  readonly ranges: readonly MediaType[];
  /** Whether the handler chose the type itself (a Content-Type it set): not negotiated. */
  readonly explicit: boolean;
}

/**
 * Chooses the representation of a value of `kind` at `route` for a request's Accept: a type the
 * handler set stands (`explicitType`); otherwise the value's offers (and the ranges a converter
 * writes any member of) ranked by Accept (q-values, specificity, order; absent means anything),
 * Spring's "intersect Accept with what the route can produce, then the first converter that can write it".
 * `named`: a format the URL names stands for Accept, so the representation does not vary by Accept.
 */
export function chooseRepresentation(route: Route, kind: BodyKind, accept: readonly MediaRange[], explicitType?: MediaType, named = false): Representation {
  // A format the URL names chose it: the URL, which caches key by, decides, not Accept.
  const producesSeveral = !named && route.mapping.produces.expressions.length > 1;
  if (explicitType !== undefined) {
    return { kind, mediaType: explicitType, tagName: undefined, varies: producesSeveral, offers: [explicitType], ranges: [], explicit: true };
  }
  const offers = route.offers(kind);
  const ranges = route.ranges(kind);
  const mediaType = ranges.length === 0 ? negotiate(offers, accept)[0] : negotiateWithAccepted(offers, ranges, accept, route.mapping.produces)[0];
  return {
    kind,
    mediaType,
    tagName: mediaType !== undefined && offers.length > 1 ? representationName(mediaType) : undefined,
    varies: !named && (producesSeveral || offers.length > 1 || ranges.length > 0),
    offers,
    ranges,
    explicit: false,
  };
}

/**
 * `ctx.mediaType`: the essence (`type/subtype`) of the type Accept prefers among those the route
 * declares it produces; `undefined` when it declares none, or Accept allows none of them.
 */
export function producedMediaType(route: Route, accept: readonly MediaRange[]): string | undefined {
  if (route.producedTypes.length === 0) return undefined;
  const best = negotiate(route.producedTypes, accept)[0];
  return best === undefined ? undefined : route.producedEssences[route.producedTypes.indexOf(best)];
}

/**
 * Whether a type the handler set is one the route declares it produces (its parameters aside) and
 * Accept refuses it: the route's negotiation of its produced types leaves it out.
 */
export function isRefusedDeclaredType(route: Route, type: MediaType, accept: readonly MediaRange[]): boolean {
  const declared = route.producedTypes.find((produced) => produced.type === type.type && produced.subtype === type.subtype);
  return declared !== undefined && !negotiate(route.producedTypes, accept).includes(declared);
}

/** What a 406 lists: every type the representation could have been written in. */
export function availableTypes(representation: Representation): string[] {
  return [...new Set([...representation.offers, ...representation.ranges].map(formatMediaType))];
}

const PROBLEM_JSON = parseMediaType('application/problem+json');
const PROBLEM_XML = parseMediaType('application/problem+xml');
// A client that accepts JSON or XML but names no problem type gets its problems in that syntax too.
const PROBLEM_OFFERS = [PROBLEM_JSON, PROBLEM_XML, parseMediaType('application/json'), parseMediaType('application/xml'), parseMediaType('text/xml')];
const XML_OFFERS = new Set([PROBLEM_OFFERS[1], PROBLEM_OFFERS[3], PROBLEM_OFFERS[4]]);

/**
 * The syntax a problem document is written in (RFC 9457 section 3): XML when Accept prefers
 * `application/problem+xml` or plain XML, JSON otherwise, also when Accept allows neither (an error
 * is better sent in a format the client did not ask for than not at all). It varies by Accept
 * whenever the request has one.
 */
export function problemRepresentation(accept: readonly MediaRange[]): { readonly xml: boolean; readonly varies: boolean } {
  const preferred = negotiate(PROBLEM_OFFERS, accept)[0];
  return { xml: preferred !== undefined && XML_OFFERS.has(preferred), varies: accept.length > 0 };
}
