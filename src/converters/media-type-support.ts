import {
  type MediaType,
  formatMediaType,
  includes,
  isCompatible,
  isConcrete,
  parseMediaType,
} from '../http/media-type';

/** Parses a converter's supported media types once, at construction. */
export function mediaTypes(...texts: string[]): readonly MediaType[] {
  return Object.freeze(texts.map((text) => Object.freeze(parseMediaType(text))));
}

/** Reading: whether a request's (concrete) media type is included by one of the supported types. */
export function supportsRead(supported: readonly MediaType[], mediaType: MediaType): boolean {
  return supported.some((type) => includes(type, mediaType));
}

/**
 * Writing: whether the wanted type (possibly a range such as `application/*`) has a type in common
 * with one of the supported types. Parameters do not decide: a converter can honour any charset.
 */
export function supportsWrite(supported: readonly MediaType[], mediaType: MediaType): boolean {
  return supported.some((type) => isCompatible(type, mediaType));
}

function withoutParameters(mediaType: MediaType): MediaType {
  return { type: mediaType.type, subtype: mediaType.subtype, parameters: {} };
}

/**
 * The concrete type to label a written body with. A concrete wanted type is used as it is; for a
 * range, the first concrete supported type it includes, keeping the range's parameters (so
 * `text/*;charset=iso-8859-1` writes `text/plain;charset=iso-8859-1`); failing that the first
 * concrete supported type, as Spring does when the negotiated type is a wildcard.
 */
export function concreteWriteType(supported: readonly MediaType[], wanted: MediaType): MediaType {
  const { q: _q, ...parameters } = wanted.parameters;
  if (isConcrete(wanted)) return { type: wanted.type, subtype: wanted.subtype, parameters };
  const range = withoutParameters(wanted);
  const chosen = supported.find((type) => isConcrete(type) && includes(range, type)) ?? supported.find(isConcrete);
  if (chosen === undefined) throw new TypeError(`No concrete media type to write for ${formatMediaType(wanted)}`);
  return { type: chosen.type, subtype: chosen.subtype, parameters };
}

/**
 * The Content-Type text for a written body: the media type without `q`, with `charset` set to the
 * one actually used when the body is text (otherwise the parameters stay as given).
 */
export function contentTypeOf(mediaType: MediaType, charset?: string): string {
  const { q: _q, ...parameters } = mediaType.parameters;
  return formatMediaType({
    type: mediaType.type,
    subtype: mediaType.subtype,
    parameters: charset === undefined ? parameters : { ...parameters, charset },
  });
}
