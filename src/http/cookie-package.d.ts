/**
 * The part of jshttp's `cookie` package (0.7, which ships no types) that the library uses: its
 * parser of a Cookie request header (RFC 6265 section 5.4).
 */
declare module 'cookie' {
  /** Options of {@link parse}. */
  export interface ParseOptions {
    /** Decodes each value; default `decodeURIComponent`, keeping a value that does not decode as sent. */
    decode?(value: string): string;
  }
  /** The cookies of a Cookie header, by name; the first of a repeated name wins. */
  export function parse(header: string, options?: ParseOptions): Record<string, string>;
}
