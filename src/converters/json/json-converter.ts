import type { MediaType } from '../../http/media-type';
import { type BodyConverter, DEFAULT_MAX_STRUCTURES, type ReadOptions, type WriteOptions, type WrittenBody } from '../body-converter';
import type { BodyKind } from '../body-kind';
import { ContentTooLarge } from '../../errors/http-error';
import { ProblemType } from '../../errors/problem-types';
import { DEFAULT_CHARSET, charsetOf, decodeText, encodeText } from '../charset';
import { mayContainForbiddenKey, scanJsonNesting } from './json-depth';
import { locateJsonError } from './json-syntax-error';
import { lineAndColumn, malformedBody, rejectedBody } from '../malformed-body';
import { concreteWriteType, contentTypeOf, mediaTypes, supportsRead, supportsWrite } from '../media-type-support';
import { dropForbiddenKeys } from '../prototype-safety';
import { Utf8Body } from '../utf8-body';

/** Options of {@link JsonConverter}. */
export interface JsonConverterOptions {
  /** Indentation of written JSON (as for `JSON.stringify`); none by default. */
  readonly space?: number | string;
}

/** The concrete type a negotiated type is written as, its charset, and the Content-Type per charset used. */
interface WriteTarget {
  readonly mediaType: MediaType;
  readonly charset: string | undefined;
  readonly contentTypes: Map<string, string>;
}

/**
 * Objects (any JSON value) from and to `application/json` and every `application/*+json`
 * (RFC 8259; the suffix, RFC 6839 section 3.1), and strings to them, as JSON strings (a string
 * is a JSON text, RFC 8259 section 2): a string read from JSON is its raw text (the text
 * converter reads it first). Reading refuses bodies nested deeper than the depth limit (400) or
 * holding more objects and arrays than the structure limit (413), and drops the keys `__proto__`,
 * `constructor` and `prototype` wherever they occur.
 */
export class JsonConverter implements BodyConverter {
  readonly name = 'json';
  readonly supportedMediaTypes: readonly MediaType[] = mediaTypes('application/json', 'application/*+json');
  readonly #space: number | string | undefined;

  constructor(options: JsonConverterOptions = {}) {
    this.#space = options.space;
  }

  canRead(kind: BodyKind, mediaType: MediaType): boolean {
    return kind === 'object' && supportsRead(this.supportedMediaTypes, mediaType);
  }

  canWrite(kind: BodyKind, mediaType: MediaType): boolean {
    return (kind === 'object' || kind === 'string') && supportsWrite(this.supportedMediaTypes, mediaType);
  }

  async read(body: Buffer, options: ReadOptions): Promise<unknown> {
    // RFC 8259 section 8.1: JSON is UTF-8; a charset parameter has no effect on compliant
    // recipients, but one that says otherwise is honoured, as senders that add it mean it.
    const text = decodeText(body, charsetOf(options.mediaType) ?? DEFAULT_CHARSET, 'JSON');
    const maxStructures = options.maxStructures ?? DEFAULT_MAX_STRUCTURES;
    const scan = scanJsonNesting(text, options.maxDepth, maxStructures);
    if (scan.exceeded === 'depth') throw rejectedBody('JSON', `it nests deeper than ${options.maxDepth} levels (at position ${scan.offset})`);
    if (scan.exceeded === 'structures') throw tooManyStructures(maxStructures, scan.offset);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw malformedJson(text, error);
    }
    // A walk of the parsed value only when the text spells a forbidden key: a reviver would cost
    // a call per member of every body holding a `\u` escape (3 times the parse).
    return mayContainForbiddenKey(text) ? dropForbiddenKeys(value) : value;
  }

  write(value: unknown, options: WriteOptions): WrittenBody {
    const text = JSON.stringify(value, null, this.#space);
    if (text === undefined) throw new TypeError(`A ${typeof value} cannot be written as JSON`);
    const target = this.#targetOf(options.mediaType);
    // UTF-8, JSON's own encoding (RFC 8259 section 8.1), unless the type asks for another: kept as
    // text, encoded once when it is written to the socket.
    if (target.charset === undefined || target.charset === DEFAULT_CHARSET) return new Utf8Body(text, this.#contentType(target, DEFAULT_CHARSET));
    const encoded = encodeText(text, target.charset);
    return { body: encoded.body, contentType: this.#contentType(target, encoded.charset) };
  }

  /** The Content-Type of a target written in `charset`, worked out once per target and charset. */
  #contentType(target: WriteTarget, charset: string): string {
    let contentType = target.contentTypes.get(charset);
    if (contentType === undefined) target.contentTypes.set(charset, (contentType = contentTypeOf(target.mediaType, charset)));
    return contentType;
  }

  /** What a negotiated type is written as, worked out once per type object (routes reuse theirs). */
  #targetOf(wanted: MediaType): WriteTarget {
    let target = this.#targets.get(wanted);
    if (target === undefined) {
      const mediaType = concreteWriteType(this.supportedMediaTypes, wanted);
      target = { mediaType, charset: charsetOf(mediaType), contentTypes: new Map() };
      this.#targets.set(wanted, target);
    }
    return target;
  }

  readonly #targets = new WeakMap<MediaType, WriteTarget>();
}

function malformedJson(text: string, error: unknown): Error {
  if (!(error instanceof SyntaxError)) return error as Error;
  const located = locateJsonError(text);
  if (located === undefined) return malformedBody('JSON', error.message, undefined, error);
  return malformedBody('JSON', located.reason, { offset: located.offset, ...lineAndColumn(text, located.offset) }, error);
}

/**
 * The 413 for a body of more objects and arrays than the limit: each costs the parser an
 * allocation, so the count is a size like the body's bytes (RFC 9110 section 15.5.14), answered as
 * the multipart limits are, naming the limit passed (`exceeded`) and its value (`limit`).
 */
function tooManyStructures(limit: number, offset: number): ContentTooLarge {
  return new ContentTooLarge(`The JSON body holds more objects and arrays than the limit of ${limit} (the one past it at position ${offset})`, {
    type: ProblemType.bodyTooLarge,
    extensions: { limit, exceeded: 'structures' },
  });
}
