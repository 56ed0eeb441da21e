import type { MediaRange } from './media-range';
import { type MediaType, charsetKey, charsetOfCandidate, includes, specificity } from './media-type';

/**
 * Up to this many ranges, the deciding range is found by looking at each; past it, through an index
 * of the ranges built once per list. Browsers send fewer than ten ranges, so they keep the plain loop.
 */
const SCAN_LIMIT = 8;

/**
 * The range that decides how `ranges` accept a media type: the most specific one that includes it,
 * the first in the header of equally specific ones (RFC 9110 section 12.5.1, "the most specific
 * reference has precedence"); `undefined` when none includes it.
 *
 * Found in time independent of the number of ranges: ranging every offer over every range cost a
 * route without `produces`, whose offers grow with the concrete types Accept names, 51 ms for 1,300
 * ranges (issue 17). Past {@link SCAN_LIMIT} ranges, an index (built once per parsed list, which is
 * shared and immutable) groups them by `type/subtype` and by parameters, and a media type looks up
 * only the groups that can include it.
 */
export function decidingRange(mediaType: MediaType, ranges: readonly MediaRange[]): MediaRange | undefined {
  if (ranges.length <= SCAN_LIMIT) {
    let best: MediaRange | undefined;
    for (const range of ranges) best = moreDeciding(best, range, mediaType);
    return best;
  }
  let index = indexes.get(ranges);
  if (index === undefined) indexes.set(ranges, (index = indexOf(ranges)));
  return lookUp(index, mediaType);
}

/** `range` if it includes the media type and is more specific than `best`, or as specific and earlier; else `best`. */
function moreDeciding(best: MediaRange | undefined, range: MediaRange, mediaType: MediaType): MediaRange | undefined {
  if (!includes(range, mediaType)) return best;
  if (best === undefined) return range;
  const difference = specificity(range) - specificity(best);
  return difference > 0 || (difference === 0 && range.index < best.index) ? range : best;
}

/**
 * Ranges by type, then subtype, then their parameters as one text (charset by its canonical name,
 * as {@link includes} compares it); of ranges with all three the same, only the first can decide.
 * Nested maps, so a lookup builds no `type/subtype` text.
 */
type RangeIndex = Map<string, Subtypes>;

interface Subtypes {
  readonly groups: Map<string, Map<string, MediaRange>>;
  /** Whether a subtype is a suffix wildcard (`*+json`): only then are suffixes looked up. */
  suffixWildcards: boolean;
}

const indexes = new WeakMap<readonly MediaRange[], RangeIndex>();

function indexOf(ranges: readonly MediaRange[]): RangeIndex {
  const index: RangeIndex = new Map();
  for (const range of ranges) {
    let subtypes = index.get(range.type);
    if (subtypes === undefined) index.set(range.type, (subtypes = { groups: new Map(), suffixWildcards: false }));
    let group = subtypes.groups.get(range.subtype);
    if (group === undefined) subtypes.groups.set(range.subtype, (group = new Map()));
    if (range.subtype.startsWith('*+')) subtypes.suffixWildcards = true;
    const named: [string, string][] = [];
    // `q` is a weight, not a parameter a range asks for (as {@link includes} reads it).
    for (const name of Object.keys(range.parameters)) if (name !== 'q') named.push([name, name === 'charset' ? charsetKey(range.parameters[name]!) : range.parameters[name]!]);
    const key = parametersKey(named);
    if (!group.has(key)) group.set(key, range);
  }
  return index;
}

/** Parameters as one text: sorted by name, so the same parameters in any order are the same text. */
function parametersKey(parameters: readonly (readonly [string, string])[]): string {
  return parameters.length === 0 ? '' : JSON.stringify([...parameters].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function lookUp(index: RangeIndex, mediaType: MediaType): MediaRange | undefined {
  const { type, subtype } = mediaType;
  let best: MediaRange | undefined;
  let own: [string, string][] | undefined;
  const visit = (group: Map<string, MediaRange> | undefined): void => {
    if (group === undefined) return;
    own ??= parametersAmong(mediaType);
    // Each subset of the parameters names one group entry; a small group is cheaper to look through whole.
    if (group.size <= 2 ** own.length) for (const range of group.values()) best = moreDeciding(best, range, mediaType);
    else
      for (const subset of subsets(own)) {
        const range = group.get(parametersKey(subset));
        if (range !== undefined) best = moreDeciding(best, range, mediaType);
      }
  };
  // The ranges that can include the media type: of its type or `*`, of its subtype, `*`, or
  // `*+suffix` for each suffix it ends with (`*+json` includes `json` and `a+json`).
  const visitType = (subtypes: Subtypes | undefined): void => {
    if (subtypes === undefined) return;
    visit(subtypes.groups.get('*'));
    if (subtype === '*') return;
    visit(subtypes.groups.get(subtype));
    if (!subtypes.suffixWildcards) return;
    visit(subtypes.groups.get(`*+${subtype}`));
    for (let plus = subtype.indexOf('+'); plus !== -1; plus = subtype.indexOf('+', plus + 1)) visit(subtypes.groups.get(`*+${subtype.slice(plus + 1)}`));
  };
  visitType(index.get(type));
  if (type !== '*') visitType(index.get('*'));
  return best;
}

/** What a range's parameters must be among to include the media type: its own, with its charset (given or implied) canonical. */
function parametersAmong(mediaType: MediaType): [string, string][] {
  const own: [string, string][] = [];
  for (const name of Object.keys(mediaType.parameters)) if (name !== 'charset') own.push([name, mediaType.parameters[name]!]);
  const charset = charsetOfCandidate(mediaType);
  if (charset !== undefined) own.push(['charset', charset]);
  return own;
}

function subsets<T>(items: readonly T[]): T[][] {
  let all: T[][] = [[]];
  for (const item of items) all = all.concat(all.map((subset) => [...subset, item]));
  return all;
}
