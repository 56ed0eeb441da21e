import { BoundedMemo } from './bounded-memo';
import { splitList } from './header-list';
import { decidingRange } from './deciding-range';
import { type MediaType, specificity } from './media-type';
import type { MediaRange } from './media-range';
import { readMediaType } from './media-type-reader';

// The range is in a file of its own, which deciding-range.ts imports: this file imports that one.
export type { MediaRange } from './media-range';

/** How well one media type is accepted: the weight and specificity of the range that decides it. */
export interface Acceptance {
  readonly q: number;
  readonly specificity: number;
  readonly index: number;
}

const ANY: readonly MediaRange[] = Object.freeze([{ type: '*', subtype: '*', parameters: {}, q: 1, index: 0 }]);
/**
 * Bytes a parsed range holds, about: its object, its strings and a parameters object. Measured with
 * `--expose-gc` on node 22: 64 ranges of one field held 13.2 KB (about 190 bytes each and the
 * field), five with weights and parameters 1.57 KB.
 */
const RANGE_BYTES = 300;
const parsedAccepts = new BoundedMemo<string, readonly MediaRange[]>({ entries: 1000, sizeOf: (ranges) => RANGE_BYTES * ranges.length });

/** How many Accept fields are remembered and their approximate bytes: for tests and diagnostics, not part of the package. */
export function rememberedAccepts(): { readonly entries: number; readonly bytes: number } {
  return { entries: parsedAccepts.size, bytes: parsedAccepts.bytes };
}

/** RFC 9110 section 12.4.2: a weight is 0 to 1 with at most three decimals; anything else is invalid. */
function parseWeight(text: string | undefined): number | undefined {
  if (text === undefined) return 1;
  if (!/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(text)) return undefined;
  return Number(text);
}

/**
 * The most members of an Accept field that are read (RFC 9110 section 12.5.1 sets no limit):
 * browsers send fewer than ten, the longest lists seen from real clients about fifty. The members
 * after the first 64 are ignored, as if the client had not sent them: the client's first
 * preferences still decide, where refusing the whole field (Spring answers 406 past 50) fails a
 * client whose list is merely long. Counted members include those that are not media ranges, so
 * however long the field, at most 64 are looked at.
 */
export const MAX_RANGES = 64;

/**
 * Parses an Accept header into its media ranges (RFC 9110 section 12.5.1). Hand-written because
 * `negotiator` keeps its parsed ranges private, and route selection needs the weight of each
 * produced type, not just an order. An absent or empty header means `*` + `/*`. Members that are
 * not media ranges (or carry more than `MAX_PARAMETERS` parameters, or a weight that is not
 * one) are ignored, as negotiator does, and cost no exception; members after the first
 * {@link MAX_RANGES} are ignored too. Results are remembered per distinct header text
 * ({@link BoundedMemo}: bounded in entries and bytes, long texts never kept), since clients send
 * the same few headers again and again.
 */
export function parseAccept(header: string | undefined): readonly MediaRange[] {
  if (header === undefined || header.trim() === '') return ANY;
  return parsedAccepts.get(header, parseRanges);
}

const NO_PARAMETERS: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>);

function parseRanges(header: string): readonly MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const member of splitList(header, ',', MAX_RANGES)) {
    const read = readMediaType(member);
    if (typeof read === 'string') continue;
    const q = parseWeight(read.parameters.q);
    if (q === undefined) continue;
    ranges.push(Object.freeze({ type: read.type, subtype: read.subtype, parameters: withoutWeight(read.parameters), q, index: ranges.length }));
  }
  return Object.freeze(ranges);
}

/** The parameters of a range but its weight, frozen: ranges are shared by every request sending the same header. */
function withoutWeight(parameters: Record<string, string>): Readonly<Record<string, string>> {
  delete parameters.q;
  return Object.keys(parameters).length === 0 ? NO_PARAMETERS : Object.freeze(parameters);
}

/**
 * How the ranges accept a media type: the most specific range that includes it decides its weight
 * (RFC 9110 section 12.5.1, "the most specific reference has precedence"; {@link decidingRange},
 * in time independent of the number of ranges). `undefined` when no range includes it or the
 * deciding weight is 0.
 */
export function acceptanceOf(mediaType: MediaType, ranges: readonly MediaRange[]): Acceptance | undefined {
  const best = decidingRange(mediaType, ranges);
  if (best === undefined || best.q === 0) return undefined;
  return { q: best.q, specificity: specificity(best), index: best.index };
}

/** Orders two acceptances: negative when `a` is preferred. Weight, then specificity, then header order. */
export function compareAcceptance(a: Acceptance, b: Acceptance): number {
  return b.q - a.q || b.specificity - a.specificity || a.index - b.index;
}

/**
 * The offered media types the ranges accept, best first: by weight, then the specificity of the
 * deciding range, then its order in the header, then the server's order of `offers`.
 */
export function preferredMediaTypes<T extends MediaType>(offers: readonly T[], ranges: readonly MediaRange[]): T[] {
  const scored: { offer: T; acceptance: Acceptance; order: number }[] = [];
  offers.forEach((offer, order) => {
    const acceptance = acceptanceOf(offer, ranges);
    if (acceptance !== undefined) scored.push({ offer, acceptance, order });
  });
  scored.sort((a, b) => compareAcceptance(a.acceptance, b.acceptance) || a.order - b.order);
  return scored.map((s) => s.offer);
}

/**
 * A list worked out per offers list and per parsed Accept header, remembered: both are immutable
 * and shared (a route's offers are settled when it is declared, {@link parseAccept} answers the
 * same frozen ranges for the same header text), and forgotten with either.
 */
export function rememberedPerAccept<T>(
  memo: WeakMap<object, WeakMap<readonly MediaRange[], readonly T[]>>,
  offers: object,
  ranges: readonly MediaRange[],
  compute: () => T[],
): readonly T[] {
  let byRanges = memo.get(offers);
  if (byRanges === undefined) memo.set(offers, (byRanges = new WeakMap()));
  let preferred = byRanges.get(ranges);
  if (preferred === undefined) byRanges.set(ranges, (preferred = Object.freeze(compute())));
  return preferred;
}

const negotiated = new WeakMap<object, WeakMap<readonly MediaRange[], readonly MediaType[]>>();

/** {@link preferredMediaTypes}, remembered per offers list and per parsed Accept header ({@link rememberedPerAccept}). */
export function negotiate<T extends MediaType>(offers: readonly T[], ranges: readonly MediaRange[]): readonly T[] {
  return rememberedPerAccept(negotiated, offers, ranges, () => preferredMediaTypes(offers, ranges)) as readonly T[];
}
