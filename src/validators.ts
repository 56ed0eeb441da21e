import { formatEntityTag, parseEntityTag } from './caching/entity-tag';
import type { Validators } from './caching/conditional-request';
import { BoundedMemo } from './http/bounded-memo';
import type { MediaType } from './http/media-type';

/**
 * What a handler or an `.etag()` hook gives as the validators of a resource: a version (string or
 * number), or `{ etag, lastModified }`; `undefined`/`null` when the resource does not exist.
 */
export type ValidatorSource =
  | string
  | number
  | {
      /** A version, made a strong entity tag per representation; a value already in entity-tag form (`W/"x"`) is kept (RFC 9110 section 8.8.3). */
      readonly etag?: string | number;
      /** The Last-Modified time: a Date, ms since the epoch, or an HTTP-date (RFC 9110 section 8.8.2). */
      readonly lastModified?: Date | number | string;
    }
  | undefined
  | null;

/** A short name of a media type, for per-representation entity tags: `json`, `xml`, `vnd.api+json`. */
export function representationName(mediaType: MediaType): string {
  return mediaType.subtype;
}

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
 * The validators of every representation of a version: the tag of the version itself (`"7"`) and
 * its tag for each representation named (`"7;json"`, `"7;xml"`), for an update, whose precondition
 * is about the state of the resource, whichever representation the client's tag came from
 * (RFC 9110 section 13.1.1). Empty when the resource does not exist.
 */
export function versionValidators(source: ValidatorSource, representations: readonly string[]): Validators[] {
  const plain = toValidators(source);
  if (plain === undefined) return [];
  return [plain, ...representations.map((name) => toValidators(source, name)!)];
}

/**
 * What a route's `.etag()` hook established for one request, as its handler reads it in
 * `ctx.validators`: the hook's answer, the validators the response carries from it, and whether the
 * request's preconditions were evaluated against them. A handler that writes uses it to make its
 * write conditional on the state the preconditions held for (the hook ran before the body was
 * read: another request may have changed the resource meanwhile).
 *
 * @typeParam S - what the hook answers: `.etag(() => ({ etag: entry.version, lastModified, entry }))`
 *   types `ctx.validators.answer` with everything the hook put in it.
 */
export interface CurrentValidators<S extends ValidatorSource = ValidatorSource> {
  /** The hook's answer as it gave it: a version, `{ etag, lastModified, ... }`, or `undefined`/`null` when the resource does not exist. */
  readonly answer: S;
  /**
   * The entity tag the answer gives (RFC 9110 section 8.8.3): for GET and HEAD the tag of the
   * representation being answered (`"7;json"` when the route has several), for other methods the
   * version's own (`"7"`). `undefined` when the answer has no version.
   */
  readonly etag: string | undefined;
  /** The Last-Modified the answer gives, as the hook gave it (a Date, ms since the epoch, or an HTTP-date); `undefined` when none. */
  readonly lastModified: Date | number | string | undefined;
  /**
   * Whether the request carried preconditions (If-Match, If-None-Match, If-Unmodified-Since, and on
   * GET and HEAD If-Modified-Since) and they held against these validators (when they fail the
   * handler does not run: 304 or 412).
   */
  readonly preconditionsChecked: boolean;
}

/** The {@link CurrentValidators} a hook's answer gives, for a representation named `representation` (see {@link entityTagOf}). */
export function currentValidators<S extends ValidatorSource>(answer: S, representation: string | undefined, preconditionsChecked: boolean): CurrentValidators<S> {
  const validators = toValidators(answer, representation);
  return { answer, etag: validators?.etag, lastModified: validators?.lastModified, preconditionsChecked };
}
