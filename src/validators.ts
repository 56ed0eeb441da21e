import { formatEntityTag, parseEntityTag } from './caching/entity-tag';
import type { Validators } from './caching/conditional-request';
import { BoundedMemo } from './http/bounded-memo';

/**
 * What a handler or an `.etag()` hook gives as the validators of a resource: a version (string or
 * number), or `{ etag, lastModified }`; `undefined`/`null` when the resource does not exist.
 */
export type ValidatorSource =
  | string
  | number
  | { readonly etag?: string | number; readonly lastModified?: Date | number | string }
  | undefined
  | null;

/**
 * Turns a version into a strong entity tag. A value already in entity-tag form (`"x"`, `W/"x"`)
 * is kept. When the resource has several representations, the tag names the representation
 * (`"7;json"`), because a strong validator belongs to one representation (RFC 9110 section 8.8.3).
 */
export function entityTagOf(version: string | number, representation?: string): string {
  const text = String(version);
  const byRepresentation = tagsByVersion.get(text, newTagMap);
  const key = representation ?? ONE_REPRESENTATION;
  let tag = byRepresentation.get(key);
  if (tag === undefined) byRepresentation.set(key, (tag = formatVersionTag(text, representation)));
  return tag;
}

const ONE_REPRESENTATION = Symbol('one representation');
/** The tags of a version per representation. Bounded: versions change; the few current ones are asked for on every request. */
const tagsByVersion = new BoundedMemo<string, Map<string | symbol, string>>(1024);

function newTagMap(): Map<string | symbol, string> {
  return new Map();
}

function formatVersionTag(text: string, representation: string | undefined): string {
  const parsed = parseEntityTag(text);
  if (parsed !== undefined) return text;
  const opaque = text.replace(/[^\x21\x23-\x7e]/g, (c) => encodeURIComponent(c).replace(/"/g, '%22'));
  return formatEntityTag({ weak: false, opaque: representation === undefined ? opaque : `${opaque};${representation}` });
}

/** The validators a source gives, for one representation; `undefined` when the resource does not exist. */
export function toValidators(source: ValidatorSource, representation?: string): Validators | undefined {
  if (source === undefined || source === null) return undefined;
  if (typeof source === 'string' || typeof source === 'number') return { etag: entityTagOf(source, representation) };
  return {
    ...(source.etag !== undefined && { etag: entityTagOf(source.etag, representation) }),
    ...(source.lastModified !== undefined && { lastModified: source.lastModified }),
  };
}

/**
 * Strips the representation part (`;json`) of the tags in an If-Match field, so that an update
 * conditioned on any representation's tag is compared with the resource's version: the state of
 * the resource is what an update's precondition is about (RFC 9110 section 13.1.1).
 */
export function withoutRepresentation(field: string): string {
  return field.replace(/"([^";]*);[^"]*"/g, '"$1"');
}

/**
 * The request headers with the representation part stripped from If-Match and If-None-Match, for
 * comparing the client's tags with a resource's version (see {@link withoutRepresentation}).
 */
export function versionPreconditionHeaders<H extends { readonly 'if-match'?: string; readonly 'if-none-match'?: string }>(headers: H): H {
  const ifMatch = headers['if-match'];
  const ifNoneMatch = headers['if-none-match'];
  if (ifMatch === undefined && ifNoneMatch === undefined) return headers;
  return {
    ...headers,
    ...(ifMatch !== undefined && { 'if-match': withoutRepresentation(ifMatch) }),
    ...(ifNoneMatch !== undefined && { 'if-none-match': withoutRepresentation(ifNoneMatch) }),
  };
}
