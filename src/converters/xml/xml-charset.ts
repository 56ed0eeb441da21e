import type { MediaType } from '../../http/media-type';
import type { WrittenBody } from '../body-converter';
import { type WritableCharset, charsetOf, decodeText, encodeText, writableCharset } from '../charset';
import type { WriteTarget } from '../write-targets';
import { lineAndColumn, malformedBody } from '../malformed-body';
import { codePointName, invalidXmlCharAt } from './xml-characters';

const DECLARATION = /^\s*<\?xml\s[\s\S]*?\?>\s*/;
const DECLARED_ENCODING = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/;

/**
 * The charset of an XML body, in the order RFC 7303 section 3.2 gives XML-aware recipients: a
 * byte order mark, then the `charset` parameter, then the encoding declaration (XML 1.0 section
 * 4.3.3 and appendix F), then UTF-8.
 */
export function xmlCharset(body: Uint8Array, mediaType: MediaType): string {
  const [b0, b1, b2, b3] = body;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return 'utf-8';
  if (b0 === 0xfe && b1 === 0xff) return 'utf-16be';
  if (b0 === 0xff && b1 === 0xfe) return 'utf-16le';
  const parameter = charsetOf(mediaType);
  if (parameter !== undefined) return parameter;
  if (b0 === 0x3c && b1 === 0x00 && b2 === 0x3f && b3 === 0x00) return 'utf-16le';
  if (b0 === 0x00 && b1 === 0x3c && b2 === 0x00 && b3 === 0x3f) return 'utf-16be';
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, 256)).toString('latin1');
  return DECLARED_ENCODING.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
}

/**
 * Decodes an XML body in its charset (see {@link xmlCharset}); 400 for bytes that do not decode,
 * and for a character XML 1.0 allows nowhere (a control character, U+FFFE, a lone surrogate): such
 * a document is not well-formed, and what it carries could not be written as XML again.
 */
export function decodeXml(body: Uint8Array, mediaType: MediaType, format = 'XML'): string {
  const text = decodeText(body, xmlCharset(body, mediaType), format);
  const invalid = invalidXmlCharAt(text);
  if (invalid !== -1) throw malformedBody(format, `a character XML does not allow (${codePointName(text, invalid)})`, lineAndColumn(text, invalid));
  return text;
}

/** The XML declaration for a document written in `charset`. */
export function xmlDeclaration(charset: string): string {
  return `<?xml version="1.0" encoding="${charset.toUpperCase()}"?>`;
}

/** The declaration of each charset a document can be written in, made once. */
const DECLARATIONS: Readonly<Record<WritableCharset, string>> = {
  'utf-8': xmlDeclaration('utf-8'),
  'iso-8859-1': xmlDeclaration('iso-8859-1'),
  'us-ascii': xmlDeclaration('us-ascii'),
  'utf-16le': xmlDeclaration('utf-16le'),
  'utf-16be': xmlDeclaration('utf-16be'),
};

/**
 * Encodes an XML document (without declaration) in the target's charset, or UTF-8 when that
 * cannot carry the text, and prepends a declaration naming the charset actually used, so that
 * the declaration and the Content-Type agree (RFC 7303 section 3.2).
 */
export function writeXmlText(document: string, target: WriteTarget): WrittenBody {
  const charset = writableCharset(document, target.charset);
  const encoded = encodeText(`${DECLARATIONS[charset]}${document}`, charset);
  return { body: encoded.body, contentType: target.contentType(encoded.charset) };
}

/**
 * A serialized document without its XML declaration, whose encoding may no longer be true once
 * {@link writeXmlText} encodes it: that adds one naming the charset actually used.
 */
export function stripXmlDeclaration(text: string): string {
  return text.replace(DECLARATION, '');
}
