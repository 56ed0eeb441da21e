import type { MediaType } from '../http/media-type';
import { formatMediaType } from '../http/media-type';
import { BoundedMemo } from '../http/bounded-memo';
import type { BodyConverter } from './body-converter';
import type { BodyKind } from './body-kind';
import { AtomConverter } from './feed/atom-converter';
import { ByteArrayConverter } from './bytes/byte-array-converter';
import { FormConverter } from './form/form-converter';
import { JsonConverter } from './json/json-converter';
import { MultipartConverter } from './multipart/multipart-converter';
import { RssConverter } from './feed/rss-converter';
import { TextConverter } from './text/text-converter';
import { XmlObjectConverter } from './xml/xml-object-converter';
import { XmlSourceConverter } from './xml/xml-source-converter';

/**
 * An ordered list of body converters. The first converter in order that can read (or write) a kind
 * as a media type is the one used (Spring MVC's message converter list). Registries are immutable:
 * `prepend`, `append`, `replace` and `remove` return a new registry, so one built at start-up can
 * be shared by every request. Lookups are cached per kind and media type (bounded), since they run
 * on every request and clients send the same few Content-Types and Accept headers.
 */
export class ConverterRegistry {
  /** The converters, in the order they are tried. */
  readonly converters: readonly BodyConverter[];
  readonly #readers = new BoundedMemo<string, BodyConverter | undefined>(512);
  readonly #writers = new BoundedMemo<string, BodyConverter | undefined>(512);
  /**
   * The writer per media type object, then per kind: a route's representations are the same
   * objects on every request, so the writer is found without formatting a key for the memo above.
   * Weak: a type parsed for one request goes with it.
   */
  readonly #writersByType = new WeakMap<MediaType, Map<BodyKind, BodyConverter | undefined>>();
  readonly #readable = new Map<BodyKind, readonly MediaType[]>();
  readonly #writable = new Map<BodyKind, readonly MediaType[]>();

  /** @throws TypeError when two converters share a name (names identify them for `replace`/`remove`). */
  constructor(converters: readonly BodyConverter[]) {
    const names = new Set<string>();
    for (const converter of converters) {
      if (names.has(converter.name)) throw new TypeError(`Two body converters are named '${converter.name}'`);
      names.add(converter.name);
    }
    this.converters = Object.freeze([...converters]);
  }

  /** A registry with `converter` first, before every other. */
  prepend(converter: BodyConverter): ConverterRegistry {
    return new ConverterRegistry([converter, ...this.converters]);
  }

  /** A registry with `converter` last, tried only when no other fits. */
  append(converter: BodyConverter): ConverterRegistry {
    return new ConverterRegistry([...this.converters, converter]);
  }

  /** A registry with the converter named `name` replaced, in the same place. @throws RangeError if none has that name. */
  replace(name: string, converter: BodyConverter): ConverterRegistry {
    const index = this.#indexOf(name);
    return new ConverterRegistry(this.converters.map((one, i) => (i === index ? converter : one)));
  }

  /** A registry without the converter named `name`. @throws RangeError if none has that name. */
  remove(name: string): ConverterRegistry {
    const index = this.#indexOf(name);
    return new ConverterRegistry(this.converters.filter((_one, i) => i !== index));
  }

  /** The converter named `name`, or `undefined`. */
  get(name: string): BodyConverter | undefined {
    return this.converters.find((converter) => converter.name === name);
  }

  /** The first converter that can read a request body of `mediaType` into `kind`, or `undefined` (answer 415). */
  findReader(kind: BodyKind, mediaType: MediaType): BodyConverter | undefined {
    return this.#find(this.#readers, kind, mediaType, (converter) => converter.canRead(kind, mediaType));
  }

  /**
   * The first converter that can write a value of `kind` as `mediaType` (which may be a range),
   * or `undefined` (answer 406).
   */
  findWriter(kind: BodyKind, mediaType: MediaType): BodyConverter | undefined {
    let byKind = this.#writersByType.get(mediaType);
    if (byKind === undefined) this.#writersByType.set(mediaType, (byKind = new Map()));
    if (byKind.has(kind)) return byKind.get(kind);
    const writer = this.#find(this.#writers, kind, mediaType, (converter) => converter.canWrite(kind, mediaType));
    byKind.set(kind, writer);
    return writer;
  }

  /**
   * Every media type (or range) some converter can read `kind` from, in converter order, without
   * duplicates: for the detail of a 415 and for `Accept-Post`/`Accept-Patch` (RFC 7694 section 3).
   */
  readableMediaTypes(kind: BodyKind): readonly MediaType[] {
    return this.#mediaTypes(this.#readable, kind, (converter, type) => converter.canRead(kind, type));
  }

  /** Every media type (or range) some converter can write `kind` as, in converter order: for negotiation and 406 details. */
  writableMediaTypes(kind: BodyKind): readonly MediaType[] {
    return this.#mediaTypes(this.#writable, kind, (converter, type) => converter.canWrite(kind, type));
  }

  #indexOf(name: string): number {
    const index = this.converters.findIndex((converter) => converter.name === name);
    if (index === -1) throw new RangeError(`No body converter is named '${name}'`);
    return index;
  }

  #find(
    cache: BoundedMemo<string, BodyConverter | undefined>,
    kind: BodyKind,
    mediaType: MediaType,
    fits: (converter: BodyConverter) => boolean,
  ): BodyConverter | undefined {
    return cache.get(cacheKey(kind, mediaType), () => this.converters.find(fits));
  }

  #mediaTypes(
    cache: Map<BodyKind, readonly MediaType[]>,
    kind: BodyKind,
    fits: (converter: BodyConverter, type: MediaType) => boolean,
  ): readonly MediaType[] {
    const cached = cache.get(kind);
    if (cached !== undefined) return cached;
    const seen = new Set<string>();
    const result: MediaType[] = [];
    for (const converter of this.converters) {
      for (const type of converter.supportedMediaTypes) {
        const text = formatMediaType(type);
        if (seen.has(text) || !fits(converter, type)) continue;
        seen.add(text);
        result.push(type);
      }
    }
    const frozen = Object.freeze(result);
    cache.set(kind, frozen);
    return frozen;
  }
}

/** A cache key that tells apart every kind and media type a converter could tell apart, parameters included. */
function cacheKey(kind: BodyKind, mediaType: MediaType): string {
  let key = `${kind} ${mediaType.type}/${mediaType.subtype}`;
  for (const name of Object.keys(mediaType.parameters)) {
    if (name !== 'q') key += `;${name}=${JSON.stringify(mediaType.parameters[name])}`;
  }
  return key;
}

/**
 * A registry of the default converters, in this order: text, form, byte array, JSON, XML object,
 * XML source, Atom, RSS, multipart. Kinds decide more than order here (only the text converter reads
 * strings, only JSON and XML object read objects, and for different types), so order matters
 * once custom converters are added: `prepend` one to take precedence, `append` one as a fallback.
 */
export function defaultConverters(): ConverterRegistry {
  return new ConverterRegistry([
    new TextConverter(),
    new FormConverter(),
    new ByteArrayConverter(),
    new JsonConverter(),
    new XmlObjectConverter(),
    new XmlSourceConverter(),
    new AtomConverter(),
    new RssConverter(),
    new MultipartConverter(),
  ]);
}
