// Labels Node can encode and decode itself. ISO-8859-1 is decoded by Node rather than TextDecoder,
// because the WHATWG Encoding Standard maps that label to windows-1252, which differs at 0x80-0x9F.
const LATIN1 = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'iso_8859-1:1987', 'latin1', 'l1', 'iso-ir-100', 'cp819', 'ibm819', 'csisolatin1']);
const ASCII = new Set(['us-ascii', 'ascii', 'ansi_x3.4-1968', 'iso646-us', 'us', 'cp367', 'ibm367', 'csascii']);
const UTF8 = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);
const UTF16LE = new Set(['utf-16le', 'utf-16']);
const UTF16BE = new Set(['utf-16be']);

/** The charsets Node encodes itself. */
export type WritableCharset = 'utf-8' | 'iso-8859-1' | 'us-ascii' | 'utf-16le' | 'utf-16be';

/** The charset a label names, among those Node encodes itself (`utf8` is `utf-8`); `undefined` for others. Labels are lower-case. */
export function canonicalCharset(charset: string): WritableCharset | undefined {
  if (UTF8.has(charset)) return 'utf-8';
  if (LATIN1.has(charset)) return 'iso-8859-1';
  if (ASCII.has(charset)) return 'us-ascii';
  if (UTF16LE.has(charset)) return 'utf-16le';
  if (UTF16BE.has(charset)) return 'utf-16be';
  return undefined;
}
