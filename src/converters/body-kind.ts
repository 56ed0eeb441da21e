import { Feed } from 'feed';
import { Form } from './form/form';
import { Multipart } from './multipart/multipart';
import { MultipartParts } from './multipart/multipart-parts';
import { XmlDocument, isXmlDocument } from './xml/xml-document';

/**
 * What a body is converted from or into. Converters answer per kind, so the route's declared body
 * type and the handler's returned value both reduce to one of these before a converter is chosen.
 */
export type BodyKind = 'string' | 'bytes' | 'form' | 'object' | 'xml-document' | 'feed' | 'multipart';

/** Every body kind, in a stable order. */
export const BODY_KINDS: readonly BodyKind[] = Object.freeze(['string', 'bytes', 'form', 'object', 'xml-document', 'feed', 'multipart']);

/** The tokens a route declares its body with; anything else (a class, a schema) means `'object'`. */
export type BodyKindToken =
  | StringConstructor
  | BufferConstructor
  | Uint8ArrayConstructor
  | typeof Form
  | ObjectConstructor
  | typeof XmlDocument
  | typeof Feed
  | typeof Multipart
  | typeof MultipartParts;

/** The type a handler receives for a declared body token. */
export type BodyTypeOf<Token> = Token extends StringConstructor
  ? string
  : Token extends BufferConstructor
    ? Buffer
    : Token extends Uint8ArrayConstructor
      ? Uint8Array
      : Token extends typeof Form
        ? Form
        : Token extends typeof XmlDocument
          ? XmlDocument
          : Token extends typeof Feed
            ? Feed
            : Token extends typeof Multipart
              ? Multipart
              : Token extends typeof MultipartParts
                ? MultipartParts
                : unknown;

const KIND_BY_TOKEN: ReadonlyMap<unknown, BodyKind> = new Map<unknown, BodyKind>([
  [String, 'string'],
  [Buffer, 'bytes'],
  [Uint8Array, 'bytes'],
  [Form, 'form'],
  [Object, 'object'],
  [Array, 'object'],
  [XmlDocument, 'xml-document'],
  [Feed, 'feed'],
  [Multipart, 'multipart'],
  [MultipartParts, 'multipart'],
]);

/**
 * The kind a route's declared body token asks for: `String` → `'string'`, `Buffer` and
 * `Uint8Array` → `'bytes'`, `Form` → `'form'`, `XmlDocument` → `'xml-document'`, `Feed` →
 * `'feed'`, `Multipart` and `MultipartParts` → `'multipart'`, `Object` and `Array` → `'object'`
 * (bound from structured formats such as JSON and XML). Any other value names no kind: undefined.
 */
export function bodyKindOf(token: unknown): BodyKind | undefined {
  return KIND_BY_TOKEN.get(token);
}

/**
 * The kind of a value a handler returned, which decides the converters that can write it:
 * strings, bytes (`Buffer`, any `Uint8Array`), {@link Form}s (and `URLSearchParams`), DOM
 * documents and {@link Feed}s have their own kinds; everything else, including arrays, numbers,
 * booleans and `null`, is an `'object'` for the structured formats.
 */
export function valueKindOf(value: unknown): BodyKind {
  if (typeof value === 'string') return 'string';
  if (typeof value !== 'object' || value === null) return 'object';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof Form || value instanceof URLSearchParams) return 'form';
  if (value instanceof Feed) return 'feed';
  if (isXmlDocument(value)) return 'xml-document';
  return 'object';
}

/**
 * Whether values of `kind` are written as they are, not serialized: a string's characters and
 * bytes go into the body unchanged, so whatever a client put in them is in the body as sent. Such a
 * value is labelled with a type a browser renders actively only when the route says so (issue 18).
 */
export function writesAsIs(kind: BodyKind): boolean {
  return kind === 'string' || kind === 'bytes';
}
