import { canonicalCharset } from './charset-label';
import * as contentType from 'content-type';
import { readMediaType } from './media-type-reader';
import type { MediaType } from './media-type-value';

// The value is in a file of its own, which the reader imports: media-type.ts imports the reader.
export type { MediaType } from './media-type-value';

/** Thrown by {@link parseMediaType} for text that is not `type/subtype` with valid parameters. */
export class InvalidMediaTypeError extends Error {
  constructor(readonly text: string, reason: string) {
    super(`Invalid media type '${text}': ${reason}`);
    this.name = 'InvalidMediaTypeError';
  }
}

/**
 * Parses a media type or media range such as `application/json; charset=utf-8` or `text/*`
 * (`readMediaType`: the `content-type` package's grammar, `*` a token character, OWS spaces
 * and tabs, at most `MAX_PARAMETERS` parameters; a parameter given twice keeps the last).
 */
export function parseMediaType(text: string): MediaType {
  return parsedOrThrow(text, readMediaType(text));
}

/**
 * Parses the media type of a Content-Type field, which says how to read bytes, so more strictly
 * than {@link parseMediaType}: a parameter given twice, which RFC 6838 section 4.3 calls an error,
 * is refused (keeping the last, `charset=utf-8; charset=iso-8859-1` would read UTF-8 text as
 * Latin-1). An Accept range with a repeated `q` is only a preference, and keeps the last.
 */
export function parseContentType(text: string): MediaType {
  return parsedOrThrow(text, readMediaType(text, 'refuse'));
}

function parsedOrThrow(text: string, read: MediaType | string): MediaType {
  if (typeof read === 'string') throw new InvalidMediaTypeError(text, read);
  return read;
}

/** Parses a media type, or answers `undefined` when the text does not parse; never throws. */
export function tryParseMediaType(text: string | undefined): MediaType | undefined {
  if (text === undefined || text === '') return undefined;
  const read = readMediaType(text);
  return typeof read === 'string' ? undefined : read;
}

/** Formats a media type back to its canonical text (`type/subtype; name=value`). */
export function formatMediaType(mediaType: MediaType): string {
  return contentType.format({ type: `${mediaType.type}/${mediaType.subtype}`, parameters: { ...mediaType.parameters } });
}

/** `type/subtype` without parameters. */
export function essence(mediaType: MediaType): string {
  return `${mediaType.type}/${mediaType.subtype}`;
}

/** The structured syntax suffix (RFC 6838 section 4.2.8): `json` for `application/vnd.api+json`. */
export function suffixOf(mediaType: MediaType): string | undefined {
  const plus = mediaType.subtype.lastIndexOf('+');
  return plus === -1 ? undefined : mediaType.subtype.slice(plus + 1);
}

export function isWildcardType(mediaType: MediaType): boolean {
  return mediaType.type === '*';
}

/** True for `*` and for suffix wildcards such as `*+json`. */
export function isWildcardSubtype(mediaType: MediaType): boolean {
  return mediaType.subtype === '*' || mediaType.subtype.startsWith('*+');
}

export function isConcrete(mediaType: MediaType): boolean {
  return !isWildcardType(mediaType) && !isWildcardSubtype(mediaType);
}

function subtypeIncludes(range: string, subtype: string): boolean {
  if (range === '*' || range === subtype) return true;
  // `*+json` includes `json` and every `...+json`.
  if (range.startsWith('*+')) {
    const suffix = range.slice(2);
    return subtype === suffix || subtype.endsWith(`+${suffix}`);
  }
  return false;
}

/**
 * Whether `range` includes `candidate`: `*` + `/*` includes everything, `text/*` includes
 * `text/plain`, `application/*+json` includes `application/problem+json`. Parameters of the range
 * (other than `q`) must be present with the same value in the candidate; charset compares
 * case-insensitively, and a textual candidate without one is in UTF-8, the charset such a body is
 * read and written in: `application/json;charset=utf-8` includes `application/json`.
 */
export function includes(range: MediaType, candidate: MediaType): boolean {
  return rangeIncludes(range, candidate, false);
}

/** Whether two media types (either possibly a range) have a type in common. */
export function isCompatible(a: MediaType, b: MediaType): boolean {
  if (a.type !== '*' && b.type !== '*' && a.type !== b.type) return false;
  return subtypeIncludes(a.subtype, b.subtype) || subtypeIncludes(b.subtype, a.subtype) || bothSuffixWildcardsAgree(a, b);
}

function bothSuffixWildcardsAgree(a: MediaType, b: MediaType): boolean {
  return a.subtype.startsWith('*+') && b.subtype.startsWith('*+') && a.subtype === b.subtype;
}

/** {@link includes}, whatever charset either names: the candidate can be written in the range's. */
export function includesInAnyCharset(range: MediaType, candidate: MediaType): boolean {
  return rangeIncludes(range, candidate, true);
}

function rangeIncludes(range: MediaType, candidate: MediaType, anyCharset: boolean): boolean {
  if (range.type !== '*' && range.type !== candidate.type) return false;
  if (!subtypeIncludes(range.subtype, candidate.subtype)) return false;
  return parametersInclude(range.parameters, candidate, anyCharset);
}

function parametersInclude(range: Readonly<Record<string, string>>, candidate: MediaType, anyCharset: boolean): boolean {
  for (const name of Object.keys(range)) {
    if (name === 'q') continue;
    const wanted = range[name]!;
    if (name === 'charset') {
      if (anyCharset) continue;
      if (charsetKey(wanted) !== charsetOfCandidate(candidate)) return false;
      continue;
    }
    if (candidate.parameters[name] !== wanted) return false;
  }
  return true;
}

/** The charset a candidate is in: its own, UTF-8 for a textual type without one; canonical ({@link charsetKey}). */
export function charsetOfCandidate(candidate: MediaType): string | undefined {
  const charset = candidate.parameters.charset;
  if (charset !== undefined) return charsetKey(charset);
  return isTextual(candidate) ? 'utf-8' : undefined;
}

/** One text for the labels of one charset: `utf8` and `UTF-8` are `utf-8`. */
export function charsetKey(label: string): string {
  const lower = label.toLowerCase();
  return canonicalCharset(lower) ?? lower;
}

/**
 * Specificity as a number, higher is more specific: a concrete type beats `type/*+suffix`,
 * which beats `type/*`, which beats the full wildcard; parameters add to it.
 */
export function specificity(mediaType: MediaType): number {
  let score = 0;
  if (mediaType.type !== '*') score += 100;
  if (mediaType.subtype.startsWith('*+')) score += 10;
  else if (mediaType.subtype !== '*') score += 20;
  score += Object.keys(mediaType.parameters).filter((name) => name !== 'q').length;
  return score;
}

/** Whether the media type is textual and so carries a charset: `text/*`, JSON, XML and their suffixes. */
export function isTextual(mediaType: MediaType): boolean {
  if (mediaType.type === 'text') return true;
  const suffix = suffixOf(mediaType);
  return (
    mediaType.subtype === 'json' ||
    mediaType.subtype === 'xml' ||
    mediaType.subtype === 'x-www-form-urlencoded' ||
    suffix === 'json' ||
    suffix === 'xml'
  );
}
