import { TextDecoder } from 'node:util';
import { UnsupportedMediaType } from '../errors/http-error';
import { ProblemType } from '../errors/problem-types';
import { type WritableCharset, canonicalCharset as canonical } from '../http/charset-label';
import type { MediaType } from '../http/media-type';
import { malformedBody } from './malformed-body';

/** The charset of textual bodies that do not name one: UTF-8 (RFC 8259 section 8.1, RFC 6657 section 4). */
export const DEFAULT_CHARSET = 'utf-8';

/** The `charset` parameter of a media type, lower-cased, or `undefined`. */
export function charsetOf(mediaType: MediaType): string | undefined {
  const charset = mediaType.parameters['charset'];
  return charset === undefined || charset === '' ? undefined : charset.toLowerCase();
}

export type { WritableCharset };

const WINDOWS_1252 = new Set(['windows-1252', 'cp1252', 'x-cp1252']);

const decoders = new Map<string, TextDecoder>();
const bomKeepingDecoders = new Map<string, TextDecoder>();

function decoderFor(charset: string, keepBom = false): TextDecoder | undefined {
  const cache = keepBom ? bomKeepingDecoders : decoders;
  let decoder = cache.get(charset);
  if (decoder === undefined) {
    try {
      // fatal: undecodable bytes are an error, not U+FFFD (the body was not what it claimed).
      decoder = new TextDecoder(charset, { fatal: true, ignoreBOM: keepBom });
    } catch {
      return undefined;
    }
    if (decoders.size + bomKeepingDecoders.size < 64) cache.set(charset, decoder);
  }
  return decoder;
}

/** Whether text in this charset can be read. */
export function isDecodable(charset: string): boolean {
  return canonical(charset) !== undefined || WINDOWS_1252.has(charset) || decoderFor(charset) !== undefined;
}

// windows-1252 bytes 0x80-0x9F (WHATWG Encoding Standard index); the rest is ISO-8859-1.
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(body: Uint8Array): string {
  const latin1 = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/**
 * The 415 for a charset that cannot be decoded: the media type with that parameter is one the
 * server does not support (RFC 9110 section 15.5.16).
 */
export function unsupportedCharset(charset: string): UnsupportedMediaType {
  return new UnsupportedMediaType(`The charset '${charset}' is not supported.`, { type: ProblemType.unsupportedMediaType });
}

/** How {@link decodeText} decodes. */
export interface DecodeOptions {
  /**
   * Keep a leading U+FEFF as text instead of skipping it as a byte order mark: for a part of a body
   * rather than a whole one (a form field, which the WHATWG URL Standard decodes "without BOM").
   */
  readonly keepBom?: boolean;
}

/**
 * Decodes a body's bytes in `charset` (a leading byte order mark is skipped, unless `keepBom`). Rejects with 400
 * (`malformedBody`) when the bytes are not valid in that charset, and with 415 when the charset is
 * unknown: the media type with that parameter is one the server does not support (RFC 9110
 * section 15.5.16).
 */
export function decodeText(body: Uint8Array, charset: string = DEFAULT_CHARSET, format = 'text', options?: DecodeOptions): string {
  const known = canonical(charset);
  if (known === 'iso-8859-1') return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
  if (known === 'us-ascii') {
    const offset = body.findIndex((byte) => byte > 0x7f);
    if (offset !== -1) throw malformedBody(format, 'it is not valid US-ASCII: a byte above 0x7F', { offset });
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
  }
  // Node 20's TextDecoder decodes windows-1252 as ISO-8859-1 (nodejs/node#56542): mapped here.
  if (WINDOWS_1252.has(charset)) return decodeWindows1252(body);
  const decoder = decoderFor(known ?? charset, options?.keepBom === true);
  if (decoder === undefined) throw unsupportedCharset(charset);
  try {
    return decoder.decode(body);
  } catch (error) {
    const offset = known === 'utf-8' ? firstInvalidUtf8(body) : undefined;
    throw malformedBody(
      format,
      `it is not valid ${(known ?? charset).toUpperCase()}`,
      offset === undefined ? undefined : { offset },
      error,
    );
  }
}

/** Bytes and the charset they were written in. */
export interface EncodedText {
  /** The encoded text. */
  readonly body: Buffer;
  /** The charset the bytes are in, for the `charset` parameter of Content-Type (RFC 9110 section 8.3.2). */
  readonly charset: WritableCharset;
}

/**
 * The charset text will be written in: the wanted one when Node can encode it and it represents
 * every character, UTF-8 otherwise. The Content-Type then names UTF-8, which every client reads,
 * rather than a charset the body is not in.
 */
export function writableCharset(text: string, wanted: string = DEFAULT_CHARSET): WritableCharset {
  const known = canonical(wanted.toLowerCase());
  if (known === 'iso-8859-1') return /[^\u0000-\u00ff]/.test(text) ? 'utf-8' : known;
  if (known === 'us-ascii') return /[^\u0000-\u007f]/.test(text) ? 'utf-8' : known;
  return known ?? 'utf-8';
}

/** Encodes text in the charset `writableCharset(text, wanted)` picks. */
export function encodeText(text: string, charset: string = DEFAULT_CHARSET): EncodedText {
  const actual = writableCharset(text, charset);
  switch (actual) {
    case 'iso-8859-1':
    case 'us-ascii':
      return { body: Buffer.from(text, 'latin1'), charset: actual };
    case 'utf-16le':
      return { body: Buffer.from(text, 'utf16le'), charset: actual };
    case 'utf-16be':
      return { body: Buffer.from(text, 'utf16le').swap16(), charset: actual };
    default:
      return { body: Buffer.from(text, 'utf8'), charset: 'utf-8' };
  }
}

/** The byte offset of the first invalid UTF-8 sequence (RFC 3629 section 4), for error details. */
export function firstInvalidUtf8(bytes: Uint8Array): number | undefined {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let length: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) {
      length = 2;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      min = 0x10000;
    } else return i;
    if (i + length > bytes.length) return i;
    let code = b & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k]!;
      if ((next & 0xc0) !== 0x80) return i;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += length;
  }
  return undefined;
}
