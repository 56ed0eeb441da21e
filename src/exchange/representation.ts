import type { BodyKind } from '../converters/body-kind';
import { type MediaRange, negotiate } from '../http/accept-header';
import { type MediaType, formatMediaType } from '../http/media-type';
import type { Route } from '../routing/route';
import { negotiateWithAccepted } from '../routing/route-compilation';

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

/** A short name of a media type, for per-representation entity tags: `json`, `xml`, `vnd.api+json`. */
export function representationName(mediaType: MediaType): string {
  return mediaType.subtype;
}

/**
 * Chooses the representation of a value of `kind` at `route` for a request's Accept: a type the
 * handler set stands (`explicitType`); otherwise the value's offers (and the ranges a converter
 * writes any member of) ranked by Accept (q-values, specificity, order; absent means anything),
 * Spring's "intersect Accept with what the route can produce, then the first converter that can write it".
 */
export function chooseRepresentation(route: Route, kind: BodyKind, accept: readonly MediaRange[], explicitType?: MediaType): Representation {
  const producesSeveral = route.mapping.produces.expressions.length > 1;
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
    varies: producesSeveral || offers.length > 1 || ranges.length > 0,
    offers,
    ranges,
    explicit: false,
  };
}

/** What a 406 lists: every type the representation could have been written in. */
export function availableTypes(representation: Representation): string[] {
  return [...new Set([...representation.offers, ...representation.ranges].map(formatMediaType))];
}
