import type { Readable } from 'node:stream';
import type { MediaType } from '../http/media-type';
import type { BodyKind } from './body-kind';
import type { JsonSchemaLike } from './json-schema-shape';

/**
 * How deep a request body may nest (objects, arrays, elements) when the route does not say.
 * Parsers recurse or keep a stack per level; a limit keeps one small body from costing a lot.
 */
export const DEFAULT_MAX_DEPTH = 64;

/**
 * How many structures (JSON objects and arrays) a request body may hold when the route does not
 * say. A parser allocates one per structure: a megabyte of small nested arrays (490,000 of them)
 * costs 25 to 30 times the read of the service's 1 MB bookcase (5,802), where 200,000 of them cost
 * 1.6 times and 300,000 22 times (a steep turn, likely the parser's arrays outgrowing V8's young
 * generation). 50,000 leaves room for a JSON Patch at the service's 10,000 operations, each with an
 * object value (20,001).
 */
export const DEFAULT_MAX_STRUCTURES = 50_000;

/** What a converter needs to read one request body. */
export interface ReadOptions {
  /** The request's Content-Type, with its parameters (`charset`). */
  readonly mediaType: MediaType;
  /** What the handler wants the body as. */
  readonly kind: BodyKind;
  /** The deepest nesting accepted; deeper bodies are answered with 400. */
  readonly maxDepth: number;
  /**
   * The most structures (JSON objects and arrays) accepted; a body with more is answered 413.
   * Default {@link DEFAULT_MAX_STRUCTURES}.
   */
  readonly maxStructures?: number;
  /**
   * The shape of the value the route expects, as JSON Schema. Formats whose values are all text
   * (XML, CSV) use it to turn strings into numbers and booleans and single elements into arrays;
   * formats with their own types (JSON) ignore it. See {@link shapeOf}.
   */
  readonly shape?: JsonSchemaLike;
}

/** What a converter that reads a body as it arrives ({@link BodyConverter.readStream}) needs besides {@link ReadOptions}. */
export interface StreamReadOptions extends ReadOptions {
  /** The most bytes the whole body may have (the route's `.limit()`): more is a 413. */
  readonly limit: number;
  /**
   * Hands the router work to run once the response has been sent or the client has gone, such as
   * removing the temporary files the body was stored in.
   */
  readonly afterResponse: (task: () => Promise<void>) => void;
  /**
   * Set when the route takes the body as it arrives (`.body(MultipartParts)`): the converter hands
   * it on unread, and a failure after it has returned goes through `refine` (the router's: the
   * failure made a problem, the rest of the request thrown away).
   */
  readonly handOn?: {
    /** What a failure after the converter returned is answered with (it throws the rest of the request away). */
    readonly refine: (error: unknown) => unknown;
  };
}

/** What a converter needs to write one response body. */
export interface WriteOptions {
  /**
   * The negotiated media type. Usually concrete; when it is a range (`text/*`, `*` + `/*`) the
   * converter writes the first supported type the range includes. A `charset` parameter is honoured.
   */
  readonly mediaType: MediaType;
  /** The name of the root element, for formats that need one (XML). */
  readonly rootName?: string;
}

/** A written response body and the Content-Type that labels it. */
export interface WrittenBody {
  /** The encoded representation, ready to send. */
  readonly body: Buffer;
  /** The Content-Type header value; textual types carry the charset actually used. */
  readonly contentType: string;
  /**
   * The body as text, when its bytes are exactly this text in UTF-8 (a converter that writes text
   * gives it beside the bytes): the router tags and sends the text itself, without encoding it into
   * a Buffer first. Optional: a body without it is sent and tagged from its bytes.
   */
  readonly text?: string;
}

/**
 * Converts request bodies into values of a {@link BodyKind} and values into response bodies, for
 * the media types it declares (the HttpMessageConverter of Spring MVC). Converters are tried in
 * the registry's order; the first that can read or write wins.
 */
export interface BodyConverter {
  /** A unique name, used to replace or remove the converter in a registry. */
  readonly name: string;
  /** The media types (and ranges) this converter handles, in the order it prefers them. */
  readonly supportedMediaTypes: readonly MediaType[];
  /** Whether a request body of `mediaType` can be read into a value of `kind`. */
  canRead(kind: BodyKind, mediaType: MediaType): boolean;
  /**
   * Whether a value of `kind` can be written as `mediaType`. `mediaType` may be a range such as
   * `application/*`: the answer is whether some supported type it is compatible with fits.
   */
  canWrite(kind: BodyKind, mediaType: MediaType): boolean;
  /**
   * Reads a request body. Rejects with an {@link express-represent!HttpError} (400 for malformed or unsafe bodies,
   * 415 for an unsupported charset) when the body cannot be read.
   */
  read(body: Buffer, options: ReadOptions): Promise<unknown>;
  /**
   * Reads a request body as it arrives, for formats too large to hold in memory (uploads). When a
   * converter has it, the router calls it instead of {@link read}, with the body still unread
   * (or, read by a body parser before the router, as a stream of what was read). It must count the
   * bytes against `options.limit`, and stop reading when it rejects: the router throws the rest away.
   */
  readStream?(body: Readable, options: StreamReadOptions): Promise<unknown>;
  /**
   * Writes a value, synchronously or as a promise. Throws (or rejects with) a `TypeError` when the
   * value cannot be represented in the format. A converter that needs no I/O should answer
   * synchronously: the router then writes the response in the same turn, without a microtask.
   */
  write(value: unknown, options: WriteOptions): WrittenBody | Promise<WrittenBody>;
}
