import { type Acceptance, type MediaRange, acceptanceOf, compareAcceptance } from '../http/accept-header';
import { type MediaType, includes, includesInAnyCharset, isCompatible, isConcrete, parseMediaType, specificity } from '../http/media-type';

/** A consumes or produces expression: a media type, possibly a range, possibly negated (`!text/plain`). */
export interface MediaTypeExpression {
  readonly mediaType: MediaType;
  readonly negated: boolean;
  readonly specificity: number;
  readonly text: string;
}

/** Parses `type/subtype`, `type/*`, `!type/subtype`; throws for anything else. */
export function parseMediaTypeExpression(text: string): MediaTypeExpression {
  if (typeof text !== 'string') throw new Error(`Invalid media type expression '${String(text)}'`);
  const trimmed = text.trim();
  const negated = trimmed.startsWith('!');
  const mediaType = parseMediaType(negated ? trimmed.slice(1) : trimmed);
  return { mediaType, negated, specificity: specificity(mediaType), text: trimmed };
}

/** Whether a consumes expression admits a request body of this media type. */
export function admitsContentType(expression: MediaTypeExpression, contentType: MediaType): boolean {
  return includes(expression.mediaType, contentType) !== expression.negated;
}

/**
 * How the Accept ranges accept a produces expression. A concrete type takes the weight of the most
 * specific range including it (RFC 9110 section 12.5.1); a range such as `application/*+json` takes
 * the best range compatible with it. A `text/*` type that names no charset is accepted by a range
 * asking for it in any charset, which the writer honours (a string is written in the charset asked
 * for). JSON and XML are written in UTF-8 only, so a range asking for another charset does not
 * accept them, and another route (or the 406) answers.
 */
export function acceptanceOfExpression(expression: MediaTypeExpression, ranges: readonly MediaRange[]): Acceptance | undefined {
  const { mediaType } = expression;
  if (isConcrete(mediaType)) {
    const acceptance = acceptanceOf(mediaType, ranges);
    if (acceptance !== undefined || mediaType.parameters.charset !== undefined || mediaType.type !== 'text') return acceptance;
    return acceptanceInAnyCharset(mediaType, ranges);
  }
  let best: Acceptance | undefined;
  for (const range of ranges) {
    if (range.q === 0 || !isCompatible(range, expression.mediaType)) continue;
    const candidate = { q: range.q, specificity: Math.min(specificity(range), expression.specificity), index: range.index };
    if (best === undefined || candidate.q > best.q || (candidate.q === best.q && candidate.specificity > best.specificity)) best = candidate;
  }
  return best;
}

/** The acceptance of a type without a charset by the ranges that name one, each taken in its charset. */
function acceptanceInAnyCharset(mediaType: MediaType, ranges: readonly MediaRange[]): Acceptance | undefined {
  let best: Acceptance | undefined;
  for (const range of ranges) {
    const charset = range.parameters.charset;
    if (charset === undefined || range.q === 0 || !includesInAnyCharset(range, mediaType)) continue;
    const candidate = { q: range.q, specificity: specificity(range), index: range.index };
    if (best === undefined || compareAcceptance(candidate, best) < 0) best = candidate;
  }
  return best;
}

/**
 * Whether a produces expression fits the Accept ranges. A negated one (`!text/plain`) fits when
 * Accept admits some type other than the excluded one: `*` + `/*` (or no Accept at all) does,
 * `text/plain` alone does not.
 */
export function fitsAccept(expression: MediaTypeExpression, ranges: readonly MediaRange[]): boolean {
  if (expression.negated) return ranges.some((range) => range.q > 0 && !includes(expression.mediaType, range));
  return acceptanceOfExpression(expression, ranges) !== undefined;
}

/**
 * Whether two non-empty media-type conditions could tie for some request: a pair of expressions,
 * both negated or both compatible, equally specific. Both empty tie; one empty never does.
 */
export function expressionListsTie(a: readonly MediaTypeExpression[], b: readonly MediaTypeExpression[]): boolean {
  if (a.length === 0 || b.length === 0) return a.length === b.length;
  return a.some((x) =>
    b.some((y) => x.negated === y.negated && x.specificity === y.specificity && (x.negated || isCompatible(x.mediaType, y.mediaType))),
  );
}

/** The positive media types of a condition, as declared. */
export function positiveTexts(expressions: readonly MediaTypeExpression[]): string[] {
  return expressions.filter((e) => !e.negated).map((e) => e.text);
}
